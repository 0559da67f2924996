package arena

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"varena/arena/openings"
	"varena/configs"
	"varena/engines"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/losalamos"
)

var variantsByName = map[string]*engines.Variant{"extinction": extinction.Variant,
	"losalamos-bunkers": losalamos.Variant, "evolution": evolution.Variant}

func testRun(kind string, engines int, games, rounds int) *configs.Run {
	r := &configs.Run{Name: "t", Variant: "extinction", Seed: 5,
		Tournament: configs.Tournament{Type: kind, Games: games, Rounds: rounds}}
	for i := 0; i < engines; i++ {
		r.Engines = append(r.Engines, configs.Engine{Name: fmt.Sprintf("e%d", i), Kind: configs.KindRandom})
	}
	if kind == configs.Gauntlet {
		r.Tournament.Challenger = "e0"
	}
	r.Openings = configs.RandomPlies(4)
	return r
}

func all(string, string) bool { return true }

func one(v *engines.Variant) []*engines.Variant { return []*engines.Variant{v} }

func TestSchedule(t *testing.T) {
	tests := []struct {
		kind                  string
		engines, games, round int
		total                 int
	}{
		{configs.RoundRobin, 4, 2, 1, 12},
		{configs.RoundRobin, 3, 4, 2, 24},
		{configs.Gauntlet, 4, 2, 1, 6},
		{configs.SPRTTest, 2, 10, 1, 10},
	}
	for _, tt := range tests {
		r := testRun(tt.kind, tt.engines, tt.games, tt.round)
		s, err := NewSchedule(resolved(t, r), one(extinction.Variant), nil, all)
		if err != nil {
			t.Fatal(err)
		}
		if s.Total() != tt.total {
			t.Errorf("%s %d engines: %d games, want %d", tt.kind, tt.engines, s.Total(), tt.total)
		}
		// Ids run 1..n; each pair is two games, one opening, colours swapped.
		pairs := map[int][]GameSpec{}
		for i, g := range s.Games() {
			if g.ID != i+1 {
				t.Fatalf("game %d has id %d", i+1, g.ID)
			}
			pairs[g.Pair] = append(pairs[g.Pair], g)
		}
		colours := map[string]int{}
		for p, gs := range pairs {
			if len(gs) != 2 || gs[0].White != gs[1].Black || gs[0].Black != gs[1].White || gs[0].Opening != gs[1].Opening {
				t.Fatalf("pair %d is not a colour-reversed pair: %+v", p, gs)
			}
			colours[gs[0].White]++
			colours[gs[1].White]++
			if tt.kind == configs.Gauntlet && gs[0].White != "e0" && gs[0].Black != "e0" {
				t.Errorf("gauntlet game without the challenger: %+v", gs[0])
			}
		}
		// The same config gives the same schedule.
		again, _ := NewSchedule(resolved(t, r), one(extinction.Variant), nil, all)
		if fmt.Sprint(again.Games()) != fmt.Sprint(s.Games()) {
			t.Errorf("%s: schedule is not deterministic", tt.kind)
		}
	}
}

func TestScheduleOpenings(t *testing.T) {
	r := testRun(configs.RoundRobin, 2, 6, 1)
	s, _ := NewSchedule(resolved(t, r), one(extinction.Variant), nil, all)
	seen := map[string]bool{}
	for _, g := range s.Games() {
		pos, err := engines.ParseFEN(extinction.Variant, g.Opening.FEN)
		if err != nil || pos.Status().Result != engines.Ongoing {
			t.Fatalf("opening %s: %v", g.Opening.FEN, err)
		}
		seen[g.Opening.FEN] = true
	}
	if len(seen) != 3 {
		t.Errorf("%d different openings for 3 pairs", len(seen))
	}
	book := map[string][]openings.Opening{"extinction": {{FEN: "a"}, {FEN: "b"}}}
	s, _ = NewSchedule(resolved(t, r), one(extinction.Variant), book, all)
	var got []string
	for _, g := range s.Games() {
		got = append(got, g.Opening.FEN)
	}
	if strings.Join(got, "") != "aabbaa" {
		t.Errorf("book openings in order %v, want pairs cycling through the book", got)
	}
}

