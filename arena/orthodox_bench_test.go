package arena_test

import (
	"fmt"
	"os/exec"
	"testing"
)

// BenchmarkStockfishGames plays Debian's stockfish against itself in
// standard chess through arena.Run, concurrency 2, VARENA_BENCH_GAMES
// games (default 200) per iteration from 4-ply random openings, at depth
// 1 and at 1000 nodes a move, as BenchmarkFSFGames does for
// Fairy-Stockfish: games/s and the harness's own CPU per ply, the figures
// to set beside cutechess-cli's and fastchess's on the same games.
func BenchmarkStockfishGames(b *testing.B) {
	sf, err := exec.LookPath(stockfishPath)
	if err != nil {
		b.Skipf("no stockfish at %s", stockfishPath)
	}
	games := envInt(b, "VARENA_BENCH_GAMES", 200)
	for _, limit := range []string{"depth: 1", "nodes: 1000"} {
		b.Run(fmt.Sprintf("games=%d/%s", games, limit), func(b *testing.B) {
			r := benchRun(b, fmt.Sprintf(`
name: bench-stockfish
variant: standard
seed: 1
concurrency: 2
tournament: {type: round-robin, games: %d}
openings: {plies: 4}
time_control: {%s}
engines:
  - {name: sf1, kind: uci, command: %q, options: {Hash: 1, Threads: 1}}
  - {name: sf2, kind: uci, command: %q, options: {Hash: 1, Threads: 1}}
`, games, limit, sf, sf))
			benchFSF(b, r, games)
		})
	}
}
