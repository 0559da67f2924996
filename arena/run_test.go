package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"varena/configs"
	"varena/configs/configtest"
	"varena/configs/plan"
	"varena/engines/player"
	"varena/results"
	"varena/results/rundir"
)

// parseRun and smallRR are the shared fixture's.
var parseRun = configtest.Parse

const smallRR = configtest.SmallRoundRobin

// journalIDs reads a run directory's journal and returns its game ids,
// failing on a duplicate.
func journalIDs(t *testing.T, dir string) map[int]bool {
	t.Helper()
	games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[int]bool{}
	for _, g := range games {
		if ids[g.ID] {
			t.Fatalf("game %d twice in the journal", g.ID)
		}
		ids[g.ID] = true
	}
	return ids
}

// jsonOf renders v for comparison (pointers followed).
func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRunComplete(t *testing.T) {
	dir := t.TempDir()
	r := parseRun(t, smallRR)
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != 12 || len(journalIDs(t, dir)) != 12 {
		t.Fatalf("played %d games, want 12", sum.Played)
	}
	pgs, err := results.ReadPGNFile(filepath.Join(dir, rundir.PGNFile))
	if err != nil || len(pgs) != 12 {
		t.Fatalf("PGN holds %d games: %v", len(pgs), err)
	}
	// Running again plays nothing and says the same.
	again, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if jsonOf(t, again.Pairings) != jsonOf(t, sum.Pairings) || len(journalIDs(t, dir)) != 12 {
		t.Errorf("a second run changed the result")
	}
	// Every output file gets the mode the journal got from os.OpenFile
	// (0644 less the umask), not a temporary file's 0600.
	journal, err := os.Stat(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{rundir.SummaryFile, rundir.PGNFile, rundir.MetaFile} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Error(err)
			continue
		}
		if st.Mode().Perm() != journal.Mode().Perm() {
			t.Errorf("%s has mode %v, the journal %v", name, st.Mode().Perm(), journal.Mode().Perm())
		}
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*.*")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

// countingFactory wraps DefaultPlayer and cancels the run after n moves
// in all, as Ctrl-C would.
func countingFactory(n int64, cancel func()) PlayerFactory {
	var moves atomic.Int64
	return func(ctx context.Context, r *plan.Plan, e plan.Engine, out string) (player.Player, error) {
		p, err := DefaultPlayer(ctx, r, e, out)
		if err != nil {
			return nil, err
		}
		return &counting{Player: p, moves: &moves, n: n, cancel: cancel}, nil
	}
}

type counting struct {
	player.Player
	moves  *atomic.Int64
	n      int64
	cancel func()
}

func (c *counting) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	if c.moves.Add(1) == c.n {
		c.cancel()
	}
	return c.Player.Move(ctx, req)
}

