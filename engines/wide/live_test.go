package wide_test

import (
	"math/rand"
	"os"
	"sort"
	"strconv"
	"testing"

	"varena/engines/wide"
)

// TestFSFLive compares perft divides with Fairy-Stockfish 11.1 on the
// start position and on positions of seeded random games, and the FEN of
// every position of those games. It skips without the binary.
func TestFSFLive(t *testing.T) {
	f := startFSF(t)
	games, depth := 2, 2
	if !testing.Short() {
		games, depth = 4, 3
	}
	if s := os.Getenv("WIDE_LIVE_GAMES"); s != "" {
		games, _ = strconv.Atoi(s)
	}
	names := variantNames
	if s := os.Getenv("WIDE_LIVE_VARIANT"); s != "" {
		names = []string{s}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			rng := rand.New(rand.NewSource(int64(len(name)) * 7919))
			for g := 0; g < games; g++ {
				pos := mustFEN(t, v, v.StartFEN())
				var moves []string
				plies := rng.Intn(60)
				for i := 0; i <= plies; i++ {
					if i%7 == 0 || i == plies {
						compareDivide(t, f, name, v.StartFEN(), moves, &pos, depth)
						if t.Failed() {
							return
						}
					}
					var buf [wide.MaxMoves]wide.Move
					legal := pos.GenerateLegal(buf[:0])
					if len(legal) == 0 {
						break
					}
					m := legal[rng.Intn(len(legal))]
					moves = append(moves, pos.UCI(m))
					pos.MakeMove(m, &pos)
				}
			}
		})
	}
}

func compareDivide(t *testing.T, f *fsf, name, start string, moves []string, pos *wide.Position, depth int) {
	t.Helper()
	if got, want := pos.FEN(), f.fen(name, start, moves); got != want {
		t.Errorf("after %v: FEN %q, Fairy-Stockfish %q", moves, got, want)
		return
	}
	want, _ := f.divide(name, start, moves, depth)
	got := wide.Divide(pos, depth)
	var keys []string
	for k := range want {
		keys = append(keys, k)
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if got[k] != want[k] {
			t.Errorf("%s after %v (FEN %s): %s: %d, Fairy-Stockfish %d", name, moves, pos.FEN(), k, got[k], want[k])
		}
	}
}
