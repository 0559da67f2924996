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
	"varena/engines/variants"
	"varena/results"
	"varena/results/rundir"
)

// parsePlayable parses a run config that may name Fairy-Stockfish's
// built-in variants, as varena run takes them.
func parsePlayable(t *testing.T, text string) *configs.Run {
	t.Helper()
	r, err := configs.Parse("test.yaml", []byte(text), check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// playPlayable runs the config text with a protocol log and checks that
// every game ended by the rules or an adjudication, none by a fault, a
// claim or a resignation.
func playPlayable(t *testing.T, text string) []results.Game {
	t.Helper()
	r := parsePlayable(t, text)
	dir := t.TempDir()
	log := filepath.Join(dir, "protocol.log")
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: filepath.Join(dir, "out"), Concurrency: 2, ProtocolLog: log})
	if err != nil {
		t.Fatal(err)
	}
	games, err := results.ReadJournal(filepath.Join(dir, "out", rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		t.Logf("%s-%s %s %s (%d plies) %s", g.White, g.Black, g.Result, g.Termination, len(g.Moves), g.Reason)
		switch g.Termination {
		case results.TermResignation, results.TermIllegalMove, results.TermEngineCrash, results.TermTimeForfeit, results.TermStall:
			t.Errorf("game %d ended by %s: %s", g.ID, g.Termination, g.Reason)
		}
	}
	if want := r.Tournament.Games; sum.Played != want || len(sum.Faults) > 0 {
		data, _ := os.ReadFile(log)
		if len(data) > 20000 {
			data = data[len(data)-20000:]
		}
		t.Fatalf("%d games of %d, faults %v\n%s", sum.Played, want, sum.Faults, data)
	}
	return games
}

// Fairy-Stockfish over UCCI against Fairy-Stockfish over UCI in xiangqi,
// and over USI against over UCI in minishogi (with drops) and in
// minixiangqi (a 7x7 board in USI's square names), 2 games each at a
// few thousand nodes: every game ends by the rules (or the ply cap),
// none by a fault. With the newer build of the shared folder too, where
// it is there. (Skipped without the programs; minishogi until varena
// plays it.)
func TestDialectEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: games of real USI and UCCI engines")
	}
	for _, fsf := range []string{"/usr/games/fairy-stockfish", "/work/shared/fairy-stockfish/fairy-stockfish-c19b5f6"} {
		for _, c := range []struct{ kind, variant string }{
			{"ucci", "xiangqi"},
			{"usi", "minishogi"},
			{"usi", "minixiangqi"},
		} {
			t.Run(fmt.Sprintf("%s-%s-%s", filepath.Base(fsf), c.kind, c.variant), func(t *testing.T) {
				needPrograms(t, fsf)
				if _, err := variants.ByName(c.variant); err != nil {
					t.Skipf("varena does not play %s yet: %v", c.variant, err)
				}
				t.Parallel()
				games := playPlayable(t, fmt.Sprintf(`name: %[2]s-%[3]s
variant: %[3]s
seed: 1
tournament: {type: round-robin, games: 2}
openings: {plies: 4}
time_control: {nodes: 3000}
adjudication: {max_plies: 200}
engines:
  - {name: fsf-%[2]s, kind: %[2]s, command: %[1]s}
  - {name: fsf-uci, kind: uci, command: %[1]s, options: {Hash: 16}}
`, fsf, c.kind, c.variant))
				if c.variant == "minishogi" {
					drops := 0
					for _, g := range games {
						for _, m := range g.Moves {
							if strings.Contains(m.UCI, "@") {
								drops++
							}
						}
					}
					if drops == 0 {
						t.Error("no drop in the games: USI's P*5e untried")
					}
					t.Logf("%d drops", drops)
				}
			})
		}
	}
}

