package arena

import (
	"context"
	"os"
	"testing"

	"varena/configs"
	"varena/configs/check"
)

const fairyStockfish = "/usr/games/fairy-stockfish"

func needFairyStockfish(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(fairyStockfish); err != nil {
		t.Skipf("no Fairy-Stockfish at %s (apt-get install fairy-stockfish)", fairyStockfish)
	}
}

// The committed losalamos-extinction run plays against Fairy-Stockfish,
// which learns the variant from the repository's own variant file: the
// games end by the rules, without faults. (Skipped without it.)
func TestFairyStockfishLosAlamosExtinction(t *testing.T) {
	needFairyStockfish(t)
	r, err := configs.Load("../configs/runs/fairy-stockfish-losalamos.yaml",
		check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	r.Tournament.Games = 2
	r.TimeControl.Nodes = 1000
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: t.TempDir(), Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != 2 || len(sum.Faults) > 0 {
		t.Fatalf("%d games, faults %v", sum.Played, sum.Faults)
	}
}

// Evolution against Fairy-Stockfish from the committed run: its moves
// with a trailing "+" are accepted, it gets bare FENs, and no game ends
// in a fault. (Skipped without it.)
func TestFairyStockfishEvolution(t *testing.T) {
	needFairyStockfish(t)
	r, err := configs.Load("../configs/runs/fairy-stockfish-evolution.yaml",
		check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	r.Tournament.Games = 4
	r.TimeControl.Nodes = 1000
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: t.TempDir(), Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != 4 || len(sum.Faults) > 0 {
		t.Fatalf("%d games, faults %v", sum.Played, sum.Faults)
	}
}