func TestRunInterruptAndResume(t *testing.T) {
	dir := t.TempDir()
	r := parseRun(t, smallRR)
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Run(ctx, resolved(t, r), Options{Out: dir, Concurrency: 2, NewPlayer: countingFactory(100, cancel)})
	if !errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), "resume") {
		t.Fatalf("interrupted run: error %v", err)
	}
	first := journalIDs(t, dir)
	if len(first) == 0 || len(first) == 12 {
		t.Fatalf("interrupted after %d games; the test wants a run cut in the middle", len(first))
	}
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != 12 || len(journalIDs(t, dir)) != 12 {
		t.Fatalf("after resume: %d games", sum.Played)
	}
	// The result equals an uninterrupted run: games are reproducible.
	whole, err := Run(context.Background(), resolved(t, r), Options{Out: t.TempDir(), Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	if jsonOf(t, whole.Pairings) != jsonOf(t, sum.Pairings) {
		t.Errorf("resumed run differs from a whole one:\n%v\n%v", sum.Pairings, whole.Pairings)
	}
}

func TestShardsMergeLikeOneRun(t *testing.T) {
	r := parseRun(t, smallRR)
	whole, err := Run(context.Background(), resolved(t, r), Options{Out: t.TempDir(), Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	var games [][]results.Game
	for i := 1; i <= 3; i++ {
		dir := t.TempDir()
		if _, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Shard: i, Shards: 3}); err != nil {
			t.Fatal(err)
		}
		gs, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
		games = append(games, gs)
	}
	merged, err := results.Merge(games...)
	if err != nil {
		t.Fatal(err)
	}
	meta, err := rundir.ReadMeta(dirs[0])
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	sum, err := rundir.WriteRun(out, meta, merged)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != whole.Played || jsonOf(t, sum.Pairings) != jsonOf(t, whole.Pairings) || jsonOf(t, sum.Ratings) != jsonOf(t, whole.Ratings) {
		t.Errorf("merged shards differ from one run:\n%+v\n%+v", sum, whole)
	}
	if _, err := rundir.WriteRun(out, meta, merged); err == nil {
		t.Error("merging into a directory with a journal: no error")
	}
}

func TestRunRefusesAnotherRunsDirectory(t *testing.T) {
	dir := t.TempDir()
	if _, err := Run(context.Background(), resolved(t, parseRun(t, smallRR)), Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	other := strings.Replace(smallRR, "seed: 3", "seed: 4", 1)
	_, err := Run(context.Background(), resolved(t, parseRun(t, other)), Options{Out: dir})
	want := dir + " holds run small played with other settings; give another -out, or undo the changes:\n" +
		"  engine greedy: seed 3 -> 4\n  engine random: seed 3 -> 4\n  seed 3 -> 4"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want\n%s", err, want)
	}
}

func TestSPRTStops(t *testing.T) {
	r := parseRun(t, `
name: sprt
variant: losalamos-bunkers
seed: 1
tournament: {type: sprt, games: 400}
sprt: {elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05}
openings: {plies: 4}
time_control: {depth: 2}
engines:
  - {name: ab, kind: alphabeta}
  - {name: random, kind: random}
`)
	dir := t.TempDir()
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if sum.SPRT == nil || sum.SPRT.Decision.String() != "H1 accepted" {
		t.Fatalf("SPRT %+v", sum.SPRT)
	}
	if sum.Played >= 400 || sum.Played+sum.PastDecision != len(journalIDs(t, dir)) || sum.Played != sum.SPRT.Penta.Games() {
		t.Errorf("SPRT decided after %d games (%d past the decision) but %d are in the journal", sum.Played, sum.PastDecision, len(journalIDs(t, dir)))
	}
	// Resuming a decided test plays nothing more.
	again, err := Run(context.Background(), resolved(t, r), Options{Out: dir})
	if err != nil || again.Played != sum.Played {
		t.Errorf("resumed decided SPRT: %d games, %v", again.Played, err)
	}
}

// buildFaulty builds the misbehaving UCI engine of engines/uci's tests.
func buildFaulty(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "faultyengine")
	cmd := exec.Command("go", "build", "-o", bin, "varena/engines/uci/internal/faultyengine")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build faulty engine: %v\n%s", err, out)
	}
	return bin
}

func TestFaultyEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test engine")
	}
	bin := buildFaulty(t)
	const timed = "{movetime: 0.05, margin: 0.2}"
	tests := []struct {
		mode, term, tc string
	}{
		{"crash", results.TermEngineCrash, timed},
		{"hang", results.TermTimeForfeit, timed},
		// A hang under a depth limit is a stall after stall_timeout.
		{"hang", results.TermStall, "{depth: 2, stall_timeout: 0.3}"},
		// A protocol failure is a disconnect (fastchess), not an illegal move.
		{"garbage", results.TermEngineCrash, timed},
		{"badmove", results.TermIllegalMove, timed},
		{"illegal", results.TermIllegalMove, timed},
	}
	// Every game starts from the initial position: no side can lose a
	// whole species in the faulty engine's first two moves (its captures
	// first, see faultyengine), so each game reaches the fault whatever
	// the built-in book holds.
	for _, tt := range tests {
		t.Run(tt.mode+"/"+tt.term, func(t *testing.T) {
			r := parseRun(t, fmt.Sprintf(`
name: faults
variant: extinction
tournament: {type: round-robin, games: 4}
openings: {plies: 0}
time_control: %s
engines:
  - {name: faulty, kind: uci, command: %q, args: [-mode, %s, -after, "2"]}
  - {name: random, kind: random}
`, tt.tc, bin, tt.mode))
			dir := t.TempDir()
			sum, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 1})
			if err != nil {
				t.Fatal(err)
			}
			// The tournament went on: every game finished, each lost by
			// the faulty engine with the reason recorded.
			if sum.Played != 4 {
				t.Fatalf("%d games played, want 4", sum.Played)
			}
			if got := sum.Faults["faulty"][tt.term]; got != 4 {
				t.Errorf("faults %v, want 4 x %s", sum.Faults, tt.term)
			}
			games, _ := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
			for _, g := range games {
				if g.Reason == "" {
					t.Errorf("game %d: no reason recorded", g.ID)
				}
			}
		})
	}
}

