package tuning

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"varena/configs"
	"varena/configs/check"
	"varena/engines/search"
	"varena/engines/variants"
)

// The whole loop on a small scale: datagen, the fit from a tune config,
// a weights file with its header that search.LoadWeights and a run
// config's weights: accept, and the verification match.
func TestTexelEndToEnd(t *testing.T) {
	v := variants.All[0]
	dir := t.TempDir()
	data := filepath.Join(dir, "d.epd")
	if _, err := Datagen(context.Background(), data, datagenOpts(t, v, 12, 2)); err != nil {
		t.Fatal(err)
	}
	// Every position is labelled won by the side with less material, so
	// the fit learns an evaluation that gives its pieces away, which loses
	// an extinction game at any depth: the verification match must find it
	// weaker whatever the search does, and 6 games lost, 3 pairs, are the
	// fewest whose 95% interval is below 0 (12 games' own results, and then the
	// same results swapped, gave weights that won or lost the 2-game match
	// by chance, changing with every change of the search or the weights).
	text, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	labelled, decisive := labelByLessMaterial(t, string(text))
	if decisive == 0 {
		t.Fatal("the datagen file has no position with unequal material")
	}
	// A broken line, skipped with a count.
	labelled += "not a position c9 \"1-0\";\n"
	if err := os.WriteFile(data, []byte(labelled), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "variant: extinction\ndata: [d.epd]\nfrozen: [tempo, 'last_*']\nl2: 0.000001\nk: 1\niterations: 30\nbad_data: skip\nout: w.yaml\n" +
		"verify: {games: 6, depth: 1, opening_plies: 2}\n"
	cfgPath := filepath.Join(dir, "t.yaml")
	os.WriteFile(cfgPath, []byte(src), 0o644)
	cfg, err := configs.LoadTune(cfgPath, check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	rep, err := Texel(context.Background(), cfg, TexelOptions{Log: &log})
	// The match finds the weights weaker (0-2), so they are rejected,
	// kept as w.yaml.rejected and not as w.yaml.
	if !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "the verify match found them weaker") {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if rep.Skipped != 1 || rep.Positions == 0 || rep.Fit.TrainAfter > rep.Fit.TrainBefore || rep.K <= 0 {
		t.Errorf("report %+v, fit %+v", rep, rep.Fit)
	}
	for _, gone := range []string{"w.yaml", "w.yaml.unverified"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
			t.Errorf("%s left after the match rejected the weights: %v", gone, err)
		}
	}
	out := filepath.Join(dir, "w.yaml.rejected")
	if rep.Out != out {
		t.Errorf("report's out %s, want %s", rep.Out, out)
	}
	text, _ = os.ReadFile(out)
	if !strings.HasPrefix(string(text), "# REJECTED: the verify match found them weaker (tuned vs start: 6 games, 0-0-6") {
		t.Errorf("rejected file's first line: %.150s", text)
	}
	for _, want := range []string{"# Data: ", "# Positions: ", "# K: ", "# Loss (MSE) before -> after: training", "validation", "frozen: tempo, last_*"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("header lacks %q:\n%s", want, text)
		}
	}
	w, err := search.LoadWeights(v, out)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := search.DefaultWeights(v)
	if got, _ := w.Get("tempo"); got != mustGet(start, "tempo") {
		t.Errorf("frozen tempo moved to %g", got)
	}
	if rep.Verify == nil || rep.Verify.WDL.Games() != 6 || rep.Verify.Penta.Pairs() != 3 {
		t.Errorf("verify: %+v", rep.Verify)
	}
	// The verification run's config named the tuned file as a run
	// config's weights: key does.
	if _, err := os.Stat(filepath.Join(dir, "w-verify", "summary.json")); err != nil {
		t.Error(err)
	}
}

func mustGet(w *search.Weights, name string) float64 {
	x, _ := w.Get(name)
	return x
}

