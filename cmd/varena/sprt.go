package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"varena/results/rundir"
	"varena/results/stats"
)

var sprtCmd = &command{
	name:      "sprt",
	usageLine: "varena sprt (-penta LL,LD,DD+WL,WD,WW | -wdl W,D,L) [-elo0 E0 -elo1 E1] [-alpha A -beta B] [-model normalized|logistic] [-json]",
	short:     "SPRT / Elo calculator for pentanomial or WDL counts",
	long: `
Sprt computes the log-likelihood ratio of a sequential probability ratio
test (fishtest's generalized SPRT), its bounds and the decision so far, with
the Elo and normalized Elo differences (95% intervals) and the likelihood of
superiority. With both -penta and -wdl the pentanomial counts are used and
the two must describe the same games.

The exit status follows varena run's for an sprt tournament: 0 H1 accepted,
3 H0 accepted, 4 undecided (play on); 1 error, 2 usage error.
`,
	setFlags: sprtFlags,
}

// sprtReport is what "varena sprt" prints; -json prints it as one object.
type sprtReport struct {
	Model    stats.EloModel `json:"model"`
	Elo0     float64        `json:"elo0"`
	Elo1     float64        `json:"elo1"`
	Alpha    float64        `json:"alpha"`
	Beta     float64        `json:"beta"`
	LLR      float64        `json:"llr"`
	Lower    float64        `json:"lower_bound"`
	Upper    float64        `json:"upper_bound"`
	Decision stats.Decision `json:"decision"`

	// Source names the counts that the LLR and the Elo estimates come
	// from: "pentanomial" when -penta is given, else "wdl".
	Source string       `json:"source"`
	Games  int          `json:"games"`
	Pairs  int          `json:"pairs,omitempty"`
	WDL    *stats.WDL   `json:"wdl,omitempty"`
	Penta  *stats.Penta `json:"penta,omitempty"`
	Points float64      `json:"points"`
	Score  float64      `json:"score"`

	Elo  stats.Interval `json:"elo"`
	NElo stats.Interval `json:"nelo"`
	LOS  float64        `json:"los"`
}

// sprtFlags declares the flags of "varena sprt", which prints the report
// to stdout.
func sprtFlags(fs *flag.FlagSet) runFunc {
	pentaFlag := fs.String("penta", "", "pentanomial counts `LL,LD,DD+WL,WD,WW` of colour-reversed game pairs")
	wdlFlag := fs.String("wdl", "", "game counts `W,D,L`: wins, draws and losses of the tested engine")
	elo0 := fs.Float64("elo0", 0, "Elo difference of the null hypothesis H0")
	elo1 := fs.Float64("elo1", 2, "Elo difference of the alternative hypothesis H1")
	alpha := fs.Float64("alpha", 0.05, "probability of accepting H1 when H0 holds")
	beta := fs.Float64("beta", 0.05, "probability of accepting H0 when H1 holds")
	model := fs.String("model", string(stats.Normalized), "Elo `model` of elo0 and elo1: normalized or logistic")
	asJSON := fs.Bool("json", false, "print the result as a JSON object")
	return func(ctx context.Context, args []string, std stdio) error {
		if len(args) > 0 {
			return usagef("unexpected argument %q", args[0])
		}

		m, err := stats.ParseEloModel(*model)
		if err != nil {
			return usagef("-model: %q is not normalized or logistic", *model)
		}
		test, err := stats.NewSPRT(*elo0, *elo1, *alpha, *beta, m)
		if err != nil {
			return usageError{err}
		}

		rep := sprtReport{Model: test.Model, Elo0: test.Elo0, Elo1: test.Elo1, Alpha: test.Alpha, Beta: test.Beta}
		var outcomes stats.Outcomes
		if *wdlFlag != "" {
			c, err := parseCounts(*wdlFlag, 3)
			if err != nil {
				return usagef("-wdl: %v", err)
			}
			w := stats.WDL{W: c[0], D: c[1], L: c[2]}
			rep.WDL, rep.Source, outcomes = &w, "wdl", w
		}
		if *pentaFlag != "" {
			c, err := parseCounts(*pentaFlag, 5)
			if err != nil {
				return usagef("-penta: %v", err)
			}
			p := stats.Penta(c)
			if rep.WDL != nil && (rep.WDL.Games() != p.Games() || rep.WDL.Points() != p.Points()) {
				return usagef("-wdl %v (%d games, %.1f points) and -penta %v (%d games, %.1f points) disagree",
					rep.WDL, rep.WDL.Games(), rep.WDL.Points(), p, p.Games(), p.Points())
			}
			rep.Penta, rep.Source, rep.Pairs, outcomes = &p, "pentanomial", p.Pairs(), p
		}
		if outcomes == nil {
			return usagef("give the counts with -penta LL,LD,DD+WL,WD,WW or -wdl W,D,L")
		}

		sum, err := stats.Summarize(outcomes)
		if errors.Is(err, stats.ErrNoGames) {
			return usagef("the counts add up to no game")
		}
		if err != nil {
			return err
		}
		st, err := test.Test(outcomes)
		if err != nil {
			return err
		}
		rep.LLR, rep.Lower, rep.Upper, rep.Decision = st.LLR, st.Lower, st.Upper, st.Decision
		rep.Games, rep.Points, rep.Score = sum.Games, sum.Points, sum.Score
		rep.Elo, rep.NElo, rep.LOS = sum.Elo, sum.NElo, sum.LOS

		if *asJSON {
			enc := json.NewEncoder(std.out)
			enc.SetIndent("", "  ")
			err = enc.Encode(rep)
		} else {
			err = writeSPRTReport(std.out, rep)
		}
		if err != nil {
			return err
		}
		return sprtExit(rep.Decision)
	}
}