const multiRR = `
name: multi
seed: 2
variants: [extinction, losalamos-bunkers, evolution]
variant_schedule: all
tournament: {type: round-robin, games: 2}
openings: {plies: 2}
time_control: {depth: 1}
adjudication: {max_plies: 160}
engines:
  - {name: ab, kind: alphabeta}
  - {name: greedy, kind: greedy, declines: [evolution]}
  - {name: random, kind: random, plays: [extinction, evolution]}
`

func TestMultivariantRun(t *testing.T) {
	r := parseRun(t, multiRR)
	dir := t.TempDir()
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	// ab-greedy: E, L; ab-random: E, V; greedy-random: E. 2 games each.
	if sum.Played != 10 {
		t.Fatalf("%d games, want 10", sum.Played)
	}
	games, _ := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	for _, g := range games {
		if (g.White == "greedy" || g.Black == "greedy") && g.Variant == "evolution" ||
			(g.White == "random" || g.Black == "random") && g.Variant == "losalamos-bunkers" {
			t.Errorf("game %d: %s-%s in %s, which one declines", g.ID, g.White, g.Black, g.Variant)
		}
	}
	pgs, _ := results.ReadPGNFile(filepath.Join(dir, rundir.PGNFile))
	variantTags := map[string]int{}
	for _, pg := range pgs {
		variantTags[pg.Tags["Variant"]]++
	}
	if variantTags["extinction"] != 6 || variantTags["losalamos-bunkers"] != 2 || variantTags["evolution"] != 2 {
		t.Errorf("PGN Variant tags %v", variantTags)
	}
	if len(sum.VariantRatings) != 3 || len(sum.Standings) != 3 {
		t.Errorf("summary lacks per-variant ratings or standings: %+v", sum)
	}
	// Shards merge to the same result.
	var journals [][]results.Game
	for i := 1; i <= 2; i++ {
		d := t.TempDir()
		if _, err := Run(context.Background(), resolved(t, r), Options{Out: d, Shard: i, Shards: 2}); err != nil {
			t.Fatal(err)
		}
		gs, _ := results.ReadJournal(filepath.Join(d, rundir.JournalFile))
		journals = append(journals, gs)
	}
	merged, _ := results.Merge(journals...)
	meta, _ := rundir.ReadMeta(dir)
	msum, err := rundir.WriteRun(t.TempDir(), meta, merged)
	if err != nil {
		t.Fatal(err)
	}
	if jsonOf(t, msum.Standings) != jsonOf(t, sum.Standings) || jsonOf(t, msum.VariantRatings) != jsonOf(t, sum.VariantRatings) {
		t.Errorf("merged shards differ from one run")
	}
}

// An engine that starts for the pre-flight but not again for a worker
// loses the games it cannot play, with the reason, and the run goes on;
// the engine started for the pre-flight plays the first game.
func TestEngineStartFailure(t *testing.T) {
	r := parseRun(t, `
name: flaky
variant: extinction
tournament: {type: round-robin, games: 4}
time_control: {depth: 1}
engines:
  - {name: flaky, kind: uci, command: flaky-engine, restart: always}
  - {name: random, kind: random}
`)
	var starts atomic.Int64
	factory := func(ctx context.Context, r *plan.Plan, e plan.Engine, out string) (player.Player, error) {
		if e.Name != "flaky" {
			return DefaultPlayer(ctx, r, e, out)
		}
		if starts.Add(1) > 1 {
			return nil, errors.New("exec: no such program")
		}
		return player.NewRandom("flaky", 1), nil
	}
	dir := t.TempDir()
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 1, NewPlayer: factory})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != 4 {
		t.Fatalf("%d games played, want 4", sum.Played)
	}
	games, _ := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	slices.SortFunc(games, func(a, b results.Game) int { return a.ID - b.ID })
	for i, g := range games {
		startFailed := g.Termination == results.TermEngineCrash && strings.Contains(g.Reason, "no such program")
		if first := i == 0; first == startFailed {
			t.Errorf("game %d: %s (%s); want %s", g.ID, g.Termination, g.Reason,
				map[bool]string{true: "played by the pre-flight's engine", false: "lost by flaky, which could not start"}[first])
		}
		if startFailed && rundir.FaultLoser(g) != "flaky" {
			t.Errorf("game %d: lost by %q, want flaky", g.ID, rundir.FaultLoser(g))
		}
	}
	if n := starts.Load(); n != 4 {
		t.Errorf("flaky started %d times, want 4 (pre-flight, then a try for each later game)", n)
	}
}

