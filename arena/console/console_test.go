package console

import (
	"strings"
	"testing"

	"varena/arena"
	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// game is a finished game of pair (id+1)/2, white first.
func game(id int, white, black, result, term string) results.Game {
	return results.Game{ID: id, Pair: (id + 1) / 2, White: white, Black: black, Result: result, Termination: term}
}

// TestFastchessLines: the lines and their order for a match of two
// pairs, one game of the second pair finished first; a results block
// comes only with a finished pair, and End repeats none.
func TestFastchessLines(t *testing.T) {
	var b strings.Builder
	sprt := stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: stats.Normalized}
	w := New(&b, Options{Format: Fastchess, RatingInterval: 2, Engines: []string{"new", "base"},
		Labels: map[string]EngineLabel{"new": {TC: "10+0.1", Hash: "16MB"}, "base": {TC: "10+0.1", Hash: "16MB"}},
		Book:   "books/UHO.epd"})
	w.Started(rundir.Meta{Total: 4, SPRT: &sprt}, 4, nil)
	w.Moved(arena.LiveMove{Game: arena.GameSpec{ID: 1, White: "new", Black: "base"}})
	w.Moved(arena.LiveMove{Game: arena.GameSpec{ID: 1, White: "new", Black: "base"}, Ply: 1}) // not a start
	w.Finished(game(1, "new", "base", results.WhiteWins, results.TermExtinction))
	w.Finished(game(3, "new", "base", results.Draw, results.TermRepetition))
	w.Finished(game(2, "base", "new", results.WhiteWins, results.TermTimeForfeit))
	w.Finished(game(4, "base", "new", results.BlackWins, results.TermIllegalMove))
	w.End()
	want := `Started game 1 of 4 (new vs base)
Finished game 1 (new vs base): 1-0 {White wins by extinction}
Finished game 3 (new vs base): 1/2-1/2 {Draw by 3-fold repetition}
Finished game 2 (base vs new): 1-0 {Black loses on time}
--------------------------------------------------
Results of new vs base (10+0.1, NULL, 16MB, UHO.epd):
Elo: 0.00 +/- 441.16, nElo: 0.00 +/- 593.19
LOS: 50.00 %, DrawRatio: 100.00 %, PairsRatio: nan
Games: 2, Wins: 1, Losses: 1, Draws: 0, Points: 1.0 (50.00 %)
Ptnml(0-2): [0, 0, 1, 0, 0], WL/DD Ratio: inf
LLR: 0.00 (0.0%) (-2.94, 2.94) [0.00, 5.00]
--------------------------------------------------
Finished game 4 (base vs new): 0-1 {White makes an illegal move}
Warning; Illegal move played by base
--------------------------------------------------
Results of new vs base (10+0.1, NULL, 16MB, UHO.epd):
`
	got := b.String()
	if !strings.HasPrefix(got, want) {
		t.Fatalf("got:\n%s\nwant it to begin with:\n%s", got, want)
	}
	rest := strings.Split(strings.TrimPrefix(got, want), "\n")
	wantRest := []string{
		"Elo: ", "LOS: ",
		"Games: 4, Wins: 2, Losses: 1, Draws: 1, Points: 2.5 (62.50 %)",
		"Ptnml(0-2): [0, 0, 1, 1, 0], WL/DD Ratio: inf",
		"LLR: ", "-----", "Finished match", ""}
	if len(rest) != len(wantRest) {
		t.Fatalf("after the first block:\n%s", strings.Join(rest, "\n"))
	}
	for i, p := range wantRest {
		if !strings.HasPrefix(rest[i], p) || (p == "" && rest[i] != "") {
			t.Errorf("line %q, want %q...", rest[i], p)
		}
	}
}

// TestCutechessLines: cutechess-cli's score line after each game and the
// per-colour lines with Elo at the rating interval.
func TestCutechessLines(t *testing.T) {
	var b strings.Builder
	w := New(&b, Options{Format: Cutechess, RatingInterval: 2, Engines: []string{"a", "b"}})
	w.Started(rundir.Meta{Total: 2}, 2, nil)
	w.Finished(game(1, "a", "b", results.WhiteWins, results.TermCheckmate))
	w.Finished(game(2, "b", "a", results.Draw, results.TermFiftyMoves))
	w.End()
	want := `Finished game 1 (a vs b): 1-0 {White mates}
Score of a vs b: 1 - 0 - 0  [1.000] 1
Finished game 2 (b vs a): 1/2-1/2 {Draw by fifty moves rule}
Score of a vs b: 1 - 0 - 1  [0.750] 2
...      a playing White: 1 - 0 - 0  [1.000] 1
...      a playing Black: 0 - 0 - 1  [0.500] 1
...      White vs Black: 1 - 0 - 1  [0.750] 2
Elo difference: 190.5 +/- 428.7, LOS: 87.9 %, DrawRatio: 50.0 %
Finished match
`
	if got := b.String(); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestResumedCounts: the games of an earlier run count in the blocks
// without lines of their own.
func TestResumedCounts(t *testing.T) {
	var b strings.Builder
	w := New(&b, Options{Format: Fastchess, RatingInterval: 0, Engines: []string{"a", "b"}})
	w.Started(rundir.Meta{Total: 4}, 4, []results.Game{
		game(1, "a", "b", results.WhiteWins, results.TermExtinction),
		game(2, "b", "a", results.WhiteWins, results.TermExtinction),
	})
	w.Finished(game(3, "a", "b", results.Draw, results.TermRepetition))
	w.Finished(game(4, "b", "a", results.Draw, results.TermRepetition))
	w.End()
	if got := b.String(); !strings.Contains(got, "Games: 4, Wins: 1, Losses: 1, Draws: 2") ||
		!strings.Contains(got, "Ptnml(0-2): [0, 0, 2, 0, 0], WL/DD Ratio: 1.00") || strings.Contains(got, "Finished game 1 ") {
		t.Fatalf("got:\n%s", got)
	}
}
