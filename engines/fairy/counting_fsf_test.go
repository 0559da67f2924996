package fairy

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/engines"
)

// countingINI holds the sections TestCountingAgainstFSF plays: makruk,
// makruk under the asean rule, and makruk endings without pawns from
// the start (the board's honour counts from the first move).
const countingINI = `[mk:makruk]
[mkasean:makruk]
countingRule = asean
[mkend:makruk]
startFen = 3k4/2s5/8/3r4/8/2N5/3M4/R2K2N1 w - - 0 1
[mkend2:makruk]
startFen = 1r1k4/8/5m2/8/8/8/2S1S3/3K4 w - - 0 1
`

// TestCountingAgainstFSF plays random games, captures first so that
// counts start, and compares varena's FEN with Fairy-Stockfish 11.1's
// at every ply: the count's limit and plies are in its FEN, so every
// start, reset and step of the count is compared, with the moves (perft
// 1) and the position. Each game goes on to the end varena's Status
// finds, which for a count is the first position whose plies pass the
// limit. VARENA_DEEP=1 plays 10 times as many games.
func TestCountingAgainstFSF(t *testing.T) {
	if testing.Short() {
		t.Skip("asks Fairy-Stockfish; skipped with -short")
	}
	dir := t.TempDir()
	ini := filepath.Join(dir, "counting.ini")
	if err := os.WriteFile(ini, []byte(countingINI), 0o644); err != nil {
		t.Fatal(err)
	}
	defs, err := Parse(strings.NewReader(countingINI), ini)
	if err != nil {
		t.Fatal(err)
	}
	f := startFSF(t, ini)
	games := 6
	if os.Getenv("VARENA_DEEP") == "1" {
		games = 60
	}
	ends := map[engines.Termination]int{}
	for _, name := range []string{"mk", "mkasean", "mkend", "mkend2"} {
		v, err := Lookup(defs, name).Variant()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rng := rand.New(rand.NewPCG(uint64(len(name)), 11))
		for g := 0; g < games; g++ {
			start := v.StartPosition()
			game := engines.NewGame(start)
			var uci []string
			var buf [engines.MaxMoves]engines.Move
			for ply := 0; ply < 600; ply++ {
				pos := game.Position()
				f.setup(name, start.FEN(), uci)
				if got, want := pos.FEN(), f.fen(); got != want {
					t.Fatalf("%s game %d after %v:\n varena             %s\n Fairy-Stockfish    %s", name, g, uci, got, want)
				}
				legal, _ := f.perft(1)
				moves := pos.GenerateMoves(buf[:0])
				if len(legal) != len(moves) {
					t.Fatalf("%s game %d after %v: %d moves, Fairy-Stockfish %d", name, g, uci, len(moves), len(legal))
				}
				if o := game.Outcome(); o.Result != engines.Ongoing {
					ends[o.Reason]++
					if o.Reason == engines.CountingLimit && pos.CountingPly() != pos.CountingLimit()+1 {
						t.Errorf("%s game %d: count ended at %d plies of %d", name, g, pos.CountingPly(), pos.CountingLimit())
					}
					break
				}
				m := pickCapture(pos, moves, rng)
				uci = append(uci, v.UCI(m))
				game.Play(m)
			}
		}
	}
	t.Logf("game ends: %v", ends)
	if ends[engines.CountingLimit] == 0 {
		t.Errorf("no game ended by the counting rule: nothing compared at the limit")
	}
}

// pickCapture picks a capture three times in four when there is one, so
// that random games reach endings where counts run.
func pickCapture(pos *engines.Position, moves []engines.Move, rng *rand.Rand) engines.Move {
	if rng.IntN(4) > 0 {
		var caps []engines.Move
		for _, m := range moves {
			if pos.IsCapture(m) {
				caps = append(caps, m)
			}
		}
		if len(caps) > 0 {
			return caps[rng.IntN(len(caps))]
		}
	}
	return moves[rng.IntN(len(moves))]
}
