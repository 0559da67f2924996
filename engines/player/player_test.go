package player

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/search"
	"varena/engines/variants"
)

// playGame plays one game between two players from the start position and
// returns White's score (1, 0.5, 0). A game still going after maxPlies is
// a draw. Every move is checked legal by the rules engine.
func playGame(t testing.TB, v *engines.Variant, white, black Player, lim limits.Limits, maxPlies int) float64 {
	t.Helper()
	ctx := context.Background()
	pos, _ := engines.ParseFEN(v, v.StartFEN)
	g := engines.NewGame(pos)
	players := [2]Player{white, black}
	for _, p := range players {
		if err := p.NewGame(ctx, v); err != nil {
			t.Fatal(err)
		}
	}
	for ply := 0; ply < maxPlies; ply++ {
		o := g.Outcome()
		if o.Result != engines.Ongoing {
			switch o.Result {
			case engines.WhiteWins:
				return 1
			case engines.BlackWins:
				return 0
			}
			return 0.5
		}
		p := players[g.Position().SideToMove()]
		r, err := p.Move(ctx, Request{Game: g, Limits: lim})
		if err != nil {
			t.Fatalf("%s: %v", p.Name(), err)
		}
		if _, err := g.Position().ParseUCIMove(v.Geometry.UCI(r.Move)); err != nil {
			t.Fatalf("%s played an illegal move: %v", p.Name(), err)
		}
		g.Play(r.Move)
	}
	return 0.5
}

// match plays games with colours alternating and returns the first
// player's score fraction. b is made anew for each game by newB(game), so
// a seeded opponent varies from game to game.
func match(t testing.TB, v *engines.Variant, a Player, newB func(int) Player, games int, lim limits.Limits) float64 {
	score := 0.0
	for i := 0; i < games; i++ {
		b := newB(i)
		if i%2 == 0 {
			score += playGame(t, v, a, b, lim, 400)
		} else {
			score += 1 - playGame(t, v, b, a, lim, 400)
		}
	}
	return score / float64(games)
}

// TestStrength checks that alphabeta beats random and greedy players. The
// default run plays a few games; VARENA_STRENGTH=1 plays the 100 games per
// pairing and variant that the strength targets are stated for (>= 95%
// against random, >= 80% against greedy).
func TestStrength(t *testing.T) {
	games := 6
	if ok, _ := strconv.ParseBool(os.Getenv("VARENA_STRENGTH")); ok {
		games = 100
	} else if testing.Short() {
		t.Skip("short")
	}
	for _, v := range variants.All {
		ab := NewAlphaBeta("alphabeta", nil, limits.Limits{Depth: 3}, 16)
		opponents := []struct {
			name string
			make func(int) Player
			want float64
		}{
			{"random", func(i int) Player { return NewRandom("random", uint64(i)) }, 0.95},
			{"greedy", func(i int) Player { return NewGreedy("greedy", uint64(i), nil) }, 0.80},
		}
		for _, opp := range opponents {
			score := match(t, v, ab, opp.make, games, limits.Limits{})
			t.Logf("%s: alphabeta(depth 3) vs %s: %.1f%% over %d games", v.Name, opp.name, 100*score, games)
			if score < opp.want {
				t.Errorf("%s: alphabeta scores %.1f%% against %s, want at least %.0f%%", v.Name, 100*score, opp.name, 100*opp.want)
			}
		}
	}
}

func TestGreedyTakesTheWin(t *testing.T) {
	v, _ := variants.ByName("extinction")
	w, _ := search.DefaultWeights(v)
	// The black queen on c3 is the last: bxc3 wins; Nxc3 would too, but
	// greedy takes the most valuable capture that wins.
	pos, err := engines.ParseFEN(v, "rnb1kbnr/pppppppp/8/8/8/2q5/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGreedy("greedy", 1, map[*engines.Variant]*search.Weights{v: w})
	if err := g.NewGame(context.Background(), v); err != nil {
		t.Fatal(err)
	}
	r, err := g.Move(context.Background(), Request{Game: engines.NewGame(pos)})
	if err != nil {
		t.Fatal(err)
	}
	after := pos.Play(r.Move)
	if o := after.Status(); o.Result != engines.WhiteWins {
		t.Errorf("greedy played %s, outcome %v", v.Geometry.UCI(r.Move), o.Result)
	}
}

func TestRandomIsReproducible(t *testing.T) {
	v, _ := variants.ByName("losalamos-bunkers")
	play := func() string {
		r := NewRandom("r", 42)
		pos, _ := engines.ParseFEN(v, v.StartFEN)
		g := engines.NewGame(pos)
		r.NewGame(context.Background(), v)
		s := ""
		for i := 0; i < 20 && g.Outcome().Result == engines.Ongoing; i++ {
			rep, _ := r.Move(context.Background(), Request{Game: g})
			s += v.Geometry.UCI(rep.Move) + " "
			g.Play(rep.Move)
		}
		return s
	}
	if a, b := play(), play(); a != b {
		t.Errorf("two games with one seed differ:\n%s\n%s", a, b)
	}
}

func ExampleFaultOf() {
	err := fmt.Errorf("game 12: %w", &Fault{Player: "fsf", Kind: Timeout, Err: fmt.Errorf("no bestmove in 1.2s")})
	if f, ok := FaultOf(err); ok {
		fmt.Println(f.Kind, "by", f.Player)
	}
	// Output: timeout by fsf
}

// TestMoveLimits: a request's margin and stall timeout win over the
// player's defaults; a timed move may take its budget and the margin, an
// untimed one the stall timeout.
func TestMoveLimits(t *testing.T) {
	const s = time.Second
	tests := []struct {
		req                   Request
		budget                time.Duration
		wantMargin, wantLimit time.Duration
	}{
		{Request{}, 0, 1 * s, 60 * s},
		{Request{}, 2 * s, 1 * s, 3 * s},
		{Request{Margin: 5 * s}, 2 * s, 5 * s, 7 * s},
		{Request{Stall: 10 * s}, 0, 1 * s, 10 * s},
		{Request{Margin: 5 * s, Stall: 10 * s}, 0, 5 * s, 10 * s},
	}
	for _, tt := range tests {
		m, l := tt.req.MoveLimits(1*s, 60*s, tt.budget)
		if m != tt.wantMargin || l != tt.wantLimit {
			t.Errorf("%+v, budget %v: margin %v, limit %v; want %v, %v", tt.req, tt.budget, m, l, tt.wantMargin, tt.wantLimit)
		}
	}
}
