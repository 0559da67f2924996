package arena

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A kept hash is of the program's content: rewriting the file, even to
// the same size and modification time, gives the new content's hash.
func TestProgramHashCache(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	path := filepath.Join(t.TempDir(), "engine")
	write := func(content string, mtime time.Time) {
		t.Helper()
		if err := os.WriteFile(path, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	when := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	write("engine one", when)
	first := programHash(path)
	if first == "" || programHash(path) != first {
		t.Fatalf("hash %q, then %q", first, programHash(path))
	}
	if cached := programCachePath(path, stat(t, path)); cached != "" {
		if _, err := os.Stat(cached); err != nil {
			t.Errorf("no cached hash: %v", err)
		}
	}
	time.Sleep(10 * time.Millisecond) // a change time of its own
	write("engine two", when)         // same size, same modification time
	if second := programHash(path); second == first || second == "" {
		t.Errorf("rewritten program: hash %q, first %q", second, first)
	}
	if programHash(filepath.Join(t.TempDir(), "missing")) != "" {
		t.Error("a missing program has a hash")
	}
}

func stat(t *testing.T, path string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}
