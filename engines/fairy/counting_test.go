package fairy

import (
	"strings"
	"testing"

	"varena/engines"
)

// TestCountingCases: one move from each position, and the FEN after it
// as Fairy-Stockfish 11.1 prints it (d, with VariantPath holding the
// sections below): the limits by material of each rule (in plies: 16
// is 8 moves), where a count starts, restarts or goes on, and the end a
// ply after the limit (a checkmate there stays a checkmate).
func TestCountingCases(t *testing.T) {
	defs, err := Parse(strings.NewReader("[mk:makruk]\n[mkasean:makruk]\ncountingRule = asean\n"), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		variant, fen, move, want string
		end                      engines.Termination
	}{
		{"mk", "8/8/8/3k4/8/8/8/RR5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/RR6 b - 16 8 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/R6K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/R7 b - 32 6 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/SS5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/SS6 b - 44 8 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/NN5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/NN6 b - 64 8 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/S6K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/S7 b - 88 6 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/N6K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/N7 b - 128 6 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/M6K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/M7 b - 128 6 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/RSNM3K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/RSNM4 b - 32 12 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/SNNM3K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/SNNM4 b - 64 12 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/RN5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/RN6 b - 32 8 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/MM5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/MM6 b - 128 8 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/SM5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/SM6 b - 88 8 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/NM5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/NM6 b - 128 8 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/SN5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/SN6 b - 88 8 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/3P4/8/R6K w - - 3 1", "h1h2", "8/8/8/3k4/8/3P4/7K/R7 b - - 4 1", engines.NotOver},
		{"mkasean", "8/8/8/3k4/8/8/8/R6K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/R7 b - 32 0 1", engines.NotOver},
		{"mkasean", "8/8/8/3k4/8/8/8/S6K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/S7 b - - 4 1", engines.NotOver},
		{"mkasean", "8/8/8/3k4/8/8/8/N6K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/N7 b - - 4 1", engines.NotOver},
		{"mkasean", "8/8/8/3k4/8/8/8/M6K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/M7 b - - 4 1", engines.NotOver},
		{"mkasean", "8/8/8/3k4/8/8/8/SM5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/SM6 b - 88 0 1", engines.NotOver},
		{"mkasean", "8/8/8/3k4/8/8/8/NM5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/NM6 b - 128 0 1", engines.NotOver},
		{"mkasean", "8/8/8/3k4/8/8/8/SN5K w - - 3 1", "h1h2", "8/8/8/3k4/8/8/7K/SN6 b - - 4 1", engines.NotOver},
		{"mkasean", "8/8/8/3k4/8/3P4/8/R6K w - - 3 1", "h1h2", "8/8/8/3k4/8/3P4/7K/R7 b - 32 0 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/6n1/R6K w - - 3 1", "h1g2", "8/8/8/3k4/8/8/6K1/R7 b - 32 6 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/6n1/R6K w - 128 40 1", "h1g2", "8/8/8/3k4/8/8/6K1/R7 b - 32 6 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/6r1/R6K b - 128 40 1", "g2a2", "8/8/8/3k4/8/8/r7/R6K w - 128 41 2", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/r7/R6K b - 128 40 1", "a2a1", "8/8/8/3k4/8/8/8/r6K w - 32 6 2", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/r5N1/R6K b - 128 40 1", "a2a1", "8/8/8/3k4/8/8/6N1/r6K w - 128 41 2", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/r5N1/R6K b - 128 40 1", "d5e5", "8/8/8/4k3/8/8/r5N1/R6K w - 128 41 2", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/R6K w - 32 31 1", "h1h2", "8/8/8/3k4/8/8/7K/R7 b - 32 32 1", engines.NotOver},
		{"mk", "8/8/8/3k4/8/8/8/R6K w - 32 32 1", "h1h2", "8/8/8/3k4/8/8/7K/R7 b - 32 33 1", engines.CountingLimit},
		{"mk", "k7/8/1K6/8/8/8/8/7R w - 32 32 1", "h1h8", "k6R/8/1K6/8/8/8/8/8 b - 32 33 1", engines.Checkmate},
		{"mkasean", "8/8/8/3k4/8/8/6n1/R6K w - 32 10 1", "h1g2", "8/8/8/3k4/8/8/6K1/R7 b - 32 0 1", engines.NotOver},
		{"mkasean", "8/8/8/3k4/3p4/8/8/R6K w - - 3 1", "h1h2", "8/8/8/3k4/3p4/8/7K/R7 b - - 4 1", engines.NotOver},
		{"mkasean", "8/8/8/3k4/8/8/r5N1/R6K b - - 3 1", "a2a1", "8/8/8/3k4/8/8/6N1/r6K w - - 0 2", engines.NotOver},
	}
	for _, tt := range tests {
		t.Run(tt.variant+" "+tt.fen+" "+tt.move, func(t *testing.T) {
			v, err := Lookup(defs, tt.variant).Variant()
			if err != nil {
				t.Fatal(err)
			}
			pos, err := engines.ParseFEN(v, tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := pos.FEN(); got != tt.fen {
				t.Errorf("FEN round trip: %s", got)
			}
			m, err := pos.ParseUCIMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			child := pos.Play(m)
			if got := child.FEN(); got != tt.want {
				t.Errorf("after %s: %s, want %s", tt.move, got, tt.want)
			}
			if got := child.Status().Reason; got != tt.end {
				t.Errorf("after %s: %v, want %v", tt.move, got, tt.end)
			}
		})
	}
}

// BenchmarkCountingPerft measures perft, in nodes/s, of makruk from its
// start (no count yet: a test per move) and from an ending of the
// board's honour, where every move advances the count.
func BenchmarkCountingPerft(b *testing.B) {
	v, err := Lookup(nil, "makruk").Variant()
	if err != nil {
		b.Fatal(err)
	}
	for _, bb := range []struct {
		name, fen string
		depth     int
	}{
		{"start", v.StartFEN, 4},
		{"boardshonour", "3k4/2s5/8/3r4/8/2N5/3M4/R2K2N1 w - 128 10 40", 4},
	} {
		b.Run(bb.name, func(b *testing.B) {
			p, err := engines.ParseFEN(v, bb.fen)
			if err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			for i := 0; i < b.N; i++ {
				nodes += engines.Perft(&p, bb.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
