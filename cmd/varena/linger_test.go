package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varena/configs"
	"varena/configs/configtest"
)

// TestServeLingersAfterRun: a run started from a terminal with -serve
// keeps its page up once it has ended, saying so, and the state it
// serves is the ended run's; Ctrl-C (the context's end) stops it. From a
// script the server stops with the run (the browser tests).
func TestServeLingersAfterRun(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "linger.yaml")
	const yaml = `name: linger
seed: 1
variant: extinction
tournament: {type: round-robin, games: 2}
adjudication: {max_plies: 40}
engines:
  - {name: r1, kind: random}
  - {name: r2, kind: random}
`
	if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := configs.Load(cfg, checker(nil))
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var stdout, stderr lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- runWith(ctx, configtest.Resolve(t, r), runSettings{out: filepath.Join(dir, "out"), quiet: true, serve: "127.0.0.1:0", lingerServe: true},
			stdio{in: strings.NewReader(""), out: &stdout, err: &stderr})
	}()
	url := waitURL(t, &stderr, done)
	deadline := time.Now().Add(time.Minute)
	for !strings.Contains(stderr.String(), "until Ctrl-C") {
		select {
		case err := <-done:
			t.Fatalf("run returned without lingering: %v\n%s", err, stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("the run did not end:\n%s", stderr.String())
		}
	}
	if !strings.Contains(stdout.String(), "r1") {
		t.Errorf("the standings were not printed before lingering:\n%s", stdout.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "report.html")); err != nil {
		t.Errorf("no report before lingering: %v", err)
	}
	resp, err := http.Get(url + "api/state")
	if err != nil {
		t.Fatalf("the page is not served after the run: %v", err)
	}
	var state struct {
		Ended  bool `json:"ended"`
		Played int  `json:"played"`
	}
	err = json.NewDecoder(resp.Body).Decode(&state)
	resp.Body.Close()
	if err != nil || !state.Ended || state.Played != 2 {
		t.Errorf("state after the run: %+v (%v), want ended with 2 played", state, err)
	}
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop at Ctrl-C")
	}
	if _, err := http.Get(url + "api/state"); err == nil {
		t.Error("still served after Ctrl-C")
	}
}
