package tuning

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"varena/arena"
	"varena/configs"
	"varena/configs/check"
	"varena/configs/plan"
	"varena/engines"
	"varena/results/stats"
)

// Engine names in the verification match.
const (
	TunedName = "tuned"
	StartName = "start"
)

// VerifyOptions are where the match reports.
type VerifyOptions struct {
	Progress io.Writer
	Log      io.Writer
}

// VerifyReport is the verification match's outcome, from the tuned
// weights' side.
type VerifyReport struct {
	Out   string // the match's output directory
	WDL   stats.WDL
	Penta stats.Penta
	// Elo is the logistic Elo difference with its 95% interval, from the
	// pentanomial counts of the finished pairs (from all games when no
	// pair is finished).
	Elo  stats.Interval
	SPRT string // the SPRT's decision, when the match is one
}

// Wins reports whether the tuned weights are proven stronger: the lower
// bound of the 95% interval is above 0 (or the SPRT accepted H1).
func (r *VerifyReport) Wins() bool {
	if r.SPRT != "" {
		return r.SPRT == "H1"
	}
	return r.Elo.Lower > 0
}

// Verify plays the verification match of a tune config through the
// arena: the built-in engine with the tuned weights (file tuned) against
// the same engine with the start weights (file start, "" for the
// embedded ones), same limits, random openings in colour-reversed
// pairs. Like any run, an interrupted match resumes on the same output
// directory.
func Verify(ctx context.Context, cfg *configs.Tune, v *engines.Variant, start, tuned string, opt VerifyOptions) (*VerifyReport, error) {
	vf := cfg.Verify
	out := cfg.Path(vf.Out)
	r, err := verifyRun(cfg, v, start, tuned)
	if err != nil {
		return nil, fmt.Errorf("tuning: verify: %w", err)
	}
	p, err := plan.Resolve(r)
	if err != nil {
		return nil, fmt.Errorf("tuning: verify: %w", err)
	}
	sum, err := arena.Run(ctx, p, arena.Options{Out: out, Concurrency: cfg.Concurrency, Progress: opt.Progress, Log: opt.Log})
	if sum == nil {
		return nil, err
	}
	rep := &VerifyReport{Out: out}
	for _, p := range sum.Pairings {
		flip := p.A != TunedName
		rep.WDL, rep.Penta = p.WDL, p.Penta
		s := p.Games
		if p.Pairs != nil && p.Penta.Pairs() > 0 {
			s = *p.Pairs
		}
		rep.Elo = s.Elo
		if flip {
			rep.WDL = stats.WDL{W: p.WDL.L, D: p.WDL.D, L: p.WDL.W}
			for i := range rep.Penta {
				rep.Penta[i] = p.Penta[4-i]
			}
			rep.Elo = stats.Interval{Value: -s.Elo.Value, Lower: -s.Elo.Upper, Upper: -s.Elo.Lower, Error: s.Elo.Error}
		}
	}
	if sum.SPRT != nil {
		rep.SPRT = sum.SPRT.Decision.String()
	}
	if opt.Log != nil {
		fmt.Fprintf(opt.Log, "verify: %s\n", rep)
	}
	return rep, err
}

func (r *VerifyReport) String() string {
	s := fmt.Sprintf("tuned vs start: %d games, %s (W-D-L), pairs %s, Elo %+.1f [%+.1f, %+.1f]",
		r.WDL.Games(), r.WDL, r.Penta, r.Elo.Value, r.Elo.Lower, r.Elo.Upper)
	if r.SPRT != "" {
		s += ", SPRT " + r.SPRT
	}
	return s
}

// verifyRun is the match as a run, checked and completed like any
// other.
func verifyRun(cfg *configs.Tune, v *engines.Variant, start, tuned string) (*configs.Run, error) {
	vf := cfg.Verify
	abs := func(p string) string {
		if a, err := filepath.Abs(p); err == nil {
			return a
		}
		return p
	}
	r := &configs.Run{
		Name: "verify-" + v.Name, Variant: v.Name, Seed: cfg.Seed, Concurrency: cfg.Concurrency,
		Tournament:   configs.Tournament{Type: configs.Gauntlet, Challenger: TunedName, Games: vf.Games},
		Openings:     configs.RandomPlies(vf.OpeningPlies),
		TimeControl:  configs.TimeControl{Nodes: vf.Nodes},
		Adjudication: configs.Adjudication{MaxPlies: vf.MaxPlies},
		Engines: []configs.Engine{
			{Name: TunedName, Kind: configs.KindAlphaBeta, Hash: vf.Hash, Weights: map[string]string{v.Name: abs(tuned)}},
			{Name: StartName, Kind: configs.KindAlphaBeta, Hash: vf.Hash},
		},
	}
	if s := vf.SPRT; s != nil {
		r.Tournament = configs.Tournament{Type: configs.SPRTTest, Games: vf.Games}
		r.SPRT = &configs.SPRT{Elo0: s.Elo0, Elo1: s.Elo1, Alpha: s.Alpha, Beta: s.Beta, Model: s.Model}
	}
	if vf.Depth > 0 {
		r.TimeControl = configs.TimeControl{Depth: vf.Depth}
	}
	if start != "" {
		r.Engines[1].Weights = map[string]string{v.Name: abs(start)}
	}
	// The full checker of the command line, but the weights files are
	// the tune's own, written as the tune goes.
	c := check.Validating()
	c.FileExists = func(string) bool { return true }
	if cfg.VariantFile != "" {
		// The match names the file, so that its rules are in the match's
		// fingerprint: a resume after the file changed is refused.
		r.VariantFile = abs(cfg.Path(cfg.VariantFile))
	}
	err := configs.Complete("verify match of "+cfg.File, r, c)
	return r, err
}
