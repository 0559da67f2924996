package rundir

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestOwn: Own claims, makes and locks a directory; Discard takes away
// what the writer made and no more; Close keeps it.
func TestOwn(t *testing.T) {
	tests := []struct {
		name    string
		before  []string // entries of the directory before; nil: missing
		discard bool
		want    []string // entries after; nil: missing
	}{
		{"missing, discarded", nil, true, nil},
		{"empty, discarded", []string{}, true, []string{}},
		// A resume that fails keeps all: it cannot tell its files from
		// the interrupted run's.
		{"held, discarded", []string{JournalFile}, true, []string{JournalFile, "made", LockFile, readersFile}},
		{"missing, closed", nil, false, []string{"made", LockFile, readersFile}},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			if c.before != nil {
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				for _, f := range c.before {
					if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			d, err := Own(dir, true, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Own(dir, true, nil); !errors.Is(err, ErrLocked) {
				t.Errorf("a second Own: %v, want ErrLocked", err)
			}
			if err := os.WriteFile(filepath.Join(dir, "made"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
			if c.discard {
				err = d.Discard()
			} else {
				err = d.Close()
			}
			if err != nil {
				t.Fatal(err)
			}
			entries, err := os.ReadDir(dir)
			if c.want == nil {
				if !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("the directory is still there: %v %v", entries, err)
				}
				return
			}
			var got []string
			for _, e := range entries {
				got = append(got, e.Name())
			}
			if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(c.want))) && !(len(got) == 0 && len(c.want) == 0) {
				t.Errorf("entries %v, want %v", got, c.want)
			}
		})
	}
}

// TestOwnRefusesStranger: a directory holding another program's files is
// refused, and left as it was.
func TestOwnRefusesStranger(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Own(dir, false, []string{JournalFile}); err == nil {
		t.Fatal("a stranger's directory was claimed")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "notes.txt" {
		t.Errorf("entries %v", entries)
	}
}
