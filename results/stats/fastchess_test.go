package stats

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// llrTable are pentanomial counts whose LLR this package and fastchess
// compare (docs/statistics.md, "SPRT against fastchess"): all-win and
// all-loss matches, pairs all drawn or split, small odd samples, and
// published matches.
var llrTable = []struct {
	model EloModel
	penta Penta
	want  float64 // fastchess 74deac2, two decimals
}{
	{Normalized, Penta{0, 0, 0, 0, 1}, 0.02},
	{Normalized, Penta{0, 0, 0, 0, 10}, 0.20},
	{Normalized, Penta{0, 0, 0, 0, 50}, 1.01},
	{Normalized, Penta{0, 0, 0, 0, 100}, 2.01},
	{Normalized, Penta{0, 0, 0, 0, 199}, 4.01},
	{Normalized, Penta{10, 0, 0, 0, 0}, -0.21},
	{Normalized, Penta{50, 0, 0, 0, 0}, -1.03},
	{Normalized, Penta{0, 0, 10, 0, 0}, 0},
	{Normalized, Penta{0, 0, 100, 0, 0}, -0.04},
	{Normalized, Penta{0, 0, 1, 0, 1}, 0.03},
	{Normalized, Penta{0, 0, 5, 0, 5}, 0.14},
	{Normalized, Penta{0, 0, 0, 1, 9}, 0.20},
	{Normalized, Penta{0, 1236, 4490, 1474, 0}, 6.41},
	{Normalized, Penta{5, 40, 300, 150, 59}, 4.63},
	{Normalized, Penta{352, 579, 1264, 743, 463}, 6.06},
	{Normalized, Penta{332, 433, 498, 333, 334}, -1.86},
	{Normalized, Penta{34, 54, 63, 64, 75}, 1.30},
	{Logistic, Penta{0, 0, 0, 0, 1}, 0.01},
	{Logistic, Penta{0, 0, 0, 0, 10}, 0.14},
	{Logistic, Penta{0, 0, 0, 0, 100}, 1.43},
	{Logistic, Penta{0, 0, 0, 0, 200}, 2.86},
	{Logistic, Penta{50, 0, 0, 0, 0}, -0.72},
	{Logistic, Penta{0, 0, 10, 0, 0}, -0.14},
	{Logistic, Penta{0, 0, 100, 0, 0}, -1.44},
	{Logistic, Penta{0, 0, 5, 0, 5}, 0.14},
	{Logistic, Penta{0, 0, 0, 1, 9}, 0.14},
	{Logistic, Penta{0, 1236, 4490, 1474, 0}, 10.29},
	{Logistic, Penta{5, 40, 300, 150, 59}, 7.01},
	{Logistic, Penta{352, 579, 1264, 743, 463}, 7.19},
	{Logistic, Penta{332, 433, 498, 333, 334}, -2.00},
	{Logistic, Penta{34, 54, 63, 64, 75}, 1.34},
}

// TestLLRFastchessTable: the LLR of [0, 5] tests on llrTable is
// fastchess's to its two printed decimals.
func TestLLRFastchessTable(t *testing.T) {
	for _, tt := range llrTable {
		s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: tt.model}
		got, err := s.LLR(tt.penta)
		if err != nil {
			t.Errorf("%s %v: %v", tt.model, tt.penta, err)
			continue
		}
		if !near(got, tt.want, 0.005+1e-9) {
			t.Errorf("%s %v: LLR %.4f, fastchess %.2f", tt.model, tt.penta, got, tt.want)
		}
	}
}