// TestDialectFaults: each fault of a USI or UCCI engine ends its game
// with a termination and a reason, a resignation or a declared win by
// the referee's judgement, and the run plays all its games.
func TestDialectFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test engine")
	}
	bin := filepath.Join(t.TempDir(), "fakeengine")
	if out, err := exec.Command("go", "build", "-o", bin, "varena/engines/dialect/internal/fakeengine").CombinedOutput(); err != nil {
		t.Fatalf("build fake engine: %v\n%s", err, out)
	}
	for _, tt := range []struct {
		proto, mode, variant, term, reason string
	}{
		{"usi", "crash", "minixiangqi", results.TermEngineCrash, "exited while thinking"},
		{"ucci", "crash", "xiangqi", results.TermEngineCrash, "exited while thinking"},
		{"usi", "hang", "minixiangqi", results.TermTimeForfeit, "no bestmove"},
		{"ucci", "hang", "xiangqi", results.TermTimeForfeit, "no bestmove"},
		{"usi", "garbage", "minixiangqi", results.TermEngineCrash, "bestmove without a move"},
		{"ucci", "illegal", "xiangqi", results.TermIllegalMove, "not a legal move"},
		{"usi", "varenamove", "minixiangqi", results.TermIllegalMove, "bestmove"},
		{"ucci", "varenamove", "xiangqi", results.TermIllegalMove, "bestmove"},
		{"ucci", "nobestmove", "xiangqi", results.TermIllegalMove, "which has legal moves"},
		{"usi", "resign", "minixiangqi", results.TermResignation, "fake resigns"},
		{"usi", "win", "minixiangqi", results.TermIllegalMove, "illegal claim"},
	} {
		t.Run(tt.proto+"-"+tt.mode, func(t *testing.T) {
			t.Parallel()
			r := parsePlayable(t, fmt.Sprintf(`
name: faults
variant: %s
tournament: {type: round-robin, games: 2}
openings: {plies: 0}
time_control: {movetime: 0.05, margin: 0.2}
engines:
  - {name: fake, kind: %s, command: %q, args: [-proto, %s, -mode, %s, -after, "2"]}
  - {name: random, kind: random}
`, tt.variant, tt.proto, bin, tt.proto, tt.mode))
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
				lost := g.White == "fake" && g.Result == results.BlackWins || g.Black == "fake" && g.Result == results.WhiteWins
				if g.Termination != tt.term || !strings.Contains(g.Reason, tt.reason) || !lost {
					t.Errorf("game %d: %s %s (%s); want a loss of fake by %s saying %q", g.ID, g.Result, g.Termination, g.Reason, tt.term, tt.reason)
				}
			}
		})
	}
}

// A multivariant event pairs a USI or UCCI engine only in the variants
// its variant option lists (the option's absence is
// engines/dialect's TestSupports): neither plays standard chess here,
// and the USI engine could not play xiangqi's ten ranks anyway.
func TestDialectSupports(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test engine")
	}
	bin := filepath.Join(t.TempDir(), "fakeengine")
	if out, err := exec.Command("go", "build", "-o", bin, "varena/engines/dialect/internal/fakeengine").CombinedOutput(); err != nil {
		t.Fatalf("build fake engine: %v\n%s", err, out)
	}
	r := parsePlayable(t, fmt.Sprintf(`
name: multi
variants: [xiangqi, gardner, minixiangqi, standard]
tournament: {type: round-robin, games: 2}
openings: {plies: 0}
time_control: {nodes: 10}
adjudication: {max_plies: 20}
engines:
  - {name: ucci, kind: ucci, command: %[1]q, args: [-proto, ucci, -variants, "xiangqi,minixiangqi"]}
  - {name: usi, kind: usi, command: %[1]q, args: [-proto, usi, -variants, "gardner,minixiangqi"]}
  - {name: random, kind: random}
`, bin))
	dir := t.TempDir()
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	games, _ := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	plays := map[string]map[string]int{}
	for _, g := range games {
		for _, name := range []string{g.White, g.Black} {
			if plays[name] == nil {
				plays[name] = map[string]int{}
			}
			plays[name][g.Variant]++
		}
		if g.Termination == results.TermIllegalMove || g.Termination == results.TermEngineCrash {
			t.Errorf("game %d: %s %s", g.ID, g.Termination, g.Reason)
		}
	}
	want := map[string]map[string]int{
		"ucci":   {"xiangqi": 2, "minixiangqi": 4},
		"usi":    {"gardner": 2, "minixiangqi": 4},
		"random": {"xiangqi": 2, "gardner": 2, "minixiangqi": 4},
	}
	if fmt.Sprint(plays) != fmt.Sprint(want) || sum.Played != 10 {
		t.Errorf("%d games; engines played %v; want %v", sum.Played, plays, want)
	}
}
