package tuning

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"varena/configs"
	"varena/engines"
	"varena/engines/search"
	"varena/engines/variants"
	"varena/results"
)

// TexelOptions are what the command line adds to a tune config.
type TexelOptions struct {
	Progress io.Writer // bar target (a terminal); nil: none
	Log      io.Writer // notes and, without a terminal, progress lines
	Now      func() time.Time
}

// TexelReport is what a Texel tune did.
type TexelReport struct {
	Variant                 string
	Positions, Train, Valid int
	Skipped                 int
	Shuffle                 int // positions left out by halfmove_limit
	K                       float64
	Fit                     *FitResult
	Out                     string // the weights file written
	Verify                  *VerifyReport
	// Rejected says why the weights were rejected ("" if they were
	// not); Out is then their RejectedPath.
	Rejected string
}

// Texel runs the Texel fit of a tune config: it reads the data, fits K
// (unless the config fixes it), fits the weights, writes them with a
// header recording how, and plays the verification match when the
// config asks for one. Interrupted (ctx ended), it still writes the best
// weights so far and returns ctx's error. Weights whose validation loss
// rose (the match is then not played) or that the match finds weaker
// are moved to RejectedPath and the error is ErrRejected.
func Texel(ctx context.Context, cfg *configs.Tune, opt TexelOptions) (*TexelReport, error) {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	logf := func(format string, args ...any) {
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, format+"\n", args...)
		}
	}
	v, err := cfg.VariantSet.ByName(cfg.Variant)
	if err != nil {
		return nil, err
	}
	start, startName, err := startWeights(cfg, v)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range cfg.Data {
		p := cfg.Path(f)
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			// Data is not committed: say how to make it.
			return nil, cfg.MissingData(f)
		}
		files = append(files, p)
	}
	t0 := time.Now()
	data, ls, err := LoadData(ctx, files, start, LoadOptions{
		Skip: cfg.BadData == configs.BadDataSkip, Concurrency: cfg.Concurrency, HalfmoveLimit: cfg.HalfmoveLimit,
	})
	if err != nil {
		return nil, err
	}
	if ls.Skipped > 0 {
		logf("skipped %d broken lines of %d, the first: %s", ls.Skipped, ls.Lines, strings.Join(ls.First, "; "))
	}
	if ls.Shuffle > 0 {
		logf("left out %d positions of %d whose halfmove clock reached %d (halfmove_limit)", ls.Shuffle, ls.Lines, cfg.HalfmoveLimit)
	}
	if data.Len() == 0 {
		return nil, fmt.Errorf("tuning: no positions in %s", strings.Join(files, ", "))
	}
	train, valid := data.Split(cfg.Validation, cfg.Seed)
	rep := &TexelReport{Variant: v.Name, Positions: data.Len(), Train: train.Len(), Valid: valid.Len(), Skipped: ls.Skipped, Shuffle: ls.Shuffle}
	logf("read %d positions (%d training, %d validation) of %d features, %.1f non-zero per position, in %s",
		data.Len(), train.Len(), valid.Len(), data.Features, float64(len(data.Index))/float64(data.Len()), time.Since(t0).Round(time.Millisecond))

	w0 := start.Values()
	rep.K = cfg.K
	if rep.K == 0 {
		if rep.K, err = FitK(train.Evals(w0), train.Result); err != nil {
			return nil, err
		}
		logf("K = %.4f (fitted: sigmoid(K * eval / 400))", rep.K)
	}
	names := start.Names()
	free := make([]bool, len(names))
	nfree := 0
	for i, n := range names {
		free[i] = !cfg.IsFrozen(n)
		if free[i] {
			nfree++
		}
	}
	for _, g := range cfg.Frozen {
		if !matchesAny(g, names) {
			logf("frozen: %q matches no feature of %s", g, v.Name)
		}
	}
	bar := newProgress(opt.Progress, opt.Log, "tune", "iterations", "", cfg.Iterations, 0, 0)
	bar.interval = 5 * time.Second
	fit, err := Fit(ctx, train, valid, FitOptions{
		K: rep.K, Start: w0, Free: free, L2: cfg.L2, Iterations: cfg.Iterations, Workers: cfg.Concurrency,
		Progress: func(p FitProgress) {
			status := fmt.Sprintf("train %.6f", p.Train)
			if !math.IsNaN(p.Valid) {
				status += fmt.Sprintf(" valid %.6f", p.Valid)
			}
			bar.update(p.Iteration, status)
		},
	})
	bar.finish()
	if fit == nil {
		return rep, err
	}
	interrupted := err
	// Weights are written to a tenth of a centipawn; the losses reported
	// are those of the written weights.
	for i, x := range fit.Weights {
		if free[i] {
			fit.Weights[i] = math.Round(x*10) / 10
		}
	}
	fit.TrainAfter = (&Loss{Data: train, K: rep.K, Workers: cfg.Concurrency}).Value(fit.Weights)
	if valid.Len() > 0 {
		fit.ValidAfter = (&Loss{Data: valid, K: rep.K, Workers: cfg.Concurrency}).Value(fit.Weights)
	}
	rep.Fit = fit
	logf("%d iterations (%s): training loss %.6f -> %.6f, %s; %d of %d weights free",
		fit.Iterations, fit.Status, fit.TrainBefore, fit.TrainAfter, fit.ValidText(), nfree, len(names))

	tuned := start.WithValues(fit.Weights)
	out := cfg.Path(cfg.Out)
	header := weightsHeader(cfg, rep, files, startName, opt.Now())
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return rep, fmt.Errorf("tuning: %w", err)
	}
	write := func(path, first string) error {
		rep.Out = path
		if err := writeWeights(path, first+header, tuned); err != nil {
			return err
		}
		logf("wrote %s", path)
		return nil
	}
	if why := validationRose(rep); why != "" {
		if err := write(RejectedPath(out), rejectedLine(why)); err != nil {
			return rep, err
		}
		return rep, errors.Join(rejected(rep, why, out), interrupted)
	}
	if interrupted != nil || cfg.Verify == nil {
		if err := write(out, ""); err != nil {
			return rep, err
		}
		return rep, interrupted
	}
	// The match plays the weights from a file beside out: they reach out
	// only if the match does not find them weaker.
	if err := write(UnverifiedPath(out), ""); err != nil {
		return rep, err
	}
	rep.Verify, err = Verify(ctx, cfg, v, startName, rep.Out, VerifyOptions{Progress: opt.Progress, Log: opt.Log})
	if err != nil {
		return rep, fmt.Errorf("%w (the weights are in %s until a verify match ends)", err, rep.Out)
	}
	if why := rep.Verify.verifyRejects(); why != "" {
		if err := write(RejectedPath(out), rejectedLine(why)); err != nil {
			return rep, err
		}
		os.Remove(UnverifiedPath(out))
		return rep, rejected(rep, why, out)
	}
	if err := os.Rename(UnverifiedPath(out), out); err != nil {
		return rep, fmt.Errorf("tuning: %w", err)
	}
	rep.Out = out
	logf("verified: moved the weights to %s", out)
	return rep, nil
}

