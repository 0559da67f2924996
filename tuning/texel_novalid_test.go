package tuning

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/check"
	"varena/engines/variants"
)

// TestTexelWithoutValidation: a fit whose split leaves no validation
// positions (one game, a share of 0.001) says so, in the log and the
// weights header, instead of printing and writing NaN.
func TestTexelWithoutValidation(t *testing.T) {
	v := variants.All[0]
	dir := t.TempDir()
	if _, err := Datagen(context.Background(), filepath.Join(dir, "d.epd"), datagenOpts(t, v, 1, 1)); err != nil {
		t.Fatal(err)
	}
	src := "variant: extinction\ndata: [d.epd]\niterations: 2\nvalidation: 0.001\nout: w.yaml\n"
	cfgPath := filepath.Join(dir, "t.yaml")
	if err := os.WriteFile(cfgPath, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := configs.LoadTune(cfgPath, check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	rep, err := Texel(context.Background(), cfg, TexelOptions{Log: &log})
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if rep.Valid != 0 {
		t.Fatalf("the split kept %d validation positions; the test needs none", rep.Valid)
	}
	text, err := os.ReadFile(filepath.Join(dir, "w.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]string{"log": log.String(), "weights": string(text)} {
		if strings.Contains(s, "NaN") {
			t.Errorf("%s holds NaN:\n%s", name, s)
		}
		if !strings.Contains(s, "no validation positions") {
			t.Errorf("%s does not say there were no validation positions:\n%s", name, s)
		}
	}
	if got := rep.Fit.ValidText(); got != "no validation positions" {
		t.Errorf("ValidText = %q", got)
	}
}
