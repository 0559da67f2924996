package rundir

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"varena/results"
	"varena/results/stats"
)

// matrixGames plays pairs of a per-variant SPRT of dev against base
// over the variants vs in turn (pair p plays vs[(p-1) mod len]): each
// variant's pairs score as its outcome says, in a cycle of dev's scores
// in the pair's two games ("win": mostly wins, "loss": mostly losses,
// "even": as many wins as losses).
func matrixGames(vs []string, outcome map[string]string, pairs int) []results.Game {
	cycles := map[string][][2]float64{
		"win":  {{1, 1}, {1, 0.5}, {1, 1}, {0.5, 0.5}, {1, 0}},
		"loss": {{0, 0}, {0, 0.5}, {0, 0}, {0.5, 0.5}, {1, 0}},
		"even": {{1, 0}, {1, 1}, {0, 0}, {0.5, 0.5}},
	}
	result := func(whiteScore float64) string {
		switch whiteScore {
		case 1:
			return results.WhiteWins
		case 0:
			return results.BlackWins
		}
		return results.Draw
	}
	var games []results.Game
	for p := 1; p <= pairs; p++ {
		v := vs[(p-1)%len(vs)]
		c, ok := cycles[outcome[v]]
		if !ok {
			c = cycles["even"]
		}
		dev := c[(p-1)/len(vs)%len(c)]
		games = append(games,
			results.Game{ID: 2*p - 1, Pair: p, Variant: v, White: "dev", Black: "base", Result: result(dev[0]), Termination: results.TermExtinction},
			results.Game{ID: 2 * p, Pair: p, Variant: v, White: "base", Black: "dev", Result: result(1 - dev[1]), Termination: results.TermExtinction})
	}
	return games
}

func matrixMeta(t *testing.T, vs []string, leftOut map[string]string, totalGames, shard, shards int) Meta {
	t.Helper()
	test, err := stats.NewSPRT(-10, 10, 0.05, 0.05, stats.Normalized)
	if err != nil {
		t.Fatal(err)
	}
	all := append([]string(nil), vs...)
	for v := range leftOut {
		all = append(all, v)
	}
	return Meta{Name: "m", Variants: all, Tournament: "sprt", Engines: []string{"dev", "base"}, Total: totalGames,
		SPRT: &test, Matrix: vs, LeftOut: leftOut, Shard: shard, Shards: shards}
}

// TestMatrixDecisions counts the games of a per-variant SPRT in order
// and shuffled: each variant decides on its own pairs, at the same pair
// whatever the order games finished in; a decided variant's later games
// are past its decision; a variant whose pairs ran out undecided is at
// the game limit; the worst verdict is the matrix's.
func TestMatrixDecisions(t *testing.T) {
	vs := []string{"extinction", "losalamos", "gardner"}
	tests := []struct {
		name     string
		outcome  map[string]string
		pairs    int // pairs played (of 3 x 100 in the schedule)
		verdicts []string
		verdict  string
		exit     int
	}{
		{"all pass", map[string]string{"extinction": "win", "losalamos": "win", "gardner": "win"}, 300,
			[]string{VerdictH1, VerdictH1, VerdictH1}, VerdictH1, ExitH1},
		{"one regression fails the matrix", map[string]string{"extinction": "win", "losalamos": "loss", "gardner": "win"}, 300,
			[]string{VerdictH1, VerdictH0, VerdictH1}, VerdictH0, ExitH0},
		{"an even variant runs out of games", map[string]string{"extinction": "win", "losalamos": "win", "gardner": "even"}, 300,
			[]string{VerdictH1, VerdictH1, VerdictLimit}, VerdictLimit, ExitLimit},
		{"H0 is worse than the game limit", map[string]string{"extinction": "loss", "losalamos": "win", "gardner": "even"}, 300,
			[]string{VerdictH0, VerdictH1, VerdictLimit}, VerdictH0, ExitH0},
		{"stopped early: open", map[string]string{"extinction": "win", "losalamos": "win", "gardner": "even"}, 240,
			[]string{VerdictH1, VerdictH1, VerdictOpen}, VerdictOpen, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			meta := matrixMeta(t, vs, map[string]string{"evolution": "dev does not play it"}, 600, 0, 0)
			games := matrixGames(vs, tc.outcome, tc.pairs)
			var want string
			for k := range 3 {
				order := append([]results.Game(nil), games...)
				if k > 0 {
					rng := rand.New(rand.NewPCG(uint64(k), 1))
					rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
				}
				var last *Tally
				sum, err := Replay(meta, order, func(_ int, t *Tally) error { last = t; return nil })
				if err != nil {
					t.Fatal(err)
				}
				if sum.Matrix == nil || sum.SPRT != nil {
					t.Fatalf("matrix %v, sprt %v: want the matrix only", sum.Matrix, sum.SPRT)
				}
				m := sum.Matrix
				if len(m.Rows) != 4 || m.Rows[3].Verdict != VerdictLeftOut || m.Rows[3].LeftOut == "" {
					t.Fatalf("rows %+v: want three tests and evolution left out", m.Rows)
				}
				counted := 0
				for i, row := range m.Rows[:3] {
					if row.Verdict != tc.verdicts[i] {
						t.Errorf("%s: %s, want %s", row.Variant, row.Verdict, tc.verdicts[i])
					}
					if row.Games != row.Penta.Games() || row.Pairs == nil {
						t.Errorf("%s: %d games, penta %v, estimates %v", row.Variant, row.Games, row.Penta, row.Pairs)
					}
					if decided := row.Decision != stats.Continue; decided && (row.Games >= 160 || row.LLR > row.Lower && row.LLR < row.Upper) {
						t.Errorf("%s decided with LLR %.2f (%.2f, %.2f) after %d games", row.Variant, row.LLR, row.Lower, row.Upper, row.Games)
					}
					counted += row.Games
				}
				if counted+sum.PastDecision+sum.Waiting != len(games) || counted != sum.Played {
					t.Errorf("%d counted + %d past + %d waiting, %d played, of %d games", counted, sum.PastDecision, sum.Waiting, sum.Played, len(games))
				}
				// Only an undecided test has games left: gardner's 20 pairs
				// when the run stopped early.
				wantLeft := 0
				if tc.verdict == VerdictOpen {
					wantLeft = 40
				}
				if left, ok := last.MatrixLeft(); !ok || left != wantLeft {
					t.Errorf("MatrixLeft = %d, %v; want %d", left, ok, wantLeft)
				}
				if m.Verdict != tc.verdict || m.ExitStatus != tc.exit {
					t.Errorf("matrix %s (exit %d), want %s (exit %d)", m.Verdict, m.ExitStatus, tc.verdict, tc.exit)
				}
				var text strings.Builder
				if err := sum.WriteText(&text); err != nil {
					t.Fatal(err)
				}
				lines := strings.Split(strings.TrimSpace(text.String()), "\n")
				if last := lines[len(lines)-1]; last != sum.MatrixLine() || !strings.HasPrefix(last, "SPRT matrix [-10, 10] normalized: "+tc.verdict) {
					t.Errorf("last line %q, want the matrix's verdict %s", last, tc.verdict)
				}
				if !strings.Contains(text.String(), "evolution") || !strings.Contains(text.String(), "dev does not play it") {
					t.Errorf("the text does not say evolution is left out:\n%s", text.String())
				}
				b, err := json.Marshal(m)
				if err != nil {
					t.Fatal(err)
				}
				if k == 0 {
					want = string(b)
				} else if string(b) != want {
					t.Errorf("shuffled order %d gives another matrix:\n%s\nwant\n%s", k, b, want)
				}
			}
		})
	}
}

