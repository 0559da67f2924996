package variants

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// fsfFile is the variants.ini of Fairy-Stockfish's source at commit
// c19b5f6, kept beside the checkout (../shared relative to it, as in CI).
const fsfFile = "../../../shared/fairy-stockfish/fsf-variants-c19b5f6.ini"

// fsfFilePlayable is how many of the file's 143 sections play today
// (docs/variants-file.md lists the refused ones with their reasons); the
// test fails when fewer do.
const fsfFilePlayable = 140

// TestFSFVariantsFile: Fairy-Stockfish's own variants.ini loads whole, as
// Fairy-Stockfish loads it (warnings for its repeated keys), each refused
// section with a reason of one line, and no fewer sections play than
// before.
func TestFSFVariantsFile(t *testing.T) {
	path, _ := filepath.Abs(fsfFile)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no %s beside the checkout: %v", fsfFile, err)
	}
	set, err := LoadSet(path)
	if err != nil {
		t.Fatal(err)
	}
	vs, refused, warns := set.Loaded(), set.Refused(), set.Warnings()
	for _, w := range warns {
		t.Logf("warning: %v", w)
	}
	names := make([]string, 0, len(refused))
	for n := range refused {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("refused %s: %v", n, refused[n])
	}
	t.Logf("%d sections play, %d refused", len(vs), len(refused))
	if len(vs) < fsfFilePlayable {
		t.Errorf("%d sections play, fewer than %d", len(vs), fsfFilePlayable)
	}
}