// TestLLRAgainstFastchess measures llrTable again with a fastchess
// binary, to reproduce docs/statistics.md's table (about 20 s):
//
//	VARENA_FASTCHESS=/path/to/fastchess go test ./results/stats -run TestLLRAgainstFastchess -v
//
// fastchess computes the LLR of the matches it plays, not of counts it
// is given, so each row resumes a match from a config.json whose stats
// hold the counts less one pair, and lets it play that pair with
// Stockfish at fixed depths from one opening (VARENA_STOCKFISH, default
// /usr/games/stockfish), where the outcome is known: depth 8 against
// depth 1 wins both games, depth 1 against itself splits them.
func TestLLRAgainstFastchess(t *testing.T) {
	fc := os.Getenv("VARENA_FASTCHESS")
	if fc == "" {
		t.Skip("set VARENA_FASTCHESS to a fastchess binary")
	}
	sf := os.Getenv("VARENA_STOCKFISH")
	if sf == "" {
		sf = "/usr/games/stockfish"
	}
	dir := t.TempDir()
	epd := filepath.Join(dir, "one.epd")
	if err := os.WriteFile(epd, []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A one-pair match writes the config.json that the rows edit.
	cmd := exec.Command(fc, "-engine", "cmd="+sf, "name=a", "depth=8", "-engine", "cmd="+sf, "name=b", "depth=1",
		"-each", "tc=inf", "-openings", "file="+epd, "format=epd", "order=sequential", "-rounds", "1", "-repeat",
		"-sprt", "elo0=0", "elo1=5", "alpha=0.05", "beta=0.05")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "config.json"))
	if err != nil {
		t.Fatal(err)
	}
	ptnml := regexp.MustCompile(`Ptnml\(0-2\): \[([^\]]*)\]`)
	llrLine := regexp.MustCompile(`LLR: (\S+)`)
	var table strings.Builder
	table.WriteString("| model | pentanomial | fastchess LLR | varena LLR |\n|---|---|---|---|\n")
	// play resumes a match from counts less one pair and returns what
	// fastchess reports at its end: the counts, with the pair it played,
	// and the LLR. A match whose LLR is past a bound already is decided
	// on loading and plays nothing.
	play := func(model EloModel, p Penta, extra int, depthA, depthB float64) (Penta, float64) {
		var cfg map[string]any
		if err := json.Unmarshal(data, &cfg); err != nil {
			t.Fatal(err)
		}
		p[extra]--
		cfg["stats"] = map[string]any{"a vs b": map[string]int{
			"wins": 2*p[PairWW] + p[PairWD] + p[PairDDorWL], "losses": 2*p[PairLL] + p[PairLD] + p[PairDDorWL], "draws": p[PairWD] + p[PairLD],
			"penta_WW": p[PairWW], "penta_WD": p[PairWD], "penta_WL": p[PairDDorWL], "penta_DD": 0, "penta_LD": p[PairLD], "penta_LL": p[PairLL]}}
		cfg["rounds"] = p.Pairs() + 1
		engines := cfg["engines"].([]any)
		engines[0].(map[string]any)["limit"].(map[string]any)["plies"] = depthA
		engines[1].(map[string]any)["limit"].(map[string]any)["plies"] = depthB
		sprt := cfg["sprt"].(map[string]any)
		sprt["model"], sprt["elo0"], sprt["elo1"] = string(model), 0, 5
		cfg["pgn"].(map[string]any)["file"] = ""
		js, _ := json.Marshal(cfg)
		path := filepath.Join(dir, "row.json")
		if err := os.WriteFile(path, js, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(fc, "-config", "file="+path)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		pm, lm := ptnml.FindAllStringSubmatch(string(out), -1), llrLine.FindAllStringSubmatch(string(out), -1)
		if pm == nil || lm == nil {
			t.Fatalf("%s %v: no result in\n%s", model, p, out)
		}
		var got Penta
		for i, f := range strings.Split(pm[len(pm)-1][1], ", ") {
			got[i], _ = strconv.Atoi(f)
		}
		llr, _ := strconv.ParseFloat(lm[len(lm)-1][1], 64)
		return got, llr
	}
	for _, tt := range llrTable {
		p := tt.penta
		extra, depthA, depthB := PairWW, 8.0, 1.0 // depth 8 wins both games
		switch {
		case p[PairWW] == 0 && p[PairLL] > 0:
			extra, depthA, depthB = PairLL, 1, 8 // and loses both from the other side
		case p[PairWW] == 0:
			extra, depthA, depthB = PairDDorWL, 1, 1 // depth 1 against itself: White wins both
		}
		got, theirs := play(tt.model, p, extra, depthA, depthB)
		if got != p {
			// Decided on loading: load the counts whole.
			p[extra]++
			got, theirs = play(tt.model, p, extra, depthA, depthB)
		}
		s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: tt.model}
		ours, err := s.LLR(got)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&table, "| %s | %v | %.2f | %.2f |\n", tt.model, got, theirs, ours)
		if got != tt.penta || math.Abs(theirs-tt.want) > 1e-9 || !near(ours, theirs, 0.005+1e-9) {
			t.Errorf("%s %v: fastchess reports %v, LLR %.2f (table %.2f); ours %.4f", tt.model, tt.penta, got, theirs, tt.want, ours)
		}
	}
	t.Log("\n" + table.String())
}
