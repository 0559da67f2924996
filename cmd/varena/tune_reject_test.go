package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/tuning/tuningtest"
)

// TestTuneRejectedExitsNonZero: a fit whose validation loss rises is
// said so on stderr, exits 1 and leaves its weights as OUT.rejected
// only (issue 19, point 7). Its validation positions are its training
// positions with the results reversed (tuningtest.MirrorHeldOut), so the
// loss rises whatever games datagen played.
func TestTuneRejectedExitsNonZero(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	std := stdio{in: strings.NewReader(""), out: &out, err: &errOut}
	if code := realMain(context.Background(), []string{"datagen", "-variant", "extinction", "-games", "6", "-nodes", "300", "-seed", "42",
		"-max-plies", "120", "-out", filepath.Join(dir, "d.epd"), "-quiet"}, std); code != 0 {
		t.Fatalf("datagen: exit %d: %s", code, errOut.String())
	}
	text, err := os.ReadFile(filepath.Join(dir, "d.epd"))
	if err != nil {
		t.Fatal(err)
	}
	mirrored, err := tuningtest.MirrorHeldOut(string(text), 3, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "d.epd"), []byte(mirrored), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "t.yaml")
	if err := os.WriteFile(cfg, []byte("variant: extinction\ndata: [d.epd]\nseed: 3\nl2: 0\niterations: 200\nvalidation: 0.5\nout: w.yaml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errOut.Reset()
	code := realMain(context.Background(), []string{"tune", cfg, "-quiet"}, std)
	w := filepath.Join(dir, "w.yaml")
	if code != 1 || !strings.Contains(errOut.String(), "weights rejected: the validation loss rose") ||
		!strings.Contains(errOut.String(), "written to "+w+".rejected, not "+w) {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
	if !strings.Contains(out.String(), w+".rejected") {
		t.Errorf("stdout does not name the rejected file: %q", out.String())
	}
	if _, err := os.Stat(w); !os.IsNotExist(err) {
		t.Errorf("%s exists: %v", w, err)
	}
}