// TestMatrixPairOrder: a variant's test counts its pairs in schedule
// order only, so a later pair finished first waits; a shard counts its
// own pairs (every Shards-th from Shard) of each variant.
func TestMatrixPairOrder(t *testing.T) {
	tests := []struct {
		name          string
		shard, shards int
		want          map[int][]int // variant index -> the pairs it counts
	}{
		{"whole run", 0, 0, map[int][]int{0: {1, 4, 7, 10}, 1: {2, 5, 8, 11}, 2: {3, 6, 9, 12}}},
		{"shard 1 of 2", 1, 2, map[int][]int{0: {1, 7}, 1: {5, 11}, 2: {3, 9}}},
		{"shard 2 of 2", 2, 2, map[int][]int{0: {4, 10}, 1: {2, 8}, 2: {6, 12}}},
		{"shard 1 of 3: one variant only", 1, 3, map[int][]int{0: {1, 4, 7, 10}, 1: nil, 2: nil}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tally := NewTally(matrixMeta(t, []string{"a", "b", "c"}, nil, 24, tc.shard, tc.shards))
			for i := range 3 {
				var got []int
				for p := tally.matrixNext(i, 0); p > 0; p = tally.matrixNext(i, p) {
					got = append(got, p)
				}
				if !slices.Equal(got, tc.want[i]) {
					t.Errorf("variant %d counts pairs %v, want %v", i, got, tc.want[i])
				}
			}
		})
	}
	// Pair 4 (extinction's second) finished before pair 1 waits for it.
	vs := []string{"extinction", "losalamos", "gardner"}
	games := matrixGames(vs, map[string]string{"extinction": "win"}, 4)
	tally := NewTally(matrixMeta(t, vs, nil, 24, 0, 0))
	for _, g := range games[6:] {
		if err := tally.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	if n := tally.VariantPairs("extinction"); n != 0 || tally.waiting() != 2 {
		t.Errorf("pair 4 alone: %d pairs counted, %d games waiting; want 0 and 2", n, tally.waiting())
	}
	if err := tally.Add(games[0]); err != nil {
		t.Fatal(err)
	}
	if err := tally.Add(games[1]); err != nil {
		t.Fatal(err)
	}
	if n := tally.VariantPairs("extinction"); n != 2 || tally.waiting() != 0 {
		t.Errorf("pairs 1 and 4: %d pairs counted, %d games waiting; want 2 and 0", n, tally.waiting())
	}
	// Left: the 24 games of the schedule less extinction's two pairs.
	if left, ok := tally.MatrixLeft(); !ok || left != 20 {
		t.Errorf("MatrixLeft = %d, %v; want 20", left, ok)
	}
	// A game of the wrong variant for its pair is refused, by id.
	bad := results.Game{ID: 9, Pair: 5, Variant: "extinction", White: "dev", Black: "base", Result: results.WhiteWins}
	if err := tally.Add(bad); err == nil || !strings.Contains(err.Error(), "game 9") {
		t.Errorf("game of pair 5 (losalamos) in extinction: %v", err)
	}
}
