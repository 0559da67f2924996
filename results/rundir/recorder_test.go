package rundir

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
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

// Games that finish out of id order (several workers, a resume) end in
// games.pgn in id order, the same file a rewrite from the journal gives;
// with a PGN write lost, Finish reads the journal instead.
func TestFinishOrdersPGN(t *testing.T) {
	game := func(id int) results.Game {
		return results.Game{ID: id, Round: 1, Pair: id/2 + 1, White: "a", Black: "b", Result: results.Draw,
			Termination: "adjudication", Variant: "extinction", Event: "order",
			StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", StartIsInitial: true}
	}
	for _, tt := range []struct {
		name            string
		resumed, played []int
		lose            bool
	}{
		{name: "in order", played: []int{0, 1, 2, 3}},
		{name: "out of order", played: []int{2, 0, 3, 1}},
		{name: "resumed", resumed: []int{3, 0}, played: []int{1, 4, 2}},
		{name: "a write lost", played: []int{2, 0, 1}, lose: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			meta := Meta{Name: "order"}
			record := func(ids []int, lose bool) *Recorder {
				rec, err := OpenRecorder(dir, meta, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				for i, id := range ids {
					if lose && i == 1 {
						rec.lost = true // as a failed write leaves it
					}
					if _, err := rec.Record(game(id)); err != nil {
						t.Fatal(err)
					}
				}
				return rec
			}
			if tt.resumed != nil {
				rec := record(tt.resumed, false)
				rec.CloseJournal()
				rec.Abandon()
			}
			rec := record(tt.played, tt.lose)
			if err := rec.CloseJournal(); err != nil {
				t.Fatal(err)
			}
			sum, err := rec.Summary()
			if err != nil {
				t.Fatal(err)
			}
			if err := rec.Finish(sum); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(dir, PGNFile))
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			for _, id := range slices.Sorted(slices.Values(append(slices.Clone(tt.resumed), tt.played...))) {
				if err := results.WritePGN(&want, game(id)); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(got, want.Bytes()) {
				t.Errorf("games.pgn:\n%s\nwant:\n%s", got, want.Bytes())
			}
		})
	}
}
