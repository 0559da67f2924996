package arena_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"varena/arena"
	"varena/configs"
	"varena/configs/check"
	"varena/configs/configtest"
	"varena/configs/plan"
	"varena/engines"
	"varena/engines/player"
	"varena/results"
	"varena/results/rundir"
)

// Benchmarks of the arena itself: how many games a second the harness
// plays when the players cost nothing (random vs random), whether its
// memory stays flat over many games, and what it costs per ply against a
// real external engine (Fairy-Stockfish).
//
//	go test -run X -bench Harness ./arena/
//	VARENA_BENCH_GAMES=10000 go test -run X -bench Harness -benchtime 1x ./arena/
//	VARENA_BENCH_MEM=1 go test -run MemoryFlat -v ./arena/
//	go test -run X -bench FSFGames -benchtime 1x ./arena/

// envInt returns the integer in the environment variable name, or def.
func envInt(tb testing.TB, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 2 || n%2 != 0 {
		tb.Fatalf("%s=%q: want an even number of games, 2 or more", name, s)
	}
	return n
}

func benchRun(tb testing.TB, yaml string) *configs.Run {
	tb.Helper()
	r, err := configs.Parse("bench.yaml", []byte(yaml), check.Validating())
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// randomRun is random vs random in Extinction Chess: games games in all,
// from 2-ply random openings, drawn at maxPlies.
func randomRun(tb testing.TB, games, maxPlies int) *configs.Run {
	return benchRun(tb, fmt.Sprintf(`
name: bench-random
variant: extinction
seed: 1
tournament: {type: round-robin, games: %d}
openings: {plies: 2}
time_control: {depth: 1}
adjudication: {max_plies: %d}
engines:
  - {name: random1, kind: random, seed: 1}
  - {name: random2, kind: random, seed: 2}
`, games, maxPlies))
}

// plies returns the number of moves played in a run directory's games.
func plies(tb testing.TB, dir string) int {
	tb.Helper()
	games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		tb.Fatal(err)
	}
	n := 0
	for _, g := range games {
		n += len(g.Moves)
	}
	return n
}

// BenchmarkHarness plays random vs random through arena.Run: the
// harness's own throughput (schedule, workers, journal and its syncs,
// PGN, tally), as the players cost almost nothing. Each iteration is a
// whole run of VARENA_BENCH_GAMES games (default 1000) in a new
// directory.
func BenchmarkHarness(b *testing.B) {
	games := envInt(b, "VARENA_BENCH_GAMES", 1000)
	r := randomRun(b, games, 200)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("games=%d/workers=%d", games, workers), func(b *testing.B) {
			b.ReportAllocs()
			played, moves, cpu := playRuns(b, r, arena.Options{Concurrency: workers}, games)
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(played)/sec, "games/s")
			b.ReportMetric(float64(moves)/sec, "plies/s")
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(moves), "cpu-ms/ply")
			b.ReportMetric(float64(moves)/float64(played), "plies/game")
			// Cores kept busy: one worker already uses more than one, as
			// the results consumer and the collector run beside it.
			b.ReportMetric(cpu.Seconds()/sec, "cores")
		})
	}
}

// gameCounter wraps the default players and calls at(n) when the n-th
// game starts (each game calls NewGame on both of its players).
func gameCounter(at func(game int64)) arena.PlayerFactory {
	var newGames atomic.Int64
	return func(ctx context.Context, r *plan.Plan, e plan.Engine, out string) (player.Player, error) {
		p, err := arena.DefaultPlayer(ctx, r, e, out)
		if err != nil {
			return nil, err
		}
		return &counted{Player: p, newGames: &newGames, at: at}, nil
	}
}

type counted struct {
	player.Player
	newGames *atomic.Int64
	at       func(game int64)
}

func (c *counted) NewGame(ctx context.Context, v *engines.Variant) error {
	if n := c.newGames.Add(1); n%2 == 0 {
		c.at(n / 2)
	}
	return c.Player.NewGame(ctx, v)
}

// liveHeap returns the heap in use after full collections (two: the
// first only moves sync.Pool contents to the victim cache).
func liveHeap() (inuse, alloc uint64) {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse, m.HeapAlloc
}

