package main

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"varena/engines/search"
	"varena/engines/variants"
)

func TestParseNodeList(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int64
		err  string
	}{
		{"20000", []int64{20000}, ""},
		{"20000,100000, 300000", []int64{20000, 100000, 300000}, ""},
		{"", nil, `"" is not a node count above 0`},
		{"100,0", nil, `"0" is not a node count above 0`},
		{"100,x", nil, `"x" is not a node count above 0`},
		{"100,100", nil, "100 after 100: the limits must increase"},
		{"300,200", nil, "200 after 300: the limits must increase"},
	} {
		got, err := parseNodeList(c.in)
		switch {
		case c.err != "":
			if err == nil || err.Error() != c.err {
				t.Errorf("parseNodeList(%q): error %v, want %q", c.in, err, c.err)
			}
		case err != nil || !slices.Equal(got, c.want):
			t.Errorf("parseNodeList(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func TestMeasureStatistics(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	runs := [][]int64{{10, 40, 160}, {10, 90}, {5}}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		// nodes(2)/nodes(1) is 4 and 9: geometric mean 6.
		{"branching depth 2", must(branching(runs, 2)), 6},
		{"branching depth 3", must(branching(runs, 3)), 4},
		{"depthAt 100", float64(depthAt([]int64{10, 40, 160}, 100)), 2},
		{"depthAt 5", float64(depthAt([]int64{10, 40, 160}, 5)), 0},
		{"depthAt 160", float64(depthAt([]int64{10, 40, 160}, 160)), 3},
		{"median odd", median([]float64{3, 1, 2}), 2},
		{"median even", median([]float64{4, 1, 2, 3}), 2.5},
		{"mean", mean([]float64{1, 2, 6}), 3},
		{"pearson", pearson([]float64{1, 2, 3}, []float64{2, 4, 6}), 1},
		{"pearson reversed", pearson([]float64{1, 2, 3}, []float64{3, 2, 1}), -1},
		{"pearson constant", pearson([]float64{1, 1, 1}, []float64{1, 2, 3}), 0},
		// Ranks ignore the scale: a monotone but not linear relation is 1.
		{"spearman", spearman([]float64{1, 2, 3, 4}, []float64{1, 8, 27, 64}), 1},
		// y = 2x, the pair past the cap left out.
		{"fitScale", fitScale([]float64{10, -20, 5000}, []float64{20, -40, 0}, 1500), 2},
		{"fitScale empty", fitScale([]float64{5000}, []float64{1}, 1500), 1},
	} {
		if !near(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if _, ok := branching(runs, 1); ok {
		t.Error("branching at depth 1: want none")
	}
	if got := ranks([]float64{5, 1, 5, 3}); !slices.Equal(got, []float64{2.5, 0, 2.5, 1}) {
		t.Errorf("ranks with a tie = %v", got)
	}
	if mae, me := errors2([]float64{1, 5}, []float64{2, 2}); mae != 2 || me != 1 {
		t.Errorf("errors2 = %v, %v; want 2, 1", mae, me)
	}
	if got := setDepth(setDepth(setDepth(nil, 1, 5), 3, 30), 3, 35); !slices.Equal(got, []int64{5, 0, 35}) {
		t.Errorf("setDepth = %v", got)
	}
	if got := spread([]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 3); !slices.Equal(got, []int{0, 3, 6}) {
		t.Errorf("spread = %v", got)
	}
	for _, c := range []struct {
		x    float64
		want string
	}{{0, "0-50"}, {-49, "0-50"}, {50, "50-150"}, {-299, "150-300"}, {599, "300-600"}, {-600, "600+"}} {
		if got := scoreBucket(c.x); got != c.want {
			t.Errorf("scoreBucket(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

func must(x float64, ok bool) float64 {
	if !ok {
		return math.NaN()
	}
	return x
}

// TestMeasureErrors checks measure's refusals: each names its flag, file
// and line.
func TestMeasureErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.epd")
	os.WriteFile(bad, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1-0\";\nnot a position\n"), 0o644)
	good := filepath.Join(dir, "good.epd")
	os.WriteFile(good, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1-0\";\n"), 0o644)
	badWeights := filepath.Join(dir, "bad.yaml")
	os.WriteFile(badWeights, []byte("tempo_mg: [\n"), 0o644)
	empty := filepath.Join(dir, "empty.epd")
	os.WriteFile(empty, []byte("\n# nothing\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-nodes", "100,50", "-positions", bad}, 2, "-nodes: 50 after 100: the limits must increase"},
		{[]string{}, 2, "-positions FILE is required"},
		{[]string{"-positions", bad, "-eval", "-1"}, 2, "-n and -eval must be 0 or more"},
		{[]string{"-positions", bad, "-variant", "nosuch"}, 2, "nosuch"},
		{[]string{"-positions", bad}, 1, bad + ":2: "},
		{[]string{"-positions", empty}, 1, empty + ": no positions"},
		{[]string{"-positions", filepath.Join(dir, "missing.epd")}, 1, "missing.epd"},
		{[]string{"-positions", bad, "-param", "NoSuch=1"}, 2, `unknown search parameter "NoSuch"`},
		{[]string{"-positions", bad, "-param", "LMPDepth=99"}, 2, "search parameter LMPDepth: 99 out of range 0-12"},
		{[]string{"-positions", bad, "-param", "LMPDepth"}, 2, `"LMPDepth": want NAME=VALUE`},
		{[]string{"-positions", good, "-weights", filepath.Join(dir, "missing.yaml")}, 1, "missing.yaml"},
		{[]string{"-positions", good, "-weights", badWeights}, 1, badWeights + ":2: did not find expected node content"},
	} {
		var out, errOut strings.Builder
		code := realMain(context.Background(), append([]string{"measure"}, c.args...), stdio{in: strings.NewReader(""), out: &out, err: &errOut})
		if code != c.code || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("measure %v: exit %d, stderr %q; want exit %d with %q", c.args, code, errOut.String(), c.code, c.want)
		}
	}
}

// TestMeasureAgainstFairyStockfish runs measure on a few positions at
// small limits and checks its tables are there, with depths and scores.
func TestMeasureAgainstFairyStockfish(t *testing.T) {
	if _, err := os.Stat(fsfBinary); err != nil {
		t.Skipf("needs Fairy-Stockfish at %s (Debian package fairy-stockfish; .ci/run installs it): %v", fsfBinary, err)
	}
	if testing.Short() {
		t.Skip("-short: searches with Fairy-Stockfish")
	}
	data := filepath.Join(t.TempDir(), "x.epd")
	var out, errOut strings.Builder
	std := stdio{in: strings.NewReader(""), out: &out, err: &errOut}
	if code := realMain(context.Background(), []string{"datagen", "-variant", "extinction", "-games", "2", "-nodes", "300", "-out", data, "-quiet"}, std); code != 0 {
		t.Fatalf("datagen: exit %d: %s", code, errOut.String())
	}
	out.Reset()
	args := []string{"measure", "-positions", data, "-n", "4", "-nodes", "2000,5000", "-eval", "3", "-eval-nodes", "1000", "-ref-nodes", "2000"}
	if code := realMain(context.Background(), args, std); code != 0 {
		t.Fatalf("measure: exit %d: %s", code, errOut.String())
	}
	text := out.String()
	want := []string{"## Depth (", "| 1 | ", "| 5000 |", "## Evaluation error", "| varena static |", "Most optimistic"}
	if search.StatsEnabled {
		want = append(want, "| lmr.research |", "### By depth at 5000 nodes")
	} else {
		want = append(want, "The counters need a binary built with -tags searchstats.")
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("measure's output lacks %q:\n%s", w, text)
		}
	}

	// -param reaches the built-in search: the largest reductions change
	// its nodes per depth, and Fairy-Stockfish's columns stay the same.
	depthPart := func(args ...string) string {
		out.Reset()
		args = append([]string{"measure", "-positions", data, "-n", "4", "-nodes", "5000"}, args...)
		if code := realMain(context.Background(), args, std); code != 0 {
			t.Fatalf("measure %v: exit %d: %s", args, code, errOut.String())
		}
		return out.String()
	}
	if def, reduced := depthPart(), depthPart("-param", "LMRBase=200", "-param", "LMRDivisor=100"); def == reduced {
		t.Errorf("measure -param LMRBase=200 -param LMRDivisor=100 printed the default search's tables:\n%s", def)
	}

	// -weights reaches the built-in evaluation: other weights change our
	// static column of the evaluation part.
	weights := filepath.Join(t.TempDir(), "w.yaml")
	v, _ := variants.ByName("extinction")
	w, _ := search.DefaultWeights(v)
	vals := w.Values()
	for i := range vals {
		vals[i] *= 2
	}
	os.WriteFile(weights, w.WithValues(vals).YAML(), 0o644)
	evalPart := func(args ...string) string {
		out.Reset()
		args = append([]string{"measure", "-positions", data, "-n", "0", "-eval", "3", "-eval-nodes", "1000", "-ref-nodes", "2000"}, args...)
		if code := realMain(context.Background(), args, std); code != 0 {
			t.Fatalf("measure %v: exit %d: %s", args, code, errOut.String())
		}
		return out.String()
	}
	if def, doubled := evalPart(), evalPart("-weights", weights); def == doubled {
		t.Errorf("measure -weights (every weight doubled) printed the default weights' tables:\n%s", def)
	}
}

// FuzzMeasureParam: any -param value is either taken or refused as a
// usage error naming it; with no -positions the command then stops at
// its usage check, so every value ends in exit 2, never a panic.
func FuzzMeasureParam(f *testing.F) {
	for _, s := range []string{"LMPDepth=8", "lmrdivisor= 150 ", "LMPDepth", "=", "NoSuch=1", "LMPDepth=99", "LMPDepth=-1", "DangerReach=1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, kv string) {
		var out, errOut strings.Builder
		code := realMain(context.Background(), []string{"measure", "-param", kv}, stdio{in: strings.NewReader(""), out: &out, err: &errOut})
		if code != 2 || errOut.Len() == 0 {
			t.Fatalf("measure -param %q: exit %d, stderr %q; want exit 2 with a message", kv, code, errOut.String())
		}
	})
}
