package results

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// scanAll reads data with ScanPGN's parser at lookahead look, through a
// reader that returns half of what is asked, so that the window is
// refilled at every place a game, comment or token can be cut.
func scanAll(data []byte, look int) ([]PGNGame, error) {
	var games []PGNGame
	err := scanPGN(iotest.HalfReader(bytes.NewReader(data)), func(g PGNGame) error {
		games = append(games, g)
		return nil
	}, look)
	return games, err
}

// sameScan checks that a window of look bytes reads data as the whole
// file at once does: the same games, or the same error, unless the small
// window refused a token longer than itself.
func sameScan(t *testing.T, data []byte, look int) {
	t.Helper()
	want, wantErr := scanAll(data, len(data)+1)
	got, err := scanAll(data, look)
	if err != nil && strings.Contains(err.Error(), fmt.Sprintf("longer than %d bytes", look)) {
		return
	}
	if fmt.Sprint(err) != fmt.Sprint(wantErr) {
		t.Fatalf("lookahead %d: error %v, whole: %v", look, err, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("lookahead %d: %d games differ from the %d read whole", look, len(got), len(want))
	}
}

// TestScanPGNWindow: the parser's window reads the test files, cut at
// every size of window, as they read whole.
func TestScanPGNWindow(t *testing.T) {
	for _, name := range []string{"testdata/cutechess.pgn", "testdata/fastchess.pgn"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, look := range []int{40, 64, 100, 257, 1000, 4096} {
			sameScan(t, data, look)
		}
	}
	// Long runs of white space and escape lines cross the window too.
	data := []byte("[Event \"a\"]\n" + strings.Repeat(" \n", 300) + "% " + strings.Repeat("x", 500) + "\n1. e4 e5 1-0\n")
	sameScan(t, data, 64)
	if games, err := scanAll(data, 64); err != nil || len(games) != 1 || len(games[0].Moves) != 2 {
		t.Errorf("white space and an escape line across the window: %v, %+v", err, games)
	}
	// A comment longer than the lookahead is refused, with its line.
	_, err := scanAll([]byte("1. e4 {"+strings.Repeat("c", 200)+"} e5 *\n"), 64)
	if err == nil || err.Error() != "pgn: line 1: comment longer than 64 bytes" {
		t.Errorf("a long comment: %v", err)
	}
}

// TestScanPGNStops: an error of the callback ends the scan and is
// returned as it is.
func TestScanPGNStops(t *testing.T) {
	stop := errors.New("enough")
	n := 0
	err := ScanPGN(strings.NewReader("1. e4 1-0\n1. d4 0-1\n1. c4 *\n"), func(PGNGame) error {
		n++
		if n == 2 {
			return stop
		}
		return nil
	})
	if err != stop || n != 2 {
		t.Errorf("ScanPGN: %v after %d games, want %v after 2", err, n, stop)
	}
}
