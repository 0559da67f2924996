package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/variants"
	"varena/results"
)

// TestXBoardGUI plays `varena xboard` against Fairy-Max in shatranj in
// the real XBoard, two machines, one game at 10 seconds plus 0.1 a move
// (a draw after 60 moves) on an Xvfb display: the game ends, XBoard saves it, and every move of
// the saved PGN is legal by varena's rules. A screenshot of the game in
// progress is written to $VARENA_ARTIFACTS (else the system's temporary
// folder), its path logged. (Skipped without xboard, Xvfb or fairymax.)
func TestXBoardGUI(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a game in XBoard")
	}
	const xboardBin, fairymax = "/usr/games/xboard", "/usr/games/fairymax"
	xvfb, err := exec.LookPath("Xvfb")
	for _, p := range []string{xboardBin, fairymax} {
		if _, serr := os.Stat(p); serr != nil && err == nil {
			err = serr
		}
	}
	if err != nil {
		t.Skipf("needs XBoard, Xvfb and Fairy-Max (Debian packages xboard, xvfb, fairymax; .ci/run installs them): %v", err)
	}
	bin := buildVarena(t)
	display, stopX := startXvfb(t, xvfb)
	defer stopX()

	dir := t.TempDir()
	// Fairy-Max 5.0b crashes on XBoard's "computer" (about half its
	// starts: printf 'xboard\nprotover 2\nnew\ncomputer\n' | fairymax),
	// a command that only tells it its opponent is a program: a filter
	// leaves the line out, and Fairy-Max plays as XBoard starts it.
	opponent := filepath.Join(dir, "fairymax-filtered")
	script := "#!/bin/sh\ngrep --line-buffered -v '^computer$' | exec " + fairymax + " \"$@\"\n"
	if err := os.WriteFile(opponent, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	pgn := filepath.Join(dir, "game.pgn")
	ctx, cancel := context.WithTimeout(context.Background(), 55*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, xboardBin,
		"-fcp", bin+" xboard", "-scp", opponent, "-variant", "shatranj",
		"-mg", "1", "-tc", "0:10", "-inc", "0.1", "-mps", "0", "-xponder", "-adjudicateDrawMoves", "60",
		"-saveGameFile", pgn, "-autoCallFlag", "true", "-popupExitMessage", "false",
		"-debug", "-nameOfDebugFile", filepath.Join(dir, "xboard.debug"))
	cmd.Dir = dir
	// XBoard writes its settings to ~/.xboardrc: a home of the test's own.
	cmd.Env = append(os.Environ(), fmt.Sprintf("DISPLAY=:%d", display), "HOME="+dir)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()

	// A screenshot of the board some moves in.
	shot := filepath.Join(os.TempDir(), "varena-xboard-shatranj.png")
	if a := os.Getenv("VARENA_ARTIFACTS"); a != "" {
		shot = filepath.Join(a, "xboard-shatranj.png")
	}
	select {
	case err := <-done:
		debug, _ := os.ReadFile(filepath.Join(dir, "xboard.debug"))
		t.Fatalf("XBoard ended within 6 s: %v\n%s\n%s", err, out.String(), tail(string(debug), 4000))
	case <-time.After(6 * time.Second):
	}
	if err := x11Screenshot(display, shot); err != nil {
		t.Logf("no screenshot: %v", err)
	} else {
		t.Logf("screenshot: %s", shot)
	}

	if err := <-done; err != nil {
		debug, _ := os.ReadFile(filepath.Join(dir, "xboard.debug"))
		t.Fatalf("xboard: %v\n%s\n%s", err, out.String(), tail(string(debug), 4000))
	}
	if a := os.Getenv("VARENA_ARTIFACTS"); a != "" {
		data, _ := os.ReadFile(pgn)
		os.WriteFile(filepath.Join(a, "xboard-shatranj.pgn"), data, 0o644)
		debug, _ := os.ReadFile(filepath.Join(dir, "xboard.debug"))
		os.WriteFile(filepath.Join(a, "xboard.debug"), debug, 0o644)
	}
	games, err := results.ReadPGNFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 {
		t.Fatalf("%d games saved, want 1", len(games))
	}
	g := games[0]
	t.Logf("%s - %s %s, %d plies: %s", g.Tags["White"], g.Tags["Black"], g.Result, len(g.Moves), g.Comment)
	if g.Tags["White"] != "varena" || g.Tags["Variant"] != "shatranj" {
		t.Errorf("tags %v", g.Tags)
	}
	if g.Result == "*" || len(g.Moves) < 10 {
		t.Errorf("result %s after %d plies: the game did not run to an end", g.Result, len(g.Moves))
	}
	// XBoard's last comment says how the game ended: by the board or
	// its adjudication, not by an engine's fault.
	raw, _ := os.ReadFile(pgn)
	if i := strings.LastIndexByte(string(raw), '{'); i >= 0 {
		ending := strings.ToLower(string(raw[i:]))
		t.Logf("ending: %s", strings.TrimSpace(ending))
		for _, fault := range []string{"crash", "illegal", "forfeit", "disconnect", "on time", "flag"} {
			if strings.Contains(ending, fault) {
				t.Errorf("the game ended by a fault (%q): %s", fault, ending)
			}
		}
	}
	// Every move by varena's rules of shatranj (Fairy-Stockfish's, as
	// engines/fairy describes it; XBoard's letters: Q the ferz, B the
	// alfil).
	ini := filepath.Join(dir, "none.ini")
	if err := os.WriteFile(ini, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	v, ok, err := variants.FromFile(ini, "shatranj")
	if err != nil || !ok {
		t.Fatalf("shatranj: %v", err)
	}
	pos := v.StartPosition()
	for i, san := range g.Moves {
		m, err := pos.ParseSAN(san)
		if err != nil {
			t.Fatalf("ply %d: %s: %v (in %s)", i+1, san, err, pos.FEN())
		}
		pos = pos.Play(m)
	}
	if o := pos.Status(); o.Result != engines.Ongoing {
		t.Logf("the rules end the game: %v by %v", o.Result, o.Reason)
	}
}

// startXvfb starts Xvfb on a free display and returns its number and a
// function that stops it.
func startXvfb(t *testing.T, xvfb string) (int, func()) {
	t.Helper()
	for n := 91; n < 140; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
			continue
		}
		x := exec.Command(xvfb, fmt.Sprintf(":%d", n), "-screen", "0", "1024x768x24", "-ac", "-nolisten", "tcp")
		if err := x.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan struct{})
		go func() { x.Wait(); close(exited) }()
		stop := func() {
			x.Process.Kill()
			<-exited
		}
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			select {
			case <-exited:
				goto next // the display was taken after all
			default:
			}
			if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
				return n, stop
			}
		}
		stop()
		t.Fatalf("Xvfb :%d did not start within 5 s", n)
	next:
	}
	t.Skip("no free X display from :91 to :139")
	return 0, nil
}

// tail returns the last n bytes of s.
func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
