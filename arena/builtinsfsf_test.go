package arena

import (
	"context"
	"fmt"
	"os"
	"testing"

	"varena/configs"
	"varena/engines/search"
	"varena/engines/variants"
	"varena/results/rundir"
)

// builtinFSFVariants are the Fairy-Stockfish 11.1 built-ins whose rules
// only they have (suicide's stalemate by count, makpong's king, shatar's
// mate, cambodian's first leaps, the games of two boards played on one,
// micro's pieces that turn over when they capture): Fairy-Stockfish
// against the built-in engine, varena the referee, each game checked as
// TestWideAgainstFSF checks its own.
var builtinFSFVariants = []string{"suicide", "makpong", "shatar", "cambodian", "karouk", "bughouse", "koedem", "supply", "micro"}

// builtinFSFRun is the run of one of them: random 4-ply openings, each
// with both colours, nodes a move each.
func builtinFSFRun(variant string, games, nodes int) string {
	return fmt.Sprintf(`name: fsf-%s
variant: %s
seed: 39
concurrency: 2
tournament:
  type: round-robin
  games: %d
openings:
  plies: 4
time_control:
  nodes: %d
adjudication:
  max_plies: 400
engines:
  - name: fairy-stockfish
    kind: uci
    command: /usr/games/fairy-stockfish
    options:
      Hash: 16
      Threads: 1
  - name: alphabeta
    kind: alphabeta
`, variant, variant, games, nodes)
}

// TestBuiltinsAgainstFSF plays builtinFSFRun for each variant of
// builtinFSFVariants (four games at 2,000 nodes a move; 20 games at
// 20,000 nodes with VARENA_LONG=1) and checks every game as
// TestWideAgainstFSF does: no fault, Fairy-Stockfish reaches the same
// position, and a game ended by the rules is over for Fairy-Stockfish
// with the same result (a shatar mate without shak a draw, a mate by
// knights a loss for the mover, a suicide stalemate won by the side with
// fewer pieces).
func TestBuiltinsAgainstFSF(t *testing.T) {
	needFairyStockfish(t)
	games, nodes := 4, 2000
	if os.Getenv("VARENA_LONG") != "" {
		games, nodes = 20, 20000
	}
	var grand wideTally
	for _, name := range builtinFSFVariants {
		t.Run(name, func(t *testing.T) {
			r, err := configs.ParseAt("fsf-"+name, "fsf-"+name+".yaml", []byte(builtinFSFRun(name, games, nodes)),
				configs.Checker{Variants: variants.Playable(), SearchOption: search.CheckParam})
			if err != nil {
				t.Fatal(err)
			}
			out := t.TempDir()
			if _, err := Run(context.Background(), resolved(t, r), Options{Out: out, Concurrency: 2}); err != nil {
				t.Fatal(err)
			}
			_, played, err := rundir.ReadRun(out, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(played) != games {
				t.Fatalf("%d games in the journal, want %d", len(played), games)
			}
			fsf := startFSF(t)
			var tally wideTally
			for _, g := range played {
				verdict, problems := checkWideGame(t, fsf, g)
				for _, p := range problems {
					t.Errorf("game %d (%s-%s, %s %s): %s", g.ID, g.White, g.Black, g.Result, g.Termination, p)
				}
				tally.add(g, verdict)
			}
			checkWideCheckerFlags(t, fsf, played)
			t.Logf("%s: %s", name, tally.String())
			grand.merge(tally)
		})
	}
	t.Logf("all: %s", grand.String())
}
