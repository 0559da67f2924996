package arena

import (
	"testing"

	"varena/configs"
	"varena/engines"
)

func TestAdjudicator(t *testing.T) {
	type move struct {
		score int
		ok    bool
	}
	s := func(scores ...int) []move {
		var ms []move
		for _, x := range scores {
			ms = append(ms, move{x, true})
		}
		return ms
	}
	draw := &configs.DrawRule{MoveNumber: 2, Moves: 2, Score: 10}
	resign := &configs.Resign{Moves: 2, Score: 500}
	tests := []struct {
		name  string
		rule  configs.Adjudication
		moves []move // alternately White's and Black's, from move 1
		at    int    // ply after which the verdict comes (0: none)
		want  engines.Result
	}{
		{"no rules", configs.Adjudication{}, s(0, 0, 0, 0, 0, 0), 0, 0},
		{"max plies", configs.Adjudication{MaxPlies: 4}, s(0, 0, 0, 0, 0), 4, engines.Draw},
		// Plies 1-2 are move 1, before MoveNumber 2: they do not count.
		{"draw after move 2", configs.Adjudication{Draw: draw}, s(0, 0, 5, -5, 10, 0), 6, engines.Draw},
		{"draw interrupted", configs.Adjudication{Draw: draw}, s(0, 0, 5, 50, 5, 0, 0, 0), 8, engines.Draw},
		{"draw needs scores", configs.Adjudication{Draw: draw}, []move{{0, true}, {0, true}, {0, false}, {0, true}, {0, true}, {0, true}}, 0, 0},
		// White sees itself lost, Black agrees (high from its own view).
		{"white resigns", configs.Adjudication{Resign: resign}, s(-600, 700, -800, 900), 4, engines.BlackWins},
		{"black resigns", configs.Adjudication{Resign: resign}, s(600, -700, 800, -500), 4, engines.WhiteWins},
		{"no agreement", configs.Adjudication{Resign: resign}, s(-600, -700, -800, -900, -600), 0, 0},
		{"too short", configs.Adjudication{Resign: resign}, s(0, 700, -800, 900), 0, 0},
	}
	for _, tt := range tests {
		a := adjudicator{rule: tt.rule}
		at := 0
		var got engines.Result
		for i, m := range tt.moves {
			mover := engines.Color(i % 2)
			if v, ok := a.observe(i+1, i/2+1, mover, m.score, m.ok); ok {
				at, got = i+1, v.result
				break
			}
		}
		if at != tt.at || got != tt.want {
			t.Errorf("%s: verdict %v after ply %d, want %v after %d", tt.name, got, at, tt.want, tt.at)
		}
	}
}
