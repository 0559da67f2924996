package arena

import (
	"errors"
	"testing"
	"time"

	"varena/engines/player"
	"varena/results"
)

// TestOverBudgetWords checks that a move the arena's clock catches late
// reads as the protocol clients word the same fault, and counts as a
// time forfeit as theirs does.
func TestOverBudgetWords(t *testing.T) {
	tests := []struct {
		took, budget, margin time.Duration
		want                 string
	}{
		{1234567 * time.Microsecond, time.Second, 100 * time.Millisecond,
			"slow: timeout: move after 1.235s, over the budget 1s + margin 100ms"},
		{80 * time.Millisecond, 10 * time.Millisecond, 50 * time.Millisecond,
			"slow: timeout: move after 80ms, over the budget 10ms + margin 50ms"},
	}
	for _, tt := range tests {
		f := overBudget("slow", tt.took, tt.budget, tt.margin)
		if got := f.Error(); got != tt.want {
			t.Errorf("took %v, budget %v: %q, want %q", tt.took, tt.budget, got, tt.want)
		}
		if f.Kind != player.Timeout {
			t.Errorf("kind %v, want timeout", f.Kind)
		}
		if term := faultTerm(f, true); term != results.TermTimeForfeit {
			t.Errorf("termination %q, want %q", term, results.TermTimeForfeit)
		}
	}
}

// TestEngineErrorNamesOnce checks that an engine's error names the
// engine once, whether the cause names it too (a player's fault) or not.
func TestEngineErrorNamesOnce(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&player.Fault{Player: "base", Kind: player.Timeout, Err: errors.New("no uciok within 10s; killed")},
			"engine base: timeout: no uciok within 10s; killed"},
		{&player.Fault{Player: "other", Kind: player.Crash, Err: errors.New("exit status 1")},
			"engine base: other: crash: exit status 1"},
		{errors.New(`command "./nope": no such file or directory`),
			`engine base: command "./nope": no such file or directory`},
		{engineError("base", errors.New("weights: bad")), "engine base: weights: bad"},
	}
	for _, tt := range tests {
		if got := engineError("base", tt.err).Error(); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}
