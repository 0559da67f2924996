package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"varena/results"
	"varena/results/rundir"
)

// TestEventCommandLines runs the cutechess-cli command lines of
// docs/event.md, as written there but smaller: one round (two games, one
// opening with colours reversed) at 3+0.1 instead of five at 10+0.1, and
// at most 60 moves a game, short of the 50 quiet moves after which Sjaak
// II claims a draw in shatranj, whose rule is 70 (docs/event.md).
// Fairy-Max against Sjaak II in shatranj and in knightmate,
// Fairy-Stockfish over xboard against itself over UCI in crazyhouse:
// every game ends by the rules, the move cap or a player's resignation
// (Sjaak II concedes a bare king a move before the rules end the game),
// none by an illegal move or claim, a crash, a protocol error, a stall
// or a time forfeit. A line whose programs are not installed is skipped,
// naming them.
func TestEventCommandLines(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: games of real engines")
	}
	var lines [][]string
	for _, b := range blocks(t, filepath.Join(repoRoot, "docs", "event.md")) {
		if !slices.Contains(shellLangs, b.lang) {
			continue
		}
		for _, c := range shellLines(b.text) {
			// The Swiss and knockout lines (-tournament) run in
			// testdata/docs/swiss.txtar.
			if strings.HasPrefix(c, "varena run -engine ") && !strings.Contains(c, " -tournament ") {
				lines = append(lines, shellWords(c))
			}
		}
	}
	if len(lines) != 3 {
		t.Fatalf("docs/event.md has %d cutechess-cli lines, want 3", len(lines))
	}
	for _, words := range lines {
		at := slices.Index(words, "-out")
		if at < 0 || at == len(words)-1 {
			t.Fatalf("%q: no -out", words)
		}
		t.Run(filepath.Base(words[at+1]), func(t *testing.T) {
			for _, w := range words {
				if cmd, ok := strings.CutPrefix(w, "cmd="); ok {
					if _, err := os.Stat(cmd); err != nil {
						t.Skipf("needs %s (Debian packages fairymax, sjaakii, fairy-stockfish): %v", cmd, err)
					}
				}
			}
			out := t.TempDir()
			args := slices.Clone(words[1:]) // without "varena"
			for i, w := range args {
				switch {
				case i > 0 && args[i-1] == "-rounds":
					args[i] = "1"
				case i > 0 && args[i-1] == "-out":
					args[i] = out
				case strings.HasPrefix(w, "tc="):
					args[i] = "tc=3+0.1"
				}
			}
			args = append(args, "-maxmoves", "60")
			code, stdout, stderr := varena(args...)
			if code != 0 || !strings.Contains(stdout, "Finished match") {
				t.Fatalf("varena %q: exit %d\nstdout:\n%s\nstderr:\n%s", args, code, stdout, stderr)
			}
			games, err := results.ReadJournal(filepath.Join(out, rundir.JournalFile))
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != 2 {
				t.Fatalf("%d games, want 2", len(games))
			}
			for _, g := range games {
				t.Logf("game %d %s-%s %s %s (%d plies) %s", g.ID, g.White, g.Black, g.Result, g.Termination, len(g.Moves), g.Reason)
				if faultEnd(g.Termination) {
					t.Errorf("game %d ended by %s: %s", g.ID, g.Termination, g.Reason)
				}
			}
		})
	}
}

// faultEnd reports whether a game's termination is a fault: not the
// rules, an adjudication or a player's resignation.
func faultEnd(term string) bool {
	switch term {
	case results.TermIllegalMove, results.TermEngineCrash, results.TermTimeForfeit, results.TermStall:
		return true
	}
	return false
}

// shellWords splits a command line as a shell does for the docs' lines:
// at spaces, but not inside single quotes, which are removed.
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	quoted, started := false, false
	for _, r := range line {
		switch {
		case r == '\'':
			quoted, started = !quoted, true
		case r == ' ' && !quoted:
			if started {
				words = append(words, cur.String())
				cur.Reset()
				started = false
			}
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	if started {
		words = append(words, cur.String())
	}
	return words
}
