package engines_test

import (
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// TestFairyEndMatchesStatus: on the stored game ends of Fairy-Stockfish's
// variants (testdata/fairy/ends*.txt, each checked against Fairy-Stockfish
// 11.1) and the positions before them, the searcher's cheaper verdicts
// agree with Status: FairyEnd where a rule ends the game without moves,
// NoMovesOutcome where the side to move has none; and neither where
// Status says the game goes on.
func TestFairyEndMatchesStatus(t *testing.T) {
	cases := loadFairyEnds(t)
	if len(cases) == 0 {
		t.Fatal("no stored game ends")
	}
	for _, c := range cases {
		v := fairyParent(t, c.variant)
		before, err := engines.ParseFEN(v, c.fen)
		if err != nil {
			t.Fatalf("%s:%d: %v", c.file, c.line, err)
		}
		m, err := before.ParseUCIMove(c.move)
		if err != nil {
			t.Fatalf("%s:%d: %v", c.file, c.line, err)
		}
		for _, p := range []engines.Position{before, before.Play(m)} {
			want := p.Status()
			got, over := p.FairyEnd()
			switch {
			case over && got != want:
				t.Errorf("%s:%d %s: FairyEnd %v, Status %v", c.file, c.line, p.FEN(), got, want)
			case !over && p.CountMoves() == 0:
				if nm := p.NoMovesOutcome(); nm != want {
					t.Errorf("%s:%d %s: NoMovesOutcome %v, Status %v", c.file, c.line, p.FEN(), nm, want)
				}
			case !over && (want.Reason == engines.FlagReached || want.Reason == engines.CheckLimit ||
				want.Reason == engines.BareKing || want.Reason == engines.Extinction):
				t.Errorf("%s:%d %s: FairyEnd sees no end, Status %v", c.file, c.line, p.FEN(), want)
			}
		}
	}
	// A built-in variant's ends are Status's own: FairyEnd has none.
	for _, v := range variants.All {
		pos := v.StartPosition()
		if _, over := pos.FairyEnd(); over {
			t.Errorf("%s: FairyEnd at the start", v.Name)
		}
	}
}

// TestFairyMoveRules: the n-move rule and repetition results a searcher
// reads.
func TestFairyMoveRules(t *testing.T) {
	if n := fairyParent(t, "shatranj").MoveRule(); n != 70 {
		t.Errorf("shatranj MoveRule %d, want 70", n)
	}
	if n := fairyParent(t, "3check").MoveRule(); n != 50 {
		t.Errorf("3check MoveRule %d, want 50", n)
	}
	v := fairyParent(t, "3check")
	pos := v.StartPosition()
	if r := v.RepetitionResult(&pos); r != engines.Draw {
		t.Errorf("3check repetition %v, want a draw", r)
	}
}
