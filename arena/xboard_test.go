package arena

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/check"
	"varena/results"
	"varena/results/rundir"
)

// needPrograms skips the test unless every program is installed.
func needPrograms(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("needs %s (Debian packages fairymax, sjaakii, fairy-stockfish; .ci/run installs them): %v", p, err)
		}
	}
}

// playXboard runs the config text (a variants.ini beside it) and checks
// that every game ended by the rules, an adjudication or a resignation,
// none by a fault or an illegal claim: Sjaak II resigns a shatranj game
// by claiming its opponent's win when its king is bare, a move before
// the rules end it. It returns the games and the run's notes.
func playXboard(t *testing.T, ini, config string, games int) ([]results.Game, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "v.ini"), []byte(ini), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "run.yaml")
	if err := os.WriteFile(path, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := configs.Load(path, check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if a := os.Getenv("VARENA_ARTIFACTS"); a != "" {
		// The protocol log kept for a look at what was said.
		defer func() {
			data, _ := os.ReadFile(filepath.Join(dir, "protocol.log"))
			os.WriteFile(filepath.Join(a, r.Name+".protocol.log"), data, 0o644)
		}()
	}
	var notes strings.Builder
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: out, Concurrency: 2, ProtocolLog: filepath.Join(dir, "protocol.log"), Notes: &notes})
	if err != nil {
		t.Fatal(err)
	}
	games2, err := results.ReadJournal(filepath.Join(out, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var ends []string
	for _, g := range games2 {
		ends = append(ends, fmt.Sprintf("%s-%s %s %s (%d plies) %s", g.White, g.Black, g.Result, g.Termination, len(g.Moves), g.Reason))
	}
	t.Logf("%s", strings.Join(ends, "\n"))
	if sum.Played != games || len(sum.Faults) > 0 {
		log, _ := os.ReadFile(filepath.Join(dir, "protocol.log"))
		if len(log) > 20000 {
			log = log[len(log)-20000:]
		}
		t.Fatalf("%d games of %d, faults %v\n%s", sum.Played, games, sum.Faults, log)
	}
	for _, g := range games2 {
		switch g.Termination {
		case results.TermIllegalMove, results.TermEngineCrash, results.TermTimeForfeit, results.TermStall:
			t.Errorf("game %d ended by %s: %s", g.ID, g.Termination, g.Reason)
		}
	}
	return games2, notes.String()
}

// Fairy-Max against Sjaak II over xboard, 2 games each in shatranj and
// knightmate on a short clock; and Fairy-Stockfish over xboard against
// Fairy-Stockfish over UCI in king of the hill: every game ends by the
// rules (or the ply cap), without a fault. (Skipped without the
// programs.)
func TestXboardEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: games of real xboard engines")
	}
	const fairyMax, sjaak, fsf = "/usr/games/fairymax", "/usr/games/sjaakii", "/usr/games/fairy-stockfish"
	t.Run("fairymax-sjaak", func(t *testing.T) {
		needPrograms(t, fairyMax, sjaak)
		for _, v := range []string{"shatranj", "knightmate"} {
			t.Run(v, func(t *testing.T) {
				t.Parallel()
				playXboard(t, fmt.Sprintf("[x%s:%s]\n", v, v), fmt.Sprintf(`name: xb-%[1]s
variant: x%[1]s
variant_file: v.ini
seed: 1
tournament: {type: round-robin, games: 2}
openings: {plies: 0}
time_control: {clock: 2+0.05}
adjudication: {max_plies: 160}
engines:
  - {name: fairymax, kind: xboard, command: %[2]s, variant_names: {x%[1]s: %[1]s}}
  - {name: sjaak, kind: xboard, command: %[3]s, variant_names: {x%[1]s: %[1]s}}
`, v, fairyMax, sjaak), 2)
			})
		}
	})
	t.Run("fsf-xboard-uci", func(t *testing.T) {
		needPrograms(t, fsf)
		t.Parallel()
		playXboard(t, "[hill:kingofthehill]\n", fmt.Sprintf(`name: xb-hill
variant: hill
variant_file: v.ini
seed: 1
tournament: {type: round-robin, games: 2}
openings: {plies: 4}
time_control: {depth: 6}
adjudication: {max_plies: 200}
engines:
  - {name: fsf-xboard, kind: xboard, command: %[1]s, variant_names: {hill: kingofthehill}, options: {memory: 16}}
  - {name: fsf-uci, kind: uci, command: %[1]s, options: {VariantPath: v.ini, Hash: 16}, dir: .}
`, fsf), 2)
	})
}

