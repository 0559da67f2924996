package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The fishtest run 6549951b136acbc573529528 (normalized <0.00,2.00>), whose
// stored LLR is -2.936953911013966 (dumped in vdbergh/vtjson's bench.py).
const fishtestRun = "369,12695,27124,12664,332"

// The expected numbers were checked with an independent Python
// evaluation of the same formulas.
func TestSPRTCommandText(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		want   string
		status int // the exit status: 0 H1, 3 H0, 4 undecided
	}{
		{
			name: "fishtest run, both counts",
			args: []string{"-penta", fishtestRun, "-wdl", "26829,52605,26934"},
			want: `Games: 106368 (53184 pairs), Points: 53131.5 (49.95 %)
Wins: 26829, Draws: 52605, Losses: 26934, DrawRatio: 49.46 %
Ptnml(0-2): [369, 12695, 27124, 12664, 332]
Elo: -0.34 +/- 1.07 [-1.42, 0.73], nElo: -0.67 +/- 2.09 [-2.75, 1.42] (95%, pentanomial)
LOS: 26.58 %
LLR: -2.94 (-2.94, 2.94) [0.00, 2.00] normalized, alpha 0.05, beta 0.05
Decision: continue
`,
			status: 4,
		},
		{
			// Stockfish PR 6036, "LLR: 2.94 (-2.94,2.94) <0.00,2.00>".
			name: "passed test",
			args: []string{"-penta", "0, 1236, 4490, 1474, 1", "-elo0", "0", "-elo1", "2"},
			want: `Games: 14402 (7201 pairs), Points: 7321.0 (50.83 %)
Ptnml(0-2): [0, 1236, 4490, 1474, 1]
Elo: 5.79 +/- 2.46 [3.33, 8.25], nElo: 13.36 +/- 5.68 [7.68, 19.03] (95%, pentanomial)
LOS: 100.00 %
LLR: 2.94 (-2.94, 2.94) [0.00, 2.00] normalized, alpha 0.05, beta 0.05
Decision: H1 accepted
`,
		},
		{
			// fastchess sprt_test.cpp "logistic trinomial 2": LLR -2.59.
			name: "wdl logistic",
			args: []string{"-wdl", "57433,106593,57030", "-model", "logistic", "-alpha", "0.01", "-beta", "0.1"},
			want: `Games: 221056, Points: 110729.5 (50.09 %)
Wins: 57433, Draws: 106593, Losses: 57030, DrawRatio: 48.22 %
Elo: 0.63 +/- 1.04 [-0.41, 1.68], nElo: 0.88 +/- 1.45 [-0.57, 2.33] (95%, wdl)
LOS: 88.32 %
LLR: -2.59 (-2.29, 4.50) [0.00, 2.00] logistic, alpha 0.01, beta 0.1
Decision: H0 accepted
`,
			status: 3,
		},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		err := sprtMain(tt.args, &out, &errOut)
		if status := statusOf(err); status != tt.status {
			t.Errorf("%s: %v, exit status %d, want %d", tt.name, err, status, tt.status)
			continue
		}
		if got := out.String(); got != tt.want {
			t.Errorf("%s: output\n%s\nwant\n%s", tt.name, got, tt.want)
		}
		if errOut.Len() != 0 {
			t.Errorf("%s: stderr %q", tt.name, errOut.String())
		}
	}
}

func TestSPRTCommandJSON(t *testing.T) {
	for _, dash := range []string{"-json", "--json"} {
		var out bytes.Buffer
		if err := sprtMain([]string{"-penta", fishtestRun, dash}, &out, &bytes.Buffer{}); statusOf(err) != 4 {
			t.Fatalf("undecided counts: %v, want exit status 4", err)
		}
		var got struct {
			Model, Decision, Source string
			Elo0, Elo1, Alpha, Beta float64
			LLR                     float64 `json:"llr"`
			Lower                   float64 `json:"lower_bound"`
			Upper                   float64 `json:"upper_bound"`
			Games, Pairs            int
			Penta                   []int
			WDL                     *struct{ Wins, Draws, Losses int }
			Points, Score, LOS      float64
			Elo, NElo               struct{ Value, Lower, Upper, Error float64 }
		}
		dec := json.NewDecoder(&out)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("%s: %v", dash, err)
		}
		checks := []struct {
			name      string
			got, want float64
		}{
			{"llr", got.LLR, -2.936953911013966},
			{"lower_bound", got.Lower, -math.Log(19)},
			{"upper_bound", got.Upper, math.Log(19)},
			{"elo1", got.Elo1, 2},
			{"alpha", got.Alpha, 0.05},
			{"points", got.Points, 53131.5},
			{"elo error", got.Elo.Error, (got.Elo.Upper - got.Elo.Lower) / 2},
		}
		for _, c := range checks {
			if math.Abs(c.got-c.want) > 1e-9 {
				t.Errorf("%s: %s = %v, want %v", dash, c.name, c.got, c.want)
			}
		}
		if got.Model != "normalized" || got.Decision != "continue" || got.Source != "pentanomial" ||
			got.Games != 106368 || got.Pairs != 53184 || len(got.Penta) != 5 || got.Penta[4] != 332 || got.WDL != nil {
			t.Errorf("%s: %+v", dash, got)
		}
		if !(got.Elo.Lower < got.Elo.Value && got.Elo.Value < got.Elo.Upper) || !(got.LOS > 0.26 && got.LOS < 0.27) {
			t.Errorf("%s: elo %+v LOS %v", dash, got.Elo, got.LOS)
		}
	}
}

func TestSPRTCommandUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		msg  string // part of the error
	}{
		{"no counts", nil, "-penta"},
		{"short penta", []string{"-penta", "1,2,3,4"}, "want 5"},
		{"negative", []string{"-wdl", "1,-2,3"}, "non-negative"},
		{"not a number", []string{"-wdl", "1,x,3"}, "non-negative"},
		{"empty count", []string{"-penta", "1,,3,4,5"}, "non-negative"},
		{"no games", []string{"-penta", "0,0,0,0,0"}, "no game"},
		{"disagree", []string{"-penta", "1,2,3,4,5", "-wdl", "10,10,10"}, "disagree"},
		{"model", []string{"-wdl", "1,2,3", "-model", "bayesian"}, "model"},
		{"elo order", []string{"-wdl", "1,2,3", "-elo0", "2", "-elo1", "0"}, "elo0"},
		{"alpha", []string{"-wdl", "1,2,3", "-alpha", "1.5"}, "alpha"},
		{"alpha+beta", []string{"-wdl", "1,2,3", "-alpha", "0.5", "-beta", "0.5"}, "alpha+beta"},
		{"bad float", []string{"-wdl", "1,2,3", "-elo1", "two"}, "elo1"},
		{"unknown flag", []string{"-wdl", "1,2,3", "-games", "9"}, "games"},
		{"argument", []string{"-wdl", "1,2,3", "extra"}, "extra"},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		err := sprtMain(tt.args, &out, &errOut)
		if !errors.As(err, new(usageError)) {
			t.Errorf("%s: err = %v, want a usage error", tt.name, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: err = %q, want it to mention %q", tt.name, err, tt.msg)
		}
		if out.Len() != 0 {
			t.Errorf("%s: stdout %q", tt.name, out.String())
		}
	}
	// runSPRT itself returns usage errors for main to turn into exit 2.
	if err := runSPRT(context.Background(), []string{"-wdl", "1,2,3", "-elo0", "3", "-elo1", "1"}); !errors.As(err, new(usageError)) {
		t.Errorf("runSPRT: err = %v, want a usage error", err)
	}
}

func TestSPRTCommandHelp(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := sprtMain([]string{"-h"}, &out, &errOut); err != nil {
		t.Fatalf("-h: %v", err)
	}
	for _, want := range []string{"usage: varena sprt", "-penta", "-wdl", "-elo0", "-elo1", "-alpha", "-beta", "-model", "-json"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, out.String())
		}
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr %q", errOut.String())
	}
}

// FuzzParseCounts: the -penta and -wdl values never panic the calculator;
// what parses is n non-negative counts that print back to the same.
func FuzzParseCounts(f *testing.F) {
	for _, s := range []string{"1,2,3,4,5", " 1, 2 ,3,4,5", "1,2,3", "-1,0,0", "1,,3", "99999999999999999999,1,1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, n := range []int{3, 5} {
			c, err := parseCounts(s, n)
			if err != nil {
				continue
			}
			if len(c) != n {
				t.Fatalf("parseCounts(%q, %d) = %v", s, n, c)
			}
			parts := make([]string, n)
			for i, v := range c {
				if v < 0 {
					t.Fatalf("parseCounts(%q, %d) = %v: negative", s, n, c)
				}
				parts[i] = strconv.Itoa(v)
			}
			if back, err := parseCounts(strings.Join(parts, ","), n); err != nil || !slices.Equal(back, c) {
				t.Fatalf("%v prints as %q, which reads %v, %v", c, strings.Join(parts, ","), back, err)
			}
		}
	})
}

// Bounds the results cannot reach are said in words, and the text has no
// negative zero and no finite Elo for a perfect score.
func TestSPRTCommandWords(t *testing.T) {
	tests := []struct {
		args []string
		err  string // the error must contain it ("" for none)
		out  []string
	}{
		{[]string{"-wdl", "10,10,10", "-elo0", "0", "-elo1", "1000"},
			"elo0/elo1 outside what 30 games can resolve: no distribution of their results has normalized Elo 1000 (elo1)", nil},
		{[]string{"-penta", "1,2,5,3,1", "-elo0", "-600", "-elo1", "5"}, "outside what 24 games can resolve", nil},
		{[]string{"-wdl", "10,10,10", "-elo0", "0", "-elo1", "9000", "-model", "logistic"}, "logistic Elo 9000", nil},
		{[]string{"-wdl", "10,10,10", "-elo0", "0", "-elo1", "5"}, "", []string{"Elo: 0.00 +/- 102.74 [-102.74, 102.74]"}},
		{[]string{"-wdl", "30,0,0", "-elo0", "0", "-elo1", "5"}, "", []string{"Elo: +inf [", "nElo: +inf ["}},
		{[]string{"-wdl", "0,0,12", "-elo0", "0", "-elo1", "5"}, "", []string{"Elo: -inf [-inf, "}},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		err := sprtMain(tt.args, &out, &errOut)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || strings.Contains(err.Error(), "secular")):
			t.Errorf("%v: error %v, want %q", tt.args, err, tt.err)
		case tt.err == "" && err != nil && statusOf(err) < 3: // 3, 4: the verdict's exit status
			t.Errorf("%v: %v", tt.args, err)
		}
		for _, w := range tt.out {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: output lacks %q:\n%s", tt.args, w, out.String())
			}
		}
		if strings.Contains(out.String(), "-0.00") {
			t.Errorf("%v: negative zero:\n%s", tt.args, out.String())
		}
	}
}

// statusOf returns the exit status main gives err.
func statusOf(err error) int {
	var st exitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &st):
		return int(st)
	case errors.As(err, new(usageError)):
		return 2
	}
	return 1
}
