package fairy

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestKeysOf111 checks the key table against the 11.1 binary: a key marked
// as read by 11.1 (since "" or "11.1") must be a string in it, and a key
// marked "new" must not be one of its known keys.
func TestKeysOf111(t *testing.T) {
	bin, err := os.ReadFile(fsfPath)
	if err != nil {
		t.Skipf("Fairy-Stockfish is not installed at %s: %v", fsfPath, err)
	}
	has := func(k string) bool { return bytes.Contains(bin, append([]byte(k), 0)) }
	for _, k := range keyTable {
		switch {
		case k.since == "new" && has(k.name):
			t.Errorf("%s is marked new but 11.1 has the string", k.name)
		case k.since != "new" && !has(k.name) && k.name != "pass" && !strings.HasPrefix(k.name, "mobilityRegion"):
			// "pass" is also an XBoard word in 11.1; 11.1 makes the
			// mobility keys from the piece names at run time.
			t.Errorf("%s is not in 11.1; mark it new", k.name)
		}
	}
}
