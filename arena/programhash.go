package arena

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"

	"varena/results"
)

// programHash is the content hash of the program file at path, so that a
// rebuilt engine at the same path is another engine; "" when it cannot be
// read (starting it will say why).
//
// An engine binary can be large (Stockfish with its network: 47 MB, 30 ms
// of hashing, a quarter of the harness's CPU in a short run), so the hash
// is kept in the user's cache directory under the file's identity: its
// device, inode, size, and modification and change times in nanoseconds.
// Rewriting the file changes its change time, which no user command can
// set back, so a kept hash is never of other content.
func programHash(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	cached := programCachePath(path, fi)
	if cached != "" {
		if b, err := os.ReadFile(cached); err == nil && strings.HasPrefix(string(b), "sha256:") && len(b) == len("sha256:")+16 {
			return string(b)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	sum := "sha256:" + hex.EncodeToString(h.Sum(nil))[:16]
	if cached != "" && os.MkdirAll(filepath.Dir(cached), 0o755) == nil {
		results.WriteFileAtomic(cached, func(w io.Writer) error { // a failure only costs the next run the hashing
			_, err := io.WriteString(w, sum)
			return err
		})
	}
	return sum
}

// programCachePath is where programHash keeps the hash of the file at
// path with info fi; "" where there is no cache directory or no identity.
func programCachePath(path string, fi os.FileInfo) string {
	ident, ok := fileIdentity(fi)
	dir, err := os.UserCacheDir()
	if !ok || err != nil {
		return ""
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	key := sha256.Sum256([]byte(abs + "\x00" + ident))
	return filepath.Join(dir, "varena", "programs", hex.EncodeToString(key[:16]))
}