func TestShards(t *testing.T) {
	r := testRun(configs.RoundRobin, 4, 4, 1)
	s, _ := NewSchedule(resolved(t, r), one(extinction.Variant), nil, all)
	for _, n := range []int{1, 2, 3, 5, 30} {
		ids := map[int]int{}
		for i := 1; i <= n; i++ {
			for _, g := range s.Shard(i, n).Games() {
				ids[g.ID]++
			}
		}
		if len(ids) != s.Total() {
			t.Errorf("%d shards cover %d of %d games", n, len(ids), s.Total())
		}
		for id, c := range ids {
			if c != 1 {
				t.Errorf("%d shards: game %d in %d shards", n, id, c)
			}
		}
	}
	// Pairs stay whole.
	for _, g := range s.Shard(2, 3).Games() {
		if (g.Pair-1)%3 != 1 {
			t.Errorf("pair %d in shard 2/3", g.Pair)
		}
	}
}

// multiRun is a multivariant round-robin of four engines; "fsf" declines
// all but extinction, "nobunk" declines losalamos-bunkers.
func multiRun(mode string, games int) (*configs.Run, Accepts) {
	r := testRun(configs.RoundRobin, 4, games, 1)
	r.Variant = ""
	r.Variants = []configs.VariantSpec{{Name: "extinction"}, {Name: "losalamos-bunkers"}, {Name: "evolution"}}
	r.VariantSchedule = mode
	declines := map[string][]string{"e2": {"losalamos-bunkers", "evolution"}, "e3": {"losalamos-bunkers"}}
	accepts := func(e, v string) bool { return !slices.Contains(declines[e], v) }
	return r, accepts
}

func multiVariants() []*engines.Variant {
	return []*engines.Variant{extinction.Variant, losalamos.Variant, evolution.Variant}
}

func TestMultivariantSchedule(t *testing.T) {
	for _, mode := range []string{configs.ScheduleAll, configs.ScheduleAssigned} {
		r, accepts := multiRun(mode, 6)
		s, err := NewSchedule(resolved(t, r), multiVariants(), nil, accepts)
		if err != nil {
			t.Fatal(err)
		}
		perPairing := map[string]map[string]int{}
		whites := map[string]map[string]int{} // pairing -> engine -> games as White
		for _, g := range s.Games() {
			if !accepts(g.White, g.Variant) || !accepts(g.Black, g.Variant) {
				t.Fatalf("%s: game %d makes %s-%s play %s, which one declines", mode, g.ID, g.White, g.Black, g.Variant)
			}
			pos, err := engines.ParseFEN(variantsByName[g.Variant], g.Opening.FEN)
			if err != nil || pos.Status().Result != engines.Ongoing {
				t.Fatalf("%s: opening of game %d (%s): %v", mode, g.ID, g.Variant, err)
			}
			key := pairKey(g.White, g.Black)
			k := key[0] + "-" + key[1]
			if perPairing[k] == nil {
				perPairing[k] = map[string]int{}
			}
			perPairing[k][g.Variant]++
			if whites[k] == nil {
				whites[k] = map[string]int{}
			}
			whites[k][g.White]++
		}
		for k, byVariant := range perPairing {
			total, lo, hi := 0, 1<<30, 0
			for _, n := range byVariant {
				total += n
				lo, hi = min(lo, n), max(hi, n)
			}
			switch mode {
			case configs.ScheduleAll:
				for _, n := range byVariant {
					if n != 6 {
						t.Errorf("all: %s plays %v, want 6 games of each common variant", k, byVariant)
					}
				}
			case configs.ScheduleAssigned:
				// 6 games = 3 pairs over the common variants, as even as can be.
				if total != 6 || hi-lo > 2 {
					t.Errorf("assigned: %s plays %v, want 6 games spread evenly", k, byVariant)
				}
			}
		}
		// e2 plays only extinction: every one of its pairings does too.
		for k, byVariant := range perPairing {
			if strings.Contains(k, "e2") && len(byVariant) != 1 {
				t.Errorf("%s: %s plays %v", mode, k, byVariant)
			}
		}
		for k, w := range whites {
			pair := strings.Split(k, "-")
			if w[pair[0]] != w[pair[1]] {
				t.Errorf("%s: colours unbalanced in %s: %v", mode, k, w)
			}
		}
		again, _ := NewSchedule(resolved(t, r), multiVariants(), nil, accepts)
		if fmt.Sprint(again.Games()) != fmt.Sprint(s.Games()) {
			t.Errorf("%s: schedule is not deterministic", mode)
		}
	}
}