// A broken line stops a tune that rejects bad data, with FILE:LINE.
func TestLoadDataRejects(t *testing.T) {
	v := variants.All[0]
	w, _ := search.DefaultWeights(v)
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.epd")
	os.WriteFile(p, []byte("# comment\n"+
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1-0\";\n\n"+
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - c9 \"1-0\";\n"), 0o644)
	_, _, err := LoadData(context.Background(), []string{p}, w, LoadOptions{})
	if err == nil || !strings.Contains(err.Error(), p+":4: ") {
		t.Fatalf("error %v, want %s:4", err, p)
	}
	d, st, err := LoadData(context.Background(), []string{p}, w, LoadOptions{Skip: true})
	if err != nil || d.Len() != 1 || st.Skipped != 1 || st.Lines != 2 {
		t.Fatalf("skip: %v, %d positions, %+v", err, d.Len(), st)
	}
	// The stored features reproduce the engine's evaluation (White's view).
	pos := v.StartPosition()
	if got, want := d.Eval(0, w.Values()), search.Evaluate(&pos, w, nil); math.Abs(got-want) > 1e-6 {
		t.Errorf("data set eval %g, engine %g", got, want)
	}
}

// shuffleData are five positions with halfmove clocks of 0, 19, 20, 57
// and none (0).
const shuffleData = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; c9 \"1-0\";\n" +
	"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - hmvc 19; c9 \"1/2-1/2\";\n" +
	"rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - hmvc 20; c9 \"1/2-1/2\";\n" +
	"rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - hmvc 57; fmvn 80; c9 \"1/2-1/2\";\n" +
	"r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - c9 \"1/2-1/2\";\n"

// HalfmoveLimit leaves out the positions whose halfmove clock (the hmvc
// operation; a line without one has a clock of 0) has reached the limit,
// and counts them.
func TestLoadDataHalfmoveLimit(t *testing.T) {
	v := variants.All[0]
	w, _ := search.DefaultWeights(v)
	p := filepath.Join(t.TempDir(), "shuffle.epd")
	os.WriteFile(p, []byte(shuffleData), 0o644)
	tests := []struct {
		limit, positions, left int
	}{
		{0, 5, 0},  // no limit
		{20, 3, 2}, // 20 and 57 reached it; no hmvc counts as 0
		{21, 4, 1}, // 19 and 20 stay, 57 reached it
		{58, 5, 0}, // all below
		{1, 2, 3},  // only clocks of 0
	}
	for _, tc := range tests {
		d, st, err := LoadData(context.Background(), []string{p}, w, LoadOptions{HalfmoveLimit: tc.limit})
		if err != nil {
			t.Fatal(err)
		}
		if d.Len() != tc.positions || st.Shuffle != tc.left || st.Lines != 5 {
			t.Errorf("limit %d: %d positions, %d left out of %d lines; want %d and %d of 5",
				tc.limit, d.Len(), st.Shuffle, st.Lines, tc.positions, tc.left)
		}
	}
}

// A tune config's halfmove_limit reaches the loader: the positions left
// out are counted in the report, the log and the weights header.
func TestTexelHalfmoveLimit(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "d.epd"), []byte(shuffleData), 0o644)
	src := "variant: extinction\ndata: [d.epd]\niterations: 2\nvalidation: 0\nk: 1\nhalfmove_limit: 20\nout: w.yaml\n"
	cfgPath := filepath.Join(dir, "t.yaml")
	os.WriteFile(cfgPath, []byte(src), 0o644)
	cfg, err := configs.LoadTune(cfgPath, check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	rep, err := Texel(context.Background(), cfg, TexelOptions{Log: &log})
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if rep.Positions != 3 || rep.Shuffle != 2 {
		t.Errorf("%d positions, %d left out; want 3 and 2", rep.Positions, rep.Shuffle)
	}
	text, _ := os.ReadFile(filepath.Join(dir, "w.yaml"))
	for _, c := range []struct{ name, text, want string }{
		{"log", log.String(), "left out 2 positions of 5 whose halfmove clock reached 20"},
		{"weights header", string(text), "# Positions: 3 (3 training, 0 validation; 2 left out, their halfmove clock at 20 or more)"},
	} {
		if !strings.Contains(c.text, c.want) {
			t.Errorf("%s lacks %q:\n%s", c.name, c.want, c.text)
		}
	}
}

