package configs

import (
	"varena/engines/yamlfile"

	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileSizeBound: a run, tune or SPSA file beyond yamlfile.MaxFileSize (a 100
// MB comment took 674 MB and 14.5 s) is refused with the bound before it
// is parsed, and a file at the bound is read.
func TestFileSizeBound(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	comment := "# " + strings.Repeat("x", yamlfile.MaxFileSize) + "\n"
	if err := os.WriteFile(big, []byte(comment), 0o644); err != nil {
		t.Fatal(err)
	}
	want := big + ": larger than 1048576 bytes (1 MiB), the most a config or weights file may hold"
	for name, load := range map[string]func(string) error{
		"Load":     func(p string) error { _, err := Load(p, Checker{}); return err },
		"LoadTune": func(p string) error { _, err := LoadTune(p, Checker{}); return err },
		"LoadSPSA": func(p string) error { _, err := LoadSPSA(p, Checker{}); return err },
		"ReadFile": func(p string) error { _, err := yamlfile.ReadFile(p); return err },
	} {
		if err := load(big); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", name, err, want)
		}
	}
	if _, err := Parse("data", []byte(comment), Checker{}); err == nil || !strings.Contains(err.Error(), "data: larger than") {
		t.Errorf("Parse: %v", err)
	}
	small := filepath.Join(dir, "small.yaml")
	if err := os.WriteFile(small, []byte(comment[:yamlfile.MaxFileSize-1]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := yamlfile.ReadFile(small); err != nil || len(data) != yamlfile.MaxFileSize {
		t.Errorf("ReadFile at the bound: %d bytes, %v", len(data), err)
	}
}
