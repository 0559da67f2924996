package rundir

import (
	"errors"
	"path/filepath"
	"testing"

	"varena/results"
)

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func (failingWriter) Close() error { return nil }

// TestRecordCountsJournaledGames: a game the journal holds is counted
// even when its PGN cannot be written, so that the games played that a
// failing run reports are those of its journal.
func TestRecordCountsJournaledGames(t *testing.T) {
	j, _, err := results.OpenJournal(filepath.Join(t.TempDir(), JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	c := &Recorder{journal: j, pgn: failingWriter{}, tally: NewTally(Meta{Name: "x"})}
	g := results.Game{ID: 1, Pair: 1, White: "a", Black: "b", Result: results.WhiteWins, Variant: "extinction"}
	counted, err := c.Record(g)
	if !counted || err == nil {
		t.Fatalf("record: counted %v, %v; want counted and the PGN's error", counted, err)
	}
	if n := c.tally.Played(); n != 1 {
		t.Errorf("the tally counts %d games, the journal 1", n)
	}
}