// A missing data file (data is not committed) is named with the config's
// line and the datagen command that makes it, pasteable from the working
// folder, and how long it takes.
func TestTexelMissingData(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.Mkdir("tunes", 0o755)
	tests := []struct {
		name, datagen, want string
	}{
		{"with datagen", "datagen: {games: 120, nodes: 1000, seed: 1, minutes: 2}\n",
			"tunes/t.yaml:2: data file data/x.epd does not exist; make it with: varena datagen -variant extinction -games 120 -nodes 1000 -seed 1 -out data/x.epd (about 2 minutes on 2 cores; an interrupted datagen resumes)"},
		{"without", "",
			"tunes/t.yaml:2: data file data/x.epd does not exist; make it with varena datagen -variant extinction -games N -out data/x.epd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "variant: extinction\ndata: [../data/x.epd]\nout: w.yaml\n" + tt.datagen
			os.WriteFile("tunes/t.yaml", []byte(src), 0o644)
			cfg, err := configs.LoadTune("tunes/t.yaml", check.Validating())
			if err != nil {
				t.Fatal(err)
			}
			_, err = Texel(context.Background(), cfg, TexelOptions{})
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error %v\nwant %s", err, tt.want)
			}
		})
	}
}

// The loop on a variant of a variants file: the tune config's
// variant_file names it, the fit starts from the weights the engine
// derives from the rules and says so, the weights file it writes is one a
// run config's weights: reads for that variant, and the verification
// match names the file, whose content is then in the match's fingerprint.
func TestTexelLoadedVariant(t *testing.T) {
	dir := t.TempDir()
	ini := filepath.Join(dir, "v.ini")
	if err := os.WriteFile(ini, []byte("[tunehill:kingofthehill]\nwhiteFlag = d4 e4\nblackFlag = d5 e5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "variant: tunehill\nvariant_file: v.ini\ndata: [d.epd]\nl2: 0.000001\niterations: 30\nvalidation: 0.2\nout: w.yaml\n" +
		"verify: {games: 2, depth: 1, opening_plies: 2}\n"
	cfgPath := filepath.Join(dir, "t.yaml")
	os.WriteFile(cfgPath, []byte(src), 0o644)
	cfg, err := configs.LoadTune(cfgPath, check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	v, err := cfg.VariantSet.ByName("tunehill")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Datagen(context.Background(), filepath.Join(dir, "d.epd"), datagenOpts(t, v, 12, 2)); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	rep, err := Texel(context.Background(), cfg, TexelOptions{Log: &log})
	if err != nil && !errors.Is(err, ErrRejected) {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if rep == nil || rep.Positions == 0 || rep.Verify == nil || rep.Verify.WDL.Games() != 2 {
		t.Fatalf("report %+v\n%s", rep, log.String())
	}
	text, err := os.ReadFile(rep.Out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "# Start: derived from the rules of tunehill;") {
		t.Errorf("the header does not say where the start weights came from:\n%.600s", text)
	}
	if _, err := search.LoadWeights(v, rep.Out); err != nil {
		t.Errorf("the tuned file does not load for tunehill: %v", err)
	}
	r, err := verifyRun(cfg, v, "", rep.Out)
	if err != nil {
		t.Fatal(err)
	}
	if r.VariantFile != ini {
		t.Errorf("the verify match's variant_file is %q, want %q", r.VariantFile, ini)
	}
}

// labelByLessMaterial rewrites each datagen line's result (c9) as a win
// for the side with less material (pawn 1, knight and bishop 3, rook 5,
// queen 9; a draw when equal), and returns the file and the number of
// decisive labels.
func labelByLessMaterial(t *testing.T, text string) (string, int) {
	t.Helper()
	value := map[rune]int{'p': 1, 'n': 3, 'b': 3, 'r': 5, 'q': 9}
	var out strings.Builder
	decisive := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		board, _, ok := strings.Cut(line, " ")
		i := strings.Index(line, `c9 "`)
		j := strings.Index(line[max(i, 0):], `";`)
		if !ok || i < 0 || j < 0 {
			out.WriteString(line)
			continue
		}
		balance := 0 // White's material minus Black's
		for _, c := range board {
			if v := value[unicode.ToLower(c)]; unicode.IsUpper(c) {
				balance += v
			} else {
				balance -= v
			}
		}
		result := "1/2-1/2"
		switch {
		case balance > 0:
			result, decisive = "0-1", decisive+1
		case balance < 0:
			result, decisive = "1-0", decisive+1
		}
		out.WriteString(line[:i] + `c9 "` + result + line[i+j:])
	}
	return out.String(), decisive
}
