package widesearch

import (
	"math"
	"math/rand"
	"sync"
	"testing"

	"varena/engines/fairy"
	"varena/engines/wide"
)

// The variants of engines/wide the tests play: Fairy-Stockfish's
// built-ins on boards over 64 squares without drops, minixiangqi, and
// the variants with pieces in hand, lowered by engines/fairy.
var variantNames = []string{
	"capablanca", "caparandom", "gothic", "janus", "embassy", "grand", "courier",
	"shako", "xiangqi", "minixiangqi", "manchu", "janggi", "janggicasual",
	"janggimodern", "janggitraditional", "chancellor", "centaur", "modern",
	"jesonmor", "clobber10",
	// With pieces in hand: drops, gating, placement.
	"crazyhouse", "loop", "chessgi", "pocketknight", "placement", "seirawan",
	"shouse", "capahouse", "minishogi", "shogi", "kyotoshogi", "dobutsu",
	"gorogoro", "judkins", "euroshogi", "sittuyin",
	// Explosions.
	"atomic", "nocheckatomic",
	// Clones, flips and walls left behind.
	"ataxx", "flipersi", "flipello", "snailtrail",
}

var (
	variantMu    sync.Mutex
	variantCache = map[string]*wide.Variant{}
)

// variant returns a built-in variant by name.
func variant(t testing.TB, name string) *wide.Variant {
	t.Helper()
	variantMu.Lock()
	defer variantMu.Unlock()
	if v, ok := variantCache[name]; ok {
		return v
	}
	d := fairy.Lookup(nil, name)
	if d == nil {
		t.Fatalf("no built-in variant %q", name)
	}
	v, err := d.Wide()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	variantCache[name] = v
	return v
}

func mustFEN(t testing.TB, v *wide.Variant, fen string) wide.Position {
	t.Helper()
	p, err := wide.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// randomPositions returns the positions of n seeded random games of v,
// up to plies plies each, the start included.
func randomPositions(t testing.TB, v *wide.Variant, seed int64, n, plies int) []wide.Position {
	rng := rand.New(rand.NewSource(seed))
	var out []wide.Position
	var buf [wide.MaxMoves]wide.Move
	for g := 0; g < n; g++ {
		p := mustFEN(t, v, v.StartFEN())
		for i := 0; i < plies; i++ {
			out = append(out, p)
			legal := p.GenerateLegal(buf[:0])
			if len(legal) == 0 {
				break
			}
			p.MakeMove(legal[rng.Intn(len(legal))], &p)
		}
	}
	return out
}

// TestDerivedValues checks the material the rules give the pieces of
// xiangqi, janggi and capablanca against the values the derivation
// promises (derive.go) within a few centipawns.
func TestDerivedValues(t *testing.T) {
	tests := []struct {
		variant string
		want    map[string]int // piece name -> cp
	}{
		{"xiangqi", map[string]int{"rook": 515, "cannon": 385, "horse": 225, "fers": guardFloor, "elephant": guardFloor, "soldier": 100, "king": 0}},
		{"janggi", map[string]int{"rook": 528, "janggiCannon": 255, "horse": 225, "janggiElephant": 129, "wazir": 189, "soldier": 100}},
		{"capablanca", map[string]int{"knight": 300, "bishop": 371, "rook": 512, "queen": 883, "archbishop": 671, "chancellor": 812, "pawn": 100, "king": 0}},
	}
	for _, tc := range tests {
		t.Run(tc.variant, func(t *testing.T) {
			v := variant(t, tc.variant)
			w := DerivedWeights(v)
			for i, pr := range v.Rules().Pieces {
				want, ok := tc.want[pr.Name]
				if !ok {
					continue
				}
				// The material less what mobility pays for a piece of
				// its reach.
				got := w.Material[i+1] + int(math.Round(float64(w.Mobility[i+1])*reach(v, pr, v.Files(), v.Ranks())))
				if got < want-3 || got > want+3 {
					t.Errorf("%s: %d cp, want %d", pr.Name, got, want)
				}
			}
		})
	}
}

// TestTraceIsEvaluation checks the evaluation is the weights times the
// trace on random positions of every variant.
func TestTraceIsEvaluation(t *testing.T) {
	for i, name := range variantNames {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			e := DefaultEval(v)
			w := e.Vector()
			if len(w) != len(e.Names()) {
				t.Fatalf("%d weights, %d names", len(w), len(e.Names()))
			}
			for _, p := range randomPositions(t, v, int64(i), 3, 80) {
				f := e.Trace(&p)
				dot := 0.0
				for j := range f {
					dot += w[j] * f[j]
				}
				if got := e.Evaluate(&p); float64(got) != dot {
					t.Fatalf("%s: Evaluate %d, weights . trace %v", p.FEN(), got, dot)
				}
			}
		})
	}
}

// TestWithVector checks a weight vector round-trips and a wrong length
// is an error.
func TestWithVector(t *testing.T) {
	e := DefaultEval(variant(t, "xiangqi"))
	x := e.Vector()
	x[0] += 7
	e2, err := e.WithVector(x)
	if err != nil {
		t.Fatal(err)
	}
	if got := e2.Vector(); got[0] != x[0] || got[len(got)-1] != x[len(x)-1] {
		t.Errorf("round trip: %v, want %v", got, x)
	}
	if _, err := e.WithVector(x[1:]); err == nil {
		t.Error("a short vector is no error")
	}
}

// TestEvaluationSymmetric checks the start position scores the tempo
// alone for either side to move (the start is symmetric).
func TestEvaluationSymmetric(t *testing.T) {
	for _, name := range variantNames {
		v := variant(t, name)
		if name == "manchu" {
			continue // one army against another
		}
		e := DefaultEval(v)
		p := mustFEN(t, v, v.StartFEN())
		if got := e.Evaluate(&p); got != e.Weights().Tempo {
			t.Errorf("%s: start scores %d, want the tempo %d", name, got, e.Weights().Tempo)
		}
	}
}
