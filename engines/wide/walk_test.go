package wide_test

import (
	"context"
	"testing"

	"varena/engines/wide"
)

// TestWalk checks every node of a perft tree: the incremental hash equals
// the hash of the position read back from its FEN (made from scratch),
// and FEN -> ParseFEN -> FEN gives the same text.
func TestWalk(t *testing.T) {
	depth := 2
	for _, name := range variantNames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v := variant(t, name)
			for _, l := range readSuite(t, "testdata/perft/"+name+".epd")[:2] {
				pos := mustFEN(t, v, l.fen)
				walk(t, &pos, depth)
			}
		})
	}
}

func walk(t *testing.T, p *wide.Position, depth int) {
	fen := p.FEN()
	q, err := wide.ParseFEN(p.Variant(), fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	if q.FEN() != fen {
		t.Fatalf("FEN %s read back as %s", fen, q.FEN())
	}
	if q.Hash() != p.Hash() {
		t.Fatalf("%s: incremental hash %x, from scratch %x", fen, p.Hash(), q.Hash())
	}
	if q.InCheck() != p.InCheck() {
		t.Fatalf("%s: check %v, from scratch %v", fen, p.InCheck(), q.InCheck())
	}
	if depth == 0 {
		return
	}
	var buf [wide.MaxMoves]wide.Move
	var child wide.Position
	for _, m := range p.GenerateLegal(buf[:0]) {
		if depth > 1 {
			if !p.IsLegal(m) {
				t.Fatalf("%s: generated %s is not IsLegal", fen, p.UCI(m))
			}
			if back, err := p.ParseUCIMove(p.UCI(m)); err != nil || back != m && !m.IsCastling() {
				t.Fatalf("%s: UCI %s reads back as %v, %v", fen, p.UCI(m), back, err)
			}
		}
		p.MakeMove(m, &child)
		walk(t, &child, depth-1)
	}
}

func TestPerftContext(t *testing.T) {
	v := variant(t, "xiangqi")
	pos := mustFEN(t, v, v.StartFEN())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := wide.PerftContext(ctx, &pos, 5); err == nil {
		t.Error("a cancelled context: no error")
	}
	if _, err := wide.PerftContext(context.Background(), &pos, -1); err == nil {
		t.Error("depth -1: no error")
	}
	if n, err := wide.PerftContext(context.Background(), &pos, 2); err != nil || n != 1920 {
		t.Errorf("perft 2 = %d, %v", n, err)
	}
}

func TestNoAllocations(t *testing.T) {
	v := variant(t, "xiangqi")
	pos := mustFEN(t, v, v.StartFEN())
	var buf [wide.MaxMoves]wide.Move
	var child wide.Position
	if n := testing.AllocsPerRun(100, func() {
		for _, m := range pos.GenerateLegal(buf[:0]) {
			pos.MakeMove(m, &child)
		}
	}); n != 0 {
		t.Errorf("%v allocations per generate and make", n)
	}
}