// Fairy-Stockfish plays the same games whether it is sent the whole game
// or only the history since the last capture or pawn move: at a fixed
// depth its search depends on the position and the repetition history,
// which both forms carry. (Skipped without Fairy-Stockfish.)
func TestFairyStockfishHistories(t *testing.T) {
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(fsf); err != nil {
		t.Skipf("no Fairy-Stockfish at %s (apt-get install fairy-stockfish)", fsf)
	}
	moves := map[string]map[int]string{}
	for _, history := range []string{configs.HistoryGame, configs.HistoryReversible} {
		r := parseRun(t, fmt.Sprintf(`
variant: extinction
seed: 4
tournament: {type: round-robin, games: 12}
openings: {plies: 4}
time_control: {depth: 2}
engines:
  - {name: a, kind: uci, command: %s, history: %s}
  - {name: b, kind: uci, command: %s, history: %s}
`, fsf, history, fsf, history))
		dir := t.TempDir()
		sum, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 2})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Played != 12 || len(sum.Faults) > 0 {
			t.Fatalf("history %s: %d games, faults %v", history, sum.Played, sum.Faults)
		}
		games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
		if err != nil {
			t.Fatal(err)
		}
		moves[history] = map[int]string{}
		for _, g := range games {
			var line []string
			for _, m := range g.Moves {
				line = append(line, m.UCI)
			}
			moves[history][g.ID] = strings.Join(line, " ") + " " + g.Result
		}
	}
	for id, game := range moves[configs.HistoryGame] {
		if rev := moves[configs.HistoryReversible][id]; rev != game {
			t.Errorf("game %d differs:\n whole game: %s\n reversible: %s", id, game, rev)
		}
	}
}

// TestEnginePGNComments: an engine's "info string pgncomment" lines go
// into its move's record and its PGN comment, after the score and time,
// and read back from the PGN.
func TestEnginePGNComments(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test engine")
	}
	bin := buildFaulty(t)
	r := parseRun(t, fmt.Sprintf(`
name: comments
variant: extinction
tournament: {type: round-robin, games: 2}
openings: {plies: 0}
time_control: {depth: 1}
adjudication: {max_plies: 12}
engines:
  - {name: talker, kind: uci, command: %q, args: [-mode, comment]}
  - {name: random, kind: random}
`, bin))
	dir := t.TempDir()
	if _, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 1}); err != nil {
		t.Fatal(err)
	}
	games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	pgn, err := os.ReadFile(filepath.Join(dir, rundir.PGNFile))
	if err != nil {
		t.Fatal(err)
	}
	read, err := results.ReadPGN(bytes.NewReader(pgn))
	if err != nil {
		t.Fatal(err)
	}
	for k, g := range games {
		back := results.ToGame(read[k])
		for i, m := range g.Moves {
			talker := (g.White == "talker") == (i%2 == 0)
			// "move N": the engine process counts its moves over games.
			if talker && !(strings.HasPrefix(m.Comment, "move ") && strings.HasSuffix(m.Comment, ", {from the faulty engine}")) {
				t.Errorf("game %d ply %d: comment %q, want \"move N, {from the faulty engine}\"", g.ID, i+1, m.Comment)
			}
			if !talker && m.Comment != "" {
				t.Errorf("game %d ply %d: random's move has comment %q", g.ID, i+1, m.Comment)
			}
			// The PGN keeps it, '}' made ')' (a '{' may stand in a
			// comment); the end stays the end.
			if want := strings.ReplaceAll(m.Comment, "}", ")"); back.Moves[i].Comment != want {
				t.Errorf("game %d ply %d: read back %q, want %q", g.ID, i+1, back.Moves[i].Comment, want)
			}
		}
		if back.Termination != g.Termination || back.Result != g.Result {
			t.Errorf("game %d: read back %q %s, wrote %q %s", g.ID, back.Termination, back.Result, g.Termination, g.Result)
		}
	}
	if !strings.Contains(string(pgn), "move 1, {from the faulty engine)}") {
		t.Errorf("PGN lacks the comment:\n%.600s", pgn)
	}
}

// resolved is the plan of a run parsed by a test.
func resolved(t testing.TB, r *configs.Run) *plan.Plan {
	t.Helper()
	p, err := plan.Resolve(r)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
