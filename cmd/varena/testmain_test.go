package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// varenaBuild is the varena binary built once for all tests of the
// package (each build costs seconds of both cores); TestMain removes it.
var varenaBuild struct {
	once     sync.Once
	dir, bin string
	err      error
}

// buildVarena returns the varena binary, built on first use.
func buildVarena(t *testing.T) string {
	t.Helper()
	varenaBuild.once.Do(func() {
		dir, err := os.MkdirTemp("", "varena-test-")
		if err != nil {
			varenaBuild.err = err
			return
		}
		varenaBuild.dir = dir
		bin := filepath.Join(dir, "varena")
		if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
			varenaBuild.err = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		varenaBuild.bin = bin
	})
	if varenaBuild.err != nil {
		t.Fatal(varenaBuild.err)
	}
	return varenaBuild.bin
}

// TestMain puts varena itself on the PATH of the doc scripts
// (docs_test.go): run by a script, this binary is varena's main.
func TestMain(m *testing.M) {
	testscript.Main(cleanup{m}, map[string]func(){"varena": main, "cutechess-cli": main})
}

// cleanup removes the binary built for the tests after they ran.
type cleanup struct{ m *testing.M }

func (c cleanup) Run() int {
	code := c.m.Run()
	if varenaBuild.dir != "" {
		os.RemoveAll(varenaBuild.dir)
	}
	return code
}