// TestXboardFaultyEngines: each fault of an xboard engine ends its game
// with a termination and a reason, a claim by the referee's judgement,
// and the run plays all its games.
func TestXboardFaultyEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test engine")
	}
	bin := filepath.Join(t.TempDir(), "faultyengine")
	if out, err := exec.Command("go", "build", "-o", bin, "varena/engines/xboard/internal/faultyengine").CombinedOutput(); err != nil {
		t.Fatalf("build faulty engine: %v\n%s", err, out)
	}
	const timed = "{movetime: 0.05, margin: 0.2}"
	for _, tt := range []struct {
		mode, after, variant, term, reason string
	}{
		{"crash", "2", "extinction", results.TermEngineCrash, "exited while thinking"},
		{"hang", "2", "extinction", results.TermTimeForfeit, "no move"},
		{"nopong", "1", "extinction", results.TermTimeForfeit, "no pong"},
		{"garbage", "2", "extinction", results.TermIllegalMove, "zz99"},
		{"illegal", "2", "extinction", results.TermIllegalMove, "not a legal move"},
		{"claim", "2", "extinction", results.TermIllegalMove, "illegal claim"},
		{"claimafter", "2", "extinction", results.TermIllegalMove, "illegal claim"},
		{"moveafterclaim", "2", "extinction", results.TermIllegalMove, "illegal claim"},
		{"resign", "2", "extinction", results.TermResignation, "faulty resigns"},
		{"concede", "2", "extinction", results.TermResignation, "faulty claims"},
		{"novariant", "0", "losalamos-extinction", results.TermIllegalMove, "move"},
		{"errvariant", "0", "losalamos-extinction", results.TermEngineCrash, "refuses the game's setup"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			t.Parallel()
			r := parseRun(t, fmt.Sprintf(`
name: faults
variant: %s
tournament: {type: round-robin, games: 2}
openings: {plies: 0}
time_control: %s
engines:
  - {name: faulty, kind: xboard, command: %q, args: [-mode, %s, -after, %q]}
  - {name: random, kind: random}
`, tt.variant, timed, bin, tt.mode, tt.after))
			dir := t.TempDir()
			sum, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 2})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Played != 2 {
				t.Fatalf("%d games played, want 2", sum.Played)
			}
			games, _ := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
			for _, g := range games {
				lost := g.White == "faulty" && g.Result == results.BlackWins || g.Black == "faulty" && g.Result == results.WhiteWins
				if g.Termination != tt.term || !strings.Contains(g.Reason, tt.reason) || !lost {
					t.Errorf("game %d: %s %s (%s); want a loss of faulty by %s saying %q", g.ID, g.Result, g.Termination, g.Reason, tt.term, tt.reason)
				}
			}
		})
	}
}

// An xboard engine asked to play a variant it does not offer is refused
// in one line naming the variants it plays.
func TestXboardVariantRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test engine")
	}
	bin := filepath.Join(t.TempDir(), "faultyengine")
	if out, err := exec.Command("go", "build", "-o", bin, "varena/engines/xboard/internal/faultyengine").CombinedOutput(); err != nil {
		t.Fatalf("build faulty engine: %v\n%s", err, out)
	}
	r := parseRun(t, fmt.Sprintf(`
name: refused
variant: evolution
tournament: {type: round-robin, games: 2}
time_control: {depth: 1}
engines:
  - {name: xb, kind: xboard, command: %q, args: [-variants, "normal,shatranj"], plays: [evolution]}
  - {name: random, kind: random}
`, bin))
	_, err := Run(context.Background(), resolved(t, r), Options{Out: t.TempDir()})
	if want := "engine xb: does not offer variant evolution; it plays normal, shatranj"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Run: %v; want %q", err, want)
	}
}