// TestHarnessMemoryFlat checks that the harness keeps no game records in
// memory: the live heap when game 9,999 of a 10,000-game run starts is
// about what it was when game 2,000 started. What does grow is small
// per-game bookkeeping (the journal's set of ids, the tally's list of
// results for the ratings), tens of bytes a game; a kept record would be
// kilobytes. (The schedule, about 120 bytes a game and held twice, is
// made before the first game; the copy of the games still to play is
// dropped once the last is handed out, hence game 9,999 rather than
// 10,000.) The full measurement runs with VARENA_BENCH_MEM=1; by default
// a 1,000-game version (samples at games 200 and 999).
func TestHarnessMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 1,000 games")
	}
	first, total := 200, 1000
	if os.Getenv("VARENA_BENCH_MEM") != "" {
		first, total = 2000, 10000
	}
	r := randomRun(t, total, 40)
	type sample struct{ inuse, alloc uint64 }
	var s1, s2 sample
	at := func(n int64) { // called by the one worker as game n starts
		switch n {
		case int64(first):
			s1.inuse, s1.alloc = liveHeap()
		case int64(total - 1):
			s2.inuse, s2.alloc = liveHeap()
		}
	}
	start := time.Now()
	sum, err := arena.Run(context.Background(), configtest.Resolve(t, r), arena.Options{Out: t.TempDir(), Concurrency: 1, NewPlayer: gameCounter(at)})
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	if sum.Played != total || s1.alloc == 0 || s2.alloc == 0 {
		t.Fatalf("played %d games, want %d; samples %v %v", sum.Played, total, s1, s2)
	}
	grow := (float64(s2.alloc) - float64(s1.alloc)) / float64(total-1-first)
	t.Logf("%d games in %v (%.0f games/s); live heap (HeapAlloc after GC) %.3f MB at game %d, %.3f MB at game %d; "+
		"HeapInuse %.3f MB, %.3f MB; growth %.0f bytes/game",
		total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds(),
		mb(s1.alloc), first, mb(s2.alloc), total-1, mb(s1.inuse), mb(s2.inuse), grow)
	if grow > 512 {
		t.Errorf("live heap grows by %.0f bytes a game: game records are kept", grow)
	}
}

func mb(b uint64) float64 { return float64(b) / (1 << 20) }

// fsfPath is Fairy-Stockfish as Debian installs it.
const fsfPath = "/usr/games/fairy-stockfish"

// fsfRun is Fairy-Stockfish against itself in Extinction Chess at depth
// 1: games games, concurrency 2, random openings of openingPlies plies
// (0: every game from the start position), the engines sent history
// ("game" or "reversible").
func fsfRun(tb testing.TB, fsf string, games, openingPlies int, history string) *configs.Run {
	return benchRun(tb, fmt.Sprintf(`
name: bench-fsf
variant: extinction
seed: 1
concurrency: 2
tournament: {type: round-robin, games: %d}
openings: {plies: %d}
time_control: {depth: 1}
engines:
  - {name: fsf1, kind: uci, command: %q, history: %s, variant_names: {extinction: extinction}}
  - {name: fsf2, kind: uci, command: %q, history: %s, variant_names: {extinction: extinction}}
`, games, openingPlies, fsf, history, fsf, history))
}

// BenchmarkFSFGames plays Fairy-Stockfish against itself at depth 1
// through arena.Run, concurrency 2, VARENA_BENCH_GAMES games (default
// 200) per iteration, without openings and with 4-ply random openings,
// sending the whole game (as cutechess-cli does) and the reversible
// history. It reports games/s and the harness's own CPU per ply (this
// process's CPU time; the engines are other processes), the number to
// compare with cutechess-cli (0.23 ms) and fastchess (0.065 ms).
func BenchmarkFSFGames(b *testing.B) {
	fsf, err := exec.LookPath(fsfPath)
	if err != nil {
		b.Skipf("no Fairy-Stockfish at %s", fsfPath)
	}
	games := envInt(b, "VARENA_BENCH_GAMES", 200)
	for _, history := range []string{configs.HistoryGame, configs.HistoryReversible} {
		for _, op := range []int{0, 4} {
			b.Run(fmt.Sprintf("games=%d/openings=%d/history=%s", games, op, history), func(b *testing.B) {
				benchFSF(b, fsfRun(b, fsf, games, op, history), games)
			})
		}
	}
}

// benchFSF runs r for b and reports games/s, the harness's CPU per ply
// and the plies per game.
func benchFSF(b *testing.B, r *configs.Run, games int) {
	played, moves, cpu := playRuns(b, r, arena.Options{}, games)
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(played)/sec, "games/s")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(moves), "harness-ms/ply")
	b.ReportMetric(float64(moves)/float64(played), "plies/game")
}

// playRuns plays r once per iteration of b, each time in a new output
// directory, checking that all games were played without a fault. It
// returns the games and plies played and this process's CPU time in
// arena.Run (the engines, other processes, are not in it).
func playRuns(b *testing.B, r *configs.Run, opts arena.Options, games int) (played, moves int, cpu time.Duration) {
	p := configtest.Resolve(b, r)
	for b.Loop() {
		opts.Out = b.TempDir()
		c0 := cpuSelf(b)
		sum, err := arena.Run(context.Background(), p, opts)
		cpu += cpuSelf(b) - c0
		if err != nil {
			b.Fatal(err)
		}
		if sum.Played != games || len(sum.Faults) > 0 {
			b.Fatalf("played %d games (want %d), faults %v", sum.Played, games, sum.Faults)
		}
		played += sum.Played
		b.StopTimer()
		moves += plies(b, opts.Out)
		b.StartTimer()
	}
	return played, moves, cpu
}
