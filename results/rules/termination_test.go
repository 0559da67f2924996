package rules

import (
	"testing"

	"varena/engines"
	"varena/results"
)

// Every end by the rules has a record name of its own.
func TestTerminationNames(t *testing.T) {
	for r, want := range map[engines.Termination]string{
		engines.Extinction:           results.TermExtinction,
		engines.Checkmate:            results.TermCheckmate,
		engines.Stalemate:            results.TermStalemate,
		engines.FiftyMoves:           results.TermFiftyMoves,
		engines.Repetition:           results.TermRepetition,
		engines.BareKings:            results.TermInsufficient,
		engines.InsufficientMaterial: results.TermInsufficient,
		engines.FlagReached:          results.TermFlag,
		engines.CheckLimit:           results.TermCheckLimit,
		engines.BareKing:             results.TermBareKing,
		engines.CountingLimit:        results.TermCounting,
	} {
		if got := Termination(r); got != want {
			t.Errorf("Termination(%v) = %q, want %q", r, got, want)
		}
	}
}
