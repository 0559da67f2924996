package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// datagen, then tune, through the commands; the tuned weights file is
// read by varena uci -weights.
func TestDatagenTuneUCI(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.epd")
	var out, errOut bytes.Buffer
	std := stdio{in: strings.NewReader(""), out: &out, err: &errOut}
	if code := realMain(context.Background(), []string{"datagen", "-variant", "losalamos-bunkers", "-games", "4", "-nodes", "200", "-out", data, "-quiet"}, std); code != 0 {
		t.Fatalf("datagen: exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "4 games") {
		t.Errorf("datagen output: %s", out.String())
	}
	cfg := filepath.Join(dir, "t.yaml")
	os.WriteFile(cfg, []byte("variant: losalamos-bunkers\ndata: [d.epd]\nl2: 0.000001\niterations: 10\nvalidation: 0\nout: w.yaml\n"), 0o644)
	out.Reset()
	errOut.Reset()
	if code := realMain(context.Background(), []string{"tune", cfg, "-quiet"}, std); code != 0 {
		t.Fatalf("tune: exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "losalamos-bunkers: ") || !strings.Contains(out.String(), "w.yaml") {
		t.Errorf("tune output: %s", out.String())
	}
	var uciOut, uciErr bytes.Buffer
	err := serveUCI(context.Background(), []string{"-variant", "losalamos-bunkers", "-weights", filepath.Join(dir, "w.yaml")},
		strings.NewReader("uci\nisready\nposition startpos\ngo depth 2\n"), &uciOut, &uciErr)
	if err != nil || !strings.Contains(uciOut.String(), "bestmove ") {
		t.Fatalf("uci -weights: %v\n%s\n%s", err, uciOut.String(), uciErr.String())
	}
	// A tune config error is one FILE:LINE line and exit 1.
	os.WriteFile(cfg, []byte("variant: losalamos-bunkers\ndata: [d.epd]\nout: w.yaml\nvalidation: 2\n"), 0o644)
	errOut.Reset()
	if code := realMain(context.Background(), []string{"tune", cfg}, std); code != 1 || !strings.Contains(errOut.String(), cfg+":4: validation") {
		t.Errorf("bad config: exit %d: %s", code, errOut.String())
	}
}
