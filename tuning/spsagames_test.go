package tuning

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/check"
	"varena/engines/search"
	"varena/engines/variants"
)

const fairyStockfish = "/usr/games/fairy-stockfish"

func needFSF(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(fairyStockfish); err != nil {
		t.Skipf("Fairy-Stockfish not installed (%s): %v", fairyStockfish, err)
	}
}

func loadTune(t *testing.T, text string) *configs.SPSATune {
	t.Helper()
	tu, err := configs.ParseSPSA("t.yaml", []byte(text), check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	return tu
}

func runTune(t *testing.T, tu *configs.SPSATune, dir string) (*SPSAResult, []Param, error) {
	t.Helper()
	gp, err := NewGamePairs(tu, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	params := gp.Params()
	cfg := SPSAConfig{Params: params,
		Schedule:    Schedule{Iterations: tu.SPSA.Iterations, A: *tu.SPSA.A, Alpha: tu.SPSA.Alpha, Gamma: tu.SPSA.Gamma},
		Seed:        tu.Seed,
		Concurrency: tu.Concurrency,
		Out:         dir,
		Fingerprint: tu.Fingerprint(),
	}
	res, err := RunSPSA(context.Background(), cfg, gp)
	if res != nil {
		if werr := WriteSPSAFinal(dir, tu, params, res); werr != nil {
			t.Fatal(werr)
		}
	}
	return res, params, err
}

// A short SPSA run of an external engine's UCI option through the arena:
// every iteration is a colour-reversed pair, journaled with its games,
// and the final values are written as an engine entry and setoption
// lines.
func TestSPSAExternalEngineOption(t *testing.T) {
	needFSF(t)
	tu := loadTune(t, `method: spsa
variant: extinction
seed: 3
concurrency: 2
spsa:
  iterations: 4
  parameters:
    - {name: Skill Level, start: 0, min: -20, max: 20, c_end: 2, r_end: 0.02}
time_control: {nodes: 300}
openings: {plies: 4}
adjudication: {max_plies: 200}
engines:
  - {name: fsf, kind: uci, command: `+fairyStockfish+`}
`)
	dir := t.TempDir()
	res, _, err := runTune(t, tu, dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Done != 4 {
		t.Fatalf("%d iterations done", res.Done)
	}
	ids := map[int]bool{}
	for _, st := range res.Steps {
		if len(st.Games) != 2 || st.Wins+st.Draws+st.Losses != 2 {
			t.Fatalf("iteration %d: %d games, %d-%d-%d", st.K, len(st.Games), st.Wins, st.Draws, st.Losses)
		}
		a, b := st.Games[0], st.Games[1]
		if a.White != "fsf+" || a.Black != "fsf-" || b.White != "fsf-" || b.Black != "fsf+" || a.StartFEN != b.StartFEN {
			t.Errorf("iteration %d: not a colour-reversed pair of fsf+ and fsf-: %s-%s, %s-%s", st.K, a.White, a.Black, b.White, b.Black)
		}
		if st.Plus[0] == st.Minus[0] && st.Plus[0] != -20 && st.Plus[0] != 20 {
			t.Errorf("iteration %d: theta+ = theta- = %g", st.K, st.Plus[0])
		}
		for _, g := range st.Games {
			if ids[g.ID] {
				t.Errorf("game id %d twice", g.ID)
			}
			ids[g.ID] = true
		}
	}
	pgn, _ := os.ReadFile(filepath.Join(dir, SPSAPGNFile))
	if n := strings.Count(string(pgn), "[Event "); n != 8 {
		t.Errorf("games.pgn holds %d games, want 8", n)
	}
	uci, _ := os.ReadFile(filepath.Join(dir, SPSAFinalUCI))
	if !strings.HasPrefix(string(uci), "setoption name Skill Level value ") {
		t.Errorf("final.uci: %q", uci)
	}
	final, _ := os.ReadFile(filepath.Join(dir, SPSAFinalYAML))
	if !strings.Contains(string(final), "Skill Level:") || !strings.Contains(string(final), "name: fsf-tuned") {
		t.Errorf("final.yaml:\n%s", final)
	}
}

// Against an opponent, theta+ and theta- each play a pair against it:
// four games an iteration, counted from theta+'s side.
func TestSPSAOpponent(t *testing.T) {
	needFSF(t)
	tu := loadTune(t, `method: spsa
variant: extinction
seed: 3
concurrency: 1
spsa:
  iterations: 1
  engine: fsf
  opponent: greedy
  parameters:
    - {name: Skill Level, start: 0, min: -20, max: 20, c_end: 2, r_end: 0.02}
time_control: {nodes: 300}
openings: {plies: 4}
adjudication: {max_plies: 200}
engines:
  - {name: greedy, kind: greedy}
  - {name: fsf, kind: uci, command: `+fairyStockfish+`}
`)
	res, _, err := runTune(t, tu, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	st := res.Steps[0]
	if len(st.Games) != 4 || st.Wins+st.Draws+st.Losses != 4 {
		t.Fatalf("%d games, %d-%d-%d", len(st.Games), st.Wins, st.Draws, st.Losses)
	}
	want := [][2]string{{"fsf+", "greedy"}, {"greedy", "fsf+"}, {"fsf-", "greedy"}, {"greedy", "fsf-"}}
	for i, g := range st.Games {
		if g.White != want[i][0] || g.Black != want[i][1] || g.ID != i+1 {
			t.Errorf("game %d: id %d %s-%s, want %s-%s", i, g.ID, g.White, g.Black, want[i][0], want[i][1])
		}
	}
}

// A parameter the engine does not have, or whose range goes beyond the
// option's, is refused before any game.
func TestSPSAUnknownOption(t *testing.T) {
	needFSF(t)
	for _, tt := range []struct{ param, want string }{
		{"{name: Nonsense, start: 0, min: -1, max: 1, c_end: 0.5, r_end: 0.02}", `no UCI option "Nonsense"`},
		{"{name: Contempt, start: 0, min: -200, max: 100, c_end: 5, r_end: 0.02}", "goes beyond the engine's [-100, 100]"},
		{"{name: Ponder, start: 0, min: 0, max: 1, c_end: 0.5, r_end: 0.02}", "is a check, not a spin"},
	} {
		tu := loadTune(t, `method: spsa
variant: extinction
spsa:
  iterations: 1
  parameters: [`+tt.param+`]
time_control: {nodes: 300}
engines: [{name: fsf, kind: uci, command: `+fairyStockfish+`}]
`)
		_, _, err := runTune(t, tu, t.TempDir())
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.param, err, tt.want)
		}
	}
}

// A short real SPSA run of the built-in engine's search parameters at a
// tiny node limit: it finishes, writes its files, and the final values
// are an alphabeta entry with the parameters as options.
func TestSPSABuiltinSearchParams(t *testing.T) {
	tu := loadTune(t, `method: spsa
variant: extinction
seed: 2
concurrency: 2
spsa:
  iterations: 3
  parameters:
    - {name: FutilityMargin, start: 200, min: 50, max: 500, c_end: 20, r_end: 0.002}
    - {name: Aspiration, start: 35, min: 5, max: 200, c_end: 8, r_end: 0.002}
time_control: {nodes: 200}
openings: {plies: 4}
adjudication: {max_plies: 120}
engines:
  - {name: varena, kind: alphabeta, hash: 1}
`)
	dir := t.TempDir()
	res, _, err := runTune(t, tu, dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Done != 3 || len(res.Steps) != 3 {
		t.Fatalf("%d iterations done", res.Done)
	}
	for _, st := range res.Steps {
		if len(st.Games) != 2 || st.Games[0].White != "varena+" || st.Games[1].White != "varena-" {
			t.Errorf("iteration %d: games %+v", st.K, st.Games)
		}
		for i, name := range res.Names {
			if st.Plus[i] == st.Minus[i] {
				t.Errorf("iteration %d: %s not perturbed (%g)", st.K, name, st.Plus[i])
			}
		}
	}
	for _, f := range []string{SPSAJournalFile, SPSATrajectoryFile, SPSAMetaFile, SPSAPGNFile, SPSAFinalYAML, SPSAFinalUCI} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	final, _ := os.ReadFile(filepath.Join(dir, SPSAFinalYAML))
	for _, want := range []string{"kind: alphabeta", "FutilityMargin:", "Aspiration:", "name: varena-tuned"} {
		if !strings.Contains(string(final), want) {
			t.Errorf("final.yaml lacks %q:\n%s", want, final)
		}
	}
	// The final entry is a valid engine of a run config.
	entry := strings.SplitN(string(final), "engines:\n", 2)[1]
	run := "variant: extinction\ntime_control: {nodes: 100}\nengines:\n" + entry + "  - {name: other, kind: random}\n"
	if _, err := configs.Parse("final.yaml", []byte(run), check.Validating()); err != nil {
		t.Errorf("final.yaml's entry is not a valid engine: %v\n%s", err, run)
	}
}

// A search parameter the built-in engine lacks is refused before any
// game: by the config's check, as the command line checks it, and by the
// tune itself when a caller's checker leaves the parameters unchecked.
func TestSPSABuiltinUnknownParam(t *testing.T) {
	const text = `method: spsa
variant: extinction
spsa:
  iterations: 1
  parameters: [{name: Nonsense, start: 0, min: -1, max: 1, c_end: 0.5, r_end: 0.02}]
time_control: {nodes: 100}
engines: [{name: varena, kind: alphabeta}]
`
	if _, err := configs.ParseSPSA("t.yaml", []byte(text), check.Validating()); err == nil || !strings.Contains(err.Error(), `t.yaml:5: spsa parameter Nonsense: unknown search parameter "Nonsense"`) {
		t.Errorf("the config check: err = %v", err)
	}
	tu, err := configs.ParseSPSA("t.yaml", []byte(text), configs.Checker{Variants: variants.Names()})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = runTune(t, tu, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), `no search parameter "Nonsense"`) {
		t.Errorf("the tune: err = %v", err)
	}
}

// Evaluation weights of the built-in engine are tuned by name beside its
// search parameters; they end in a weights file the final entry uses.
func TestSPSABuiltinEvalWeights(t *testing.T) {
	tu := loadTune(t, `method: spsa
variant: extinction
seed: 2
concurrency: 1
spsa:
  iterations: 2
  parameters:
    - {name: material_knight_mg, start: 300, min: 200, max: 400, c_end: 20, r_end: 0.01}
    - {name: Aspiration, start: 35, min: 5, max: 200, c_end: 8, r_end: 0.002}
time_control: {nodes: 200}
openings: {plies: 4}
adjudication: {max_plies: 120}
engines:
  - {name: varena, kind: alphabeta, hash: 1}
`)
	dir := t.TempDir()
	res, params, err := runTune(t, tu, dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, SPSAFinalWeights))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := variants.ByName("extinction")
	w, err := search.ParseWeights(v, SPSAFinalWeights, data)
	if err != nil {
		t.Fatalf("final weights do not parse: %v", err)
	}
	want, _ := strconv.ParseFloat(formatValue(params[0], res.Theta[0]), 64)
	if got, _ := w.Get("material_knight_mg"); got != want {
		t.Errorf("material_knight_mg = %g in the file, want %g", got, want)
	}
	final, _ := os.ReadFile(filepath.Join(dir, SPSAFinalYAML))
	if !strings.Contains(string(final), "extinction: "+SPSAFinalWeights) || strings.Contains(string(final), "material_knight_mg:") {
		t.Errorf("final.yaml should name the weights file and keep the weight out of options:\n%s", final)
	}
	uci, _ := os.ReadFile(filepath.Join(dir, SPSAFinalUCI))
	if strings.Contains(string(uci), "material_knight_mg") || !strings.Contains(string(uci), "Aspiration") {
		t.Errorf("final.uci:\n%s", uci)
	}
}
