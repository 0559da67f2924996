package variants

import (
	"testing"
	"time"

	"varena/engines"
)

// BenchmarkFSFFileRules times perft from the start position of sections
// of Fairy-Stockfish's variants.ini played by the rules the wide engine
// took on for them (compulsory captures and check counting with drops,
// connect-N, several flag pieces, pseudo-royal pieces, ataxx's clones
// and flips, reversi's drops, walls left behind), and in the same
// run the c19b5f6 build's go perft of the same tree where it is beside
// the checkout (without it the benchmark is skipped): varena's and Fairy-Stockfish's nodes per second (its
// time from go perft to its count, start-up left out) and their ratio.
func BenchmarkFSFFileRules(b *testing.B) {
	path, byName := loadFSFSections(b)
	cases := []struct {
		section string
		depth   int
	}{
		{"coffeehouse", 5},
		{"3check-crazyhouse", 5},
		{"tictacchess", 6},
		{"kono", 6},
		{"mounted", 5},
		{"ataxx", 5},
		{"flipello", 8},
		{"la-mancha-duel", 5},
	}
	// Started here, so that it lives through the sub-benchmarks.
	f := startLiveFSF(b, fsfNewPath, path)
	for _, c := range cases {
		v := byName[c.section]
		if v == nil {
			b.Fatalf("section %q does not play", c.section)
		}
		b.Run(c.section, func(b *testing.B) {
			pos, err := engines.ParseFEN(v, v.StartFEN)
			if err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			start := time.Now()
			for i := 0; i < b.N; i++ {
				nodes = engines.Perft(&pos, c.depth)
			}
			ours := float64(nodes) * float64(b.N) / time.Since(start).Seconds()
			b.ReportMetric(ours, "nodes/s")
			t0 := time.Now()
			var theirs uint64
			for _, n := range f.divide(c.section, nil, c.depth) {
				theirs += n
			}
			if theirs != nodes {
				b.Fatalf("perft %d: %d, Fairy-Stockfish %d", c.depth, nodes, theirs)
			}
			fsf := float64(theirs) / time.Since(t0).Seconds()
			b.ReportMetric(fsf, "fsf-nodes/s")
			b.ReportMetric(ours/fsf, "x-fsf")
		})
	}
}
