package tuning

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/check"
	"varena/engines/search"
	"varena/engines/variants"
	"varena/tuning/tuningtest"
)

// texelIn runs the tune config src in dir, whose d.epd holds the
// positions of games datagen games.
func texelIn(t *testing.T, dir, src string, games int) (*TexelReport, error, string) {
	t.Helper()
	v := variants.All[0]
	if _, err := os.Stat(filepath.Join(dir, "d.epd")); err != nil {
		if _, err := Datagen(context.Background(), filepath.Join(dir, "d.epd"), datagenOpts(t, v, games, 2)); err != nil {
			t.Fatal(err)
		}
	}
	cfgPath := filepath.Join(dir, "t.yaml")
	os.WriteFile(cfgPath, []byte(src), 0o644)
	cfg, err := configs.LoadTune(cfgPath, check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	rep, err := Texel(context.Background(), cfg, TexelOptions{Log: &log})
	return rep, err, log.String()
}

// TestValidationRiseRejects: a fit whose validation positions are its
// training positions with the results reversed gets worse on them as it
// gets better on the training set; its validation loss rises, so the
// weights are written to OUT.rejected only, no match is played, and the
// error says so (issue 19, point 7).
func TestValidationRiseRejects(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.epd")
	if _, err := Datagen(context.Background(), data, datagenOpts(t, variants.All[0], 6, 2)); err != nil {
		t.Fatal(err)
	}
	const seed, share = 3, 0.5
	text, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	mirrored, err := tuningtest.MirrorHeldOut(string(text), seed, share)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(data, []byte(mirrored), 0o644)
	rep, err, log := texelIn(t, dir, "variant: extinction\ndata: [d.epd]\nseed: 3\nl2: 0\niterations: 200\nvalidation: 0.5\nout: w.yaml\n"+
		"verify: {games: 2, depth: 1, opening_plies: 2}\n", 6)
	if rep == nil || rep.Fit == nil {
		t.Fatalf("no fit: %v\n%s", err, log)
	}
	if rep.Fit.ValidAfter <= rep.Fit.ValidBefore {
		t.Fatalf("validation loss %.6f -> %.6f did not rise; the test wants a fit that overfits", rep.Fit.ValidBefore, rep.Fit.ValidAfter)
	}
	out := filepath.Join(dir, "w.yaml")
	if !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "validation loss rose") ||
		!strings.Contains(err.Error(), "written to "+out+".rejected, not "+out) {
		t.Errorf("error %v", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s written: %v", out, err)
	}
	text, rerr := os.ReadFile(out + ".rejected")
	if rerr != nil || !strings.HasPrefix(string(text), "# REJECTED: the validation loss rose") {
		t.Errorf("%s.rejected: %v\n%.200s", out, rerr, text)
	}
	if rep.Out != out+".rejected" || rep.Rejected == "" || rep.Verify != nil {
		t.Errorf("report: out %s, rejected %q, verify %+v", rep.Out, rep.Rejected, rep.Verify)
	}
	if _, err := os.Stat(filepath.Join(dir, "w-verify")); !os.IsNotExist(err) {
		t.Errorf("a verify match was played after the validation loss rose: %v", err)
	}
	// The rejected file is still a weights file, to inspect or to play.
	if _, err := search.LoadWeights(variants.All[0], out+".rejected"); err != nil {
		t.Error(err)
	}
}

// TestVerifiedWeightsReachOut: weights the match does not find weaker
// (here the start weights, held there by a huge l2: each pair is 1-1) wait
// in OUT.unverified during the match and are then moved to OUT.
func TestVerifiedWeightsReachOut(t *testing.T) {
	dir := t.TempDir()
	rep, err, log := texelIn(t, dir, "variant: extinction\ndata: [d.epd]\nl2: 1000000\niterations: 5\nvalidation: 0.5\nout: w.yaml\n"+
		"verify: {games: 2, depth: 1, opening_plies: 2}\n", 4)
	if err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	out := filepath.Join(dir, "w.yaml")
	if rep.Out != out || rep.Rejected != "" || rep.Verify == nil || rep.Verify.WDL.Games() != 2 {
		t.Errorf("report: out %s, rejected %q, verify %+v", rep.Out, rep.Rejected, rep.Verify)
	}
	if !strings.Contains(log, "wrote "+out+".unverified") {
		t.Errorf("the match did not play the weights from %s.unverified:\n%s", out, log)
	}
	for name, want := range map[string]bool{"w.yaml": true, "w.yaml.unverified": false, "w.yaml.rejected": false} {
		if _, err := os.Stat(filepath.Join(dir, name)); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", name, err == nil, want)
		}
	}
}