// writeWeights writes a weights file with its header.
func writeWeights(path, header string, w *search.Weights) error {
	err := results.WriteFileAtomic(path, func(f io.Writer) error {
		_, err := io.WriteString(f, header)
		if err == nil {
			_, err = f.Write(w.YAML())
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("tuning: writing the weights: %w", err)
	}
	return nil
}

// startWeights returns the config's start weights and the file they came
// from ("" for the embedded ones).
func startWeights(cfg *configs.Tune, v *engines.Variant) (*search.Weights, string, error) {
	if cfg.Start == "" {
		w, err := search.DefaultWeights(v)
		return w, "", err
	}
	p := cfg.Path(cfg.Start)
	w, err := search.LoadWeights(v, p)
	return w, p, err
}

func matchesAny(glob string, names []string) bool {
	for _, n := range names {
		if ok, _ := path.Match(glob, n); ok {
			return true
		}
	}
	return false
}

// weightsHeader is the comment on top of a tuned weights file: how the
// weights were made, enough to reproduce them.
func weightsHeader(cfg *configs.Tune, rep *TexelReport, files []string, startName string, now time.Time) string {
	var b strings.Builder
	fit := rep.Fit
	switch {
	case startName != "":
	case variants.Builtin(cfg.Variant):
		startName = search.WeightsPath(cfg.Variant) + " (embedded)"
	default:
		// A variant of a variants file has no weights file: the fit
		// starts from the weights the engine derives from its rules.
		startName = "derived from the rules of " + cfg.Variant
	}
	fmt.Fprintf(&b, "# Tuned by varena tune (Texel fit, gonum L-BFGS) on %s.\n", now.UTC().Format(time.RFC3339))
	if cfg.File != "" {
		fmt.Fprintf(&b, "# Config: %s\n", cfg.File)
	}
	fmt.Fprintf(&b, "# Data: %s\n", strings.Join(files, ", "))
	fmt.Fprintf(&b, "# Positions: %d (%d training, %d validation", rep.Positions, rep.Train, rep.Valid)
	if rep.Skipped > 0 {
		fmt.Fprintf(&b, "; %d broken lines skipped", rep.Skipped)
	}
	if rep.Shuffle > 0 {
		fmt.Fprintf(&b, "; %d left out, their halfmove clock at %d or more", rep.Shuffle, cfg.HalfmoveLimit)
	}
	b.WriteString(")\n")
	fmt.Fprintf(&b, "# K: %.4f (expected score sigmoid(K * eval / 400))\n", rep.K)
	fmt.Fprintf(&b, "# Loss (MSE) before -> after: training %.6f -> %.6f, %s\n",
		fit.TrainBefore, fit.TrainAfter, fit.ValidText())
	fmt.Fprintf(&b, "# Start: %s; frozen: %s; l2: %g; %d iterations (%s)\n",
		startName, strings.Join(cfg.Frozen, ", "), cfg.L2, fit.Iterations, fit.Status)
	b.WriteString("\n")
	return b.String()
}
