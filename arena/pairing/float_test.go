package pairing

import "testing"

// TestDutchCriteria checks the quality criteria that colours and the
// pair count leave open: the float history (C.04.3 of 2017, C.14-C.21)
// and the topscorers' last round (C.3, A.7).
func TestDutchCriteria(t *testing.T) {
	W, B, N := White, Black, NoColour
	// p builds a player met by absent opponents (100+), so only colours,
	// scores and floats decide.
	p := func(no, score int, cs []Colour, fs ...Float) Player {
		pl := Player{No: no, Score: score, Colours: cs, Floats: make([]Float, len(cs))}
		copy(pl.Floats[len(cs)-len(fs):], fs)
		for k, c := range cs {
			if c != N {
				pl.Opponents = append(pl.Opponents, 100+10*no+k)
			}
		}
		return pl
	}
	// met makes players a and b (pairing numbers, listed in order) have
	// met: the pairer only needs to know they may not meet again.
	met := func(a, b int, ps []Player) []Player {
		ps[a-1].Opponents[len(ps[a-1].Opponents)-1] = b
		ps[b-1].Opponents[len(ps[b-1].Opponents)-1] = a
		return ps
	}
	// byes marks players (pairing numbers) as having had the bye.
	byes := func(ps []Player, nos ...int) []Player {
		for _, no := range nos {
			ps[no-1].HadBye = true
		}
		return ps
	}
	tests := []struct {
		name    string
		rounds  int
		players []Player
		want    string
	}{
		// Three on 2 points, one below: 3 floats down by the Dutch order,
		// 1 meeting 2.
		{"no floats", 0, []Player{
			p(1, 2, []Colour{W, B}), p(2, 2, []Colour{B, W}), p(3, 2, []Colour{B, W}), p(4, 0, []Colour{W, B}),
		}, "1-2 4-3"},
		// C.14: 3 floated down in the last round, so 2 floats instead.
		{"downfloat last round", 0, []Player{
			p(1, 2, []Colour{W, B}), p(2, 2, []Colour{B, W}), p(3, 2, []Colour{B, W}, Down), p(4, 0, []Colour{W, B}),
		}, "1-3 4-2"},
		// C.16: the same two rounds before.
		{"downfloat two rounds before", 0, []Player{
			p(1, 2, []Colour{W, B}), p(2, 2, []Colour{B, W}), p(3, 2, []Colour{B, W}, Down, NoFloat), p(4, 0, []Colour{W, B}),
		}, "1-3 4-2"},
		// C.14 before C.16: 2 floated down two rounds ago, 3 last round.
		{"last round counts first", 0, []Player{
			p(1, 2, []Colour{W, B}), p(2, 2, []Colour{B, W}, Down, NoFloat), p(3, 2, []Colour{B, W}, Down), p(4, 0, []Colour{W, B}),
		}, "1-3 4-2"},
		// Colours (C.12) come before floats: 1 and 2 both want white, so
		// 3 floats down again.
		{"colours first", 0, []Player{
			p(1, 2, []Colour{W, B}), p(2, 2, []Colour{W, B}), p(3, 2, []Colour{B, W}, Down), p(4, 0, []Colour{B, W}),
		}, "1-3 2-4"},
		// 1 floats down into 2-6: it meets 2 by the Dutch order...
		{"no upfloats", 0, []Player{
			p(1, 4, []Colour{W, B}), p(2, 2, []Colour{B, W}), p(3, 2, []Colour{B, W}), p(4, 2, []Colour{B, W}), p(5, 2, []Colour{W, B}), p(6, 2, []Colour{W, B}),
		}, "1-2 5-3 6-4"},
		// ... but C.15: 2 floated up in the last round, so 3 takes 1.
		{"upfloat last round", 0, []Player{
			p(1, 4, []Colour{W, B}), p(2, 2, []Colour{B, W}, Up), p(3, 2, []Colour{B, W}), p(4, 2, []Colour{B, W}), p(5, 2, []Colour{W, B}), p(6, 2, []Colour{W, B}),
		}, "1-3 5-2 6-4"},
		// C.18: 1 and 2 (who met) both float down into the group of 3 and
		// both floated down last round; 3 takes 2, the smaller score
		// difference, and 1 floats on.
		{"score difference of a repeated downfloat", 0, met(1, 2, []Player{
			p(1, 6, []Colour{W, B}, Down), p(2, 4, []Colour{W, B}, Down), p(3, 2, []Colour{B, W}),
			p(4, 0, []Colour{B, W}), p(5, 0, []Colour{W, B}), p(6, 0, []Colour{B, W}),
		}), "1-4 2-3 5-6"},
		// Without the float history, the higher downfloater comes first.
		{"no repeated downfloat", 0, met(1, 2, []Player{
			p(1, 6, []Colour{W, B}), p(2, 4, []Colour{W, B}), p(3, 2, []Colour{B, W}),
			p(4, 0, []Colour{B, W}), p(5, 0, []Colour{W, B}), p(6, 0, []Colour{B, W}),
		}), "1-3 2-4 5-6"},
		// The bye is a downfloat: 5 floated down last round, so 4 has it
		// (3's bye would leave 4 and 5 both wanting black).
		{"bye and downfloat", 0, []Player{
			p(1, 2, []Colour{W, B}), p(2, 2, []Colour{B, W}), p(3, 0, []Colour{W, B}), p(4, 0, []Colour{B, W}), p(5, 0, []Colour{B, W}, Down),
		}, "1-2 3-5 bye 4"},
		// Everyone on 0 has had a bye, so it goes up to the group on 2
		// (the round paired once per player who could take it).
		{"bye above the lowest group", 0, byes([]Player{
			p(1, 2, []Colour{W, B}), p(2, 2, []Colour{B, W}), p(3, 2, []Colour{W, B}),
			p(4, 0, []Colour{B, N}), p(5, 0, []Colour{W, N}),
		}, 4, 5), "1-2 4-5 bye 3"},
		// Two leaders who both must have black may not meet...
		{"absolute colours", 0, []Player{
			p(1, 4, []Colour{W, W}), p(2, 4, []Colour{W, W}), p(3, 0, []Colour{B, B}), p(4, 0, []Colour{W, B}),
		}, "3-1 4-2"},
		// ... unless they are topscorers in the last round (C.3): then
		// the one with the larger colour difference, or the higher
		// ranked, has his colour.
		{"topscorers in the last round", 3, []Player{
			p(1, 4, []Colour{W, W}), p(2, 4, []Colour{W, W}), p(3, 0, []Colour{B, B}), p(4, 0, []Colour{W, B}),
		}, "2-1 3-4"},
		// Not the last round: no relaxation.
		{"topscorers before the last round", 4, []Player{
			p(1, 4, []Colour{W, W}), p(2, 4, []Colour{W, W}), p(3, 0, []Colour{B, B}), p(4, 0, []Colour{W, B}),
		}, "3-1 4-2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Event{Rounds: tc.rounds}.Pair(tc.players)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
