package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"varena/arena"
)

// liveSPRTConfig is an SPRT of an engine on a clock against one at a
// fixed depth, so that a board shows a clock on one side and a limit on
// the other.
const liveSPRTConfig = `name: live-sprt
variant: extinction
seed: 5
concurrency: 2
tournament: {type: sprt, games: 40}
sprt: {elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05}
openings: {plies: 2}
time_control: {depth: 2}
adjudication: {max_plies: 80}
engines:
  - {name: clocked, kind: alphabeta, time_control: {clock: "6+0.05"}}
  - {name: deep2, kind: alphabeta}
`

// TestLiveSidesAndSPRTInBrowser: each game in progress shows both sides'
// clocks (or limits) and the score and depth of their last moves, and an
// SPRT run its LLR as a gauge between its bounds (issue 19, point 13).
func TestLiveSidesAndSPRTInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser and plays a short run")
	}
	path := chromium(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "live.yaml")
	if err := os.WriteFile(cfg, []byte(liveSPRTConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr lockedBuffer
	runDone := make(chan error, 1)
	// The run is stopped once the page is checked (Ctrl-C keeps its games).
	runCtx, stopRun := context.WithCancel(context.Background())
	defer stopRun()
	go func() {
		runDone <- runMain(runCtx, []string{cfg, "-out", filepath.Join(dir, "out"), "-serve", "127.0.0.1:0", "--quiet"}, &bytes.Buffer{}, &stderr)
	}()
	url := waitURL(t, &stderr, runDone)
	ctx, cancel := browser(t, path)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	// A board whose both sides have moved: a clock on one side, the
	// depth limit on the other, each with a score and a depth.
	waitFor(ctx, t, "a game in progress where both sides moved",
		`[...document.querySelectorAll("#boards .card")].some(c => [...c.querySelectorAll(".side-line")].filter(d => / d\d+$/.test(d.textContent)).length === 2)`, time.Minute)
	lines := eval[[]string](ctx, t, `(() => { const c = [...document.querySelectorAll("#boards .card")].find(c => [...c.querySelectorAll(".side-line")].filter(d => / d\d+$/.test(d.textContent)).length === 2); return [...c.querySelectorAll(".side-line")].map(d => d.dataset.side + ": " + d.textContent); })()`)
	clock := regexp.MustCompile(`^(white|black): (White|Black) clocked: \d+:\d\d\.\d · ([+-]\d+\.\d\d|[+-]M\d+) d\d+$`)
	limit := regexp.MustCompile(`^(white|black): (White|Black) deep2: depth=2 · ([+-]\d+\.\d\d|[+-]M\d+) d\d+$`)
	var clocks, limits int
	for _, l := range lines {
		switch {
		case clock.MatchString(l):
			clocks++
		case limit.MatchString(l):
			limits++
		}
	}
	if len(lines) != 2 || clocks != 1 || limits != 1 {
		t.Errorf("side lines %q: want one clock and one depth limit, each with score and depth", lines)
	}
	// The LLR gauge follows the state once a pair is finished.
	waitFor(ctx, t, "an SPRT state with an LLR", `state && state.sprt && state.sprt.penta.reduce((a, b) => a + b, 0) > 0`, 2*time.Minute)
	ok := eval[bool](ctx, t, `(() => { const m = document.getElementById("llr"), p = state.sprt; return Math.abs(m.value - p.llr) < 1e-9 && m.min === p.lower_bound && m.max === p.upper_bound; })()`)
	if !ok {
		t.Errorf("the LLR gauge does not show the state's LLR between its bounds")
	}
	text := eval[string](ctx, t, `document.getElementById("sprttext").textContent`)
	if !strings.Contains(text, "LLR ") || !strings.Contains(text, "pairs [") {
		t.Errorf("SPRT line %q", text)
	}
	// The ratings beside the standings say why they are not the
	// pairing's Elo, as the console and the report do.
	if note := eval[string](ctx, t, `document.getElementById("priornote").textContent`); !strings.Contains(note, "virtual draw") {
		t.Errorf("no prior note under the standings: %q", note)
	}
	if body := eval[string](ctx, t, `document.body.innerText`); strings.Contains(body, "-0.0") {
		t.Errorf("the page shows -0.0")
	}
	nonBlank(t, screenshot(ctx, t), "live-sprt")
	stopRun()
	if err := <-runDone; err != nil && !errors.Is(err, arena.ErrInterrupted) {
		var status exitStatus
		if !errors.As(err, &status) {
			t.Fatalf("run: %v\n%s", err, stderr.String())
		}
	}
}