func TestAssignedSpreadsVariants(t *testing.T) {
	r, _ := multiRun(configs.ScheduleAssigned, 2)
	s, err := NewSchedule(resolved(t, r), multiVariants(), nil, all)
	if err != nil {
		t.Fatal(err)
	}
	// 6 pairings of one pair each over 3 variants: 2 pairs (4 games) each.
	count := map[string]int{}
	for _, g := range s.Games() {
		count[g.Variant]++
	}
	for _, v := range multiVariants() {
		if count[v.Name] != 4 {
			t.Errorf("variants spread %v, want 4 games each", count)
		}
	}
}

// TestNoCommonVariant: a pairing whose engines play no variant in common
// is left out of the schedule (an event of specialists: a xiangqi engine
// never meets a shogi engine), in both variant schedules, and named by
// Unpaired; an engine that meets nobody is an error.
func TestNoCommonVariant(t *testing.T) {
	for _, mode := range []string{configs.ScheduleAll, configs.ScheduleAssigned} {
		r, _ := multiRun(mode, 2)
		accepts := func(e, v string) bool {
			switch e {
			case "e0":
				return v == "evolution"
			case "e1":
				return v == "extinction"
			}
			return true
		}
		s, err := NewSchedule(resolved(t, r), multiVariants(), nil, accepts)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		met := map[[2]string]int{}
		for _, g := range s.Games() {
			if !accepts(g.White, g.Variant) || !accepts(g.Black, g.Variant) {
				t.Errorf("%s: game %d makes %s-%s play %s", mode, g.ID, g.White, g.Black, g.Variant)
			}
			met[pairKey(g.White, g.Black)]++
		}
		// 6 pairings but e0-e1; 2 games each, 3 variants each under all
		// (e0 and e1 one).
		if met[pairKey("e0", "e1")] != 0 || len(met) != 5 {
			t.Errorf("%s: pairings met %v, want all but e0-e1", mode, met)
		}
		want := []string{"e0 and e1 have no variant in common (e0 plays evolution; e1 plays extinction)"}
		if got := s.Unpaired(); !slices.Equal(got, want) {
			t.Errorf("%s: Unpaired() = %q, want %q", mode, got, want)
		}
	}

	r, _ := multiRun(configs.ScheduleAll, 2)
	alone := func(e, v string) bool { return e != "e0" || v == "evolution" }
	noEvolution := func(e, v string) bool { return alone(e, v) && (e == "e0" || v != "evolution") }
	_, err := NewSchedule(resolved(t, r), multiVariants(), nil, noEvolution)
	if err == nil || !strings.Contains(err.Error(), "e0 meets no opponent: none of them plays evolution") {
		t.Errorf("an engine no other meets: error %v", err)
	}
	nothing := func(e, v string) bool { return e != "e3" }
	_, err = NewSchedule(resolved(t, r), multiVariants(), nil, nothing)
	if err == nil || !strings.Contains(err.Error(), "e3 meets no opponent: it plays none of the run's variants") {
		t.Errorf("an engine that plays nothing: error %v", err)
	}
}

// pairKey orders two engine names.
func pairKey(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}