// sprtExit is the exit convention of varena run for an sprt tournament:
// 0 H1 accepted, 3 H0 accepted, 4 undecided.
func sprtExit(d stats.Decision) error {
	switch d {
	case stats.AcceptH1:
		return nil
	case stats.AcceptH0:
		return exitStatus(rundir.ExitH0)
	}
	return exitStatus(rundir.ExitLimit)
}

// writeSPRTReport prints the report as text.
func writeSPRTReport(w io.Writer, r sprtReport) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Games: %d", r.Games)
	if r.Pairs > 0 {
		fmt.Fprintf(&b, " (%d pairs)", r.Pairs)
	}
	fmt.Fprintf(&b, ", Points: %.1f (%.2f %%)\n", r.Points, 100*r.Score)
	if r.WDL != nil {
		fmt.Fprintf(&b, "Wins: %d, Draws: %d, Losses: %d, DrawRatio: %.2f %%\n", r.WDL.W, r.WDL.D, r.WDL.L, 100*r.WDL.DrawRatio())
	}
	if r.Penta != nil {
		fmt.Fprintf(&b, "Ptnml(0-2): %v\n", *r.Penta)
	}
	fmt.Fprintf(&b, "Elo: %s, nElo: %s (95%%, %s)\n", intervalText(r.Elo, r.Score), intervalText(r.NElo, r.Score), r.Source)
	fmt.Fprintf(&b, "LOS: %.2f %%\n", 100*r.LOS)
	fmt.Fprintf(&b, "LLR: %s (%.2f, %.2f) [%s, %s] %s, alpha %g, beta %g\n",
		stats.Fixed(r.LLR, 2), r.Lower, r.Upper, stats.Fixed(r.Elo0, 2), stats.Fixed(r.Elo1, 2), r.Model, r.Alpha, r.Beta)
	fmt.Fprintf(&b, "Decision: %v\n", r.Decision)
	_, err := io.WriteString(w, b.String())
	return err
}

// intervalText writes an estimate, its half width and 95% interval; a
// score of 100% or 0%, whose estimate is infinite (the finite number in
// the JSON comes from the regularization of outcomes that never
// occurred), as +inf or -inf with the interval's finite bound.
func intervalText(in stats.Interval, score float64) string {
	f := func(x float64) string { return stats.Fixed(x, 2) }
	switch score {
	case 1:
		return fmt.Sprintf("+inf [%s, +inf]", f(in.Lower))
	case 0:
		return fmt.Sprintf("-inf [-inf, %s]", f(in.Upper))
	}
	return fmt.Sprintf("%s +/- %.2f [%s, %s]", f(in.Value), in.Error, f(in.Lower), f(in.Upper))
}

// parseCounts parses n comma-separated non-negative integers.
func parseCounts(s string, n int) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("%q: want %d comma-separated counts, got %d", s, n, len(parts))
	}
	c := make([]int, n)
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 0 {
			return nil, fmt.Errorf("%q: %q is not a non-negative integer", s, strings.TrimSpace(p))
		}
		c[i] = v
	}
	return c, nil
}
