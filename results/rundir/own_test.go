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

// TestOwnFile: OwnFile makes the file's folders and locks it; a second
// owner is refused; Discard takes away what the writer made (the file
// when new, its lock, the folders) and keeps a file that was there;
// Close keeps everything.
func TestOwnFile(t *testing.T) {
	tests := []struct {
		name     string
		existing bool // the file is there before
		discard  bool
		want     []string // what remains under the root, relative; nil: nothing
	}{
		{"new, discarded", false, true, nil},
		{"new, closed", false, false, []string{"a", "a/b", "a/b/data.epd", "a/b/data.epd" + DataLockSuffix}},
		{"existing, discarded", true, true, []string{"a", "a/b", "a/b/data.epd", "a/b/data.epd" + DataLockSuffix}},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			path := filepath.Join(root, "a", "b", "data.epd")
			if c.existing {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte("kept\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			f, err := OwnFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := OwnFile(path); !errors.Is(err, ErrLocked) {
				t.Errorf("a second OwnFile: %v, want ErrLocked", err)
			}
			if err := os.WriteFile(path, []byte("written\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if c.discard {
				err = f.Discard()
			} else {
				err = f.Close()
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			filepath.WalkDir(root, func(p string, _ os.DirEntry, err error) error {
				if err == nil && p != root {
					rel, _ := filepath.Rel(root, p)
					got = append(got, filepath.ToSlash(rel))
				}
				return nil
			})
			if !slices.Equal(got, c.want) {
				t.Errorf("left %v, want %v", got, c.want)
			}
		})
	}
}
