package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"

	"varena/configs"
	"varena/engines/variants"
	"varena/results/report"
	"varena/tuning"
)

// spsaFlags are the command line's overrides of an SPSA tune.
type spsaFlags struct {
	out         string
	concurrency int
	quiet       bool
}

// runSPSA runs (or resumes) the SPSA tune of the config at path and
// writes its final values; the tune may name the variants of vs.
func runSPSA(ctx context.Context, path string, f spsaFlags, vs *variants.Set, stdout, stderr io.Writer) error {
	t, err := configs.LoadSPSA(path, checker(vs))
	if err != nil {
		return err
	}
	t.VariantSet = vs
	out := f.out
	if out == "" && t.Out != "" {
		out = t.Out
		if !filepath.IsAbs(out) {
			out = filepath.Join(filepath.Dir(path), out)
		}
	}
	if out == "" {
		out = filepath.Join("out", t.Name)
	}
	conc := f.concurrency
	if conc == 0 {
		conc = t.Concurrency
	}
	if conc == 0 {
		conc = runtime.NumCPU()
	}
	gp, err := tuning.NewGamePairs(t, out, nil)
	if err != nil {
		return err
	}
	params := gp.Params()
	fp := map[string]string{"method": configs.MethodSPSA, "tune": t.Fingerprint()}
	if k := gp.OpeningsKey(); k != "" {
		fp["openings"] = k
	}
	cfg := tuning.SPSAConfig{
		Params: params,
		Schedule: tuning.Schedule{Iterations: t.SPSA.Iterations, A: *t.SPSA.A,
			Alpha: t.SPSA.Alpha, Gamma: t.SPSA.Gamma},
		Seed:        t.Seed,
		Concurrency: conc,
		Out:         out,
		Fingerprint: fp,
		Files:       []string{report.File},
	}
	if !f.quiet {
		cfg.Log = stderr
		if isTerminal(stderr) {
			cfg.Progress = stderr
		}
	}
	res, err := tuning.RunSPSA(ctx, cfg, gp)
	if res == nil {
		return err
	}
	if werr := tuning.WriteSPSAFinal(out, t, params, res); werr != nil && err == nil {
		err = werr
	}
	if _, _, rerr := report.WriteFile(out, vs); rerr != nil && err == nil {
		err = fmt.Errorf("report: %w", rerr)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "spsa %s: %d of %d iterations in %s\n", t.Name, res.Done, res.Total, out)
	for i, p := range params {
		fmt.Fprintf(&b, "  %-24s start %-8g now %.3f\n", p.Name, p.Start, res.Theta[i])
	}
	fmt.Fprintf(&b, "final values: %s, %s\n", filepath.Join(out, tuning.SPSAFinalYAML), filepath.Join(out, tuning.SPSAFinalUCI))
	fmt.Fprint(stdout, b.String())
	return err
}
