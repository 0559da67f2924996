package pairing

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// historyOf builds players from one string per player:
// "score opp/colour ..." with colour w, b or - (bye).
func historyOf(lines ...string) []Player {
	var ps []Player
	for i, l := range lines {
		f := strings.Fields(l)
		sc, _ := strconv.Atoi(f[0])
		p := Player{No: i + 1, Score: sc}
		for _, g := range f[1:] {
			o, c, _ := strings.Cut(g, "/")
			n, _ := strconv.Atoi(o)
			switch c {
			case "w":
				p.Colours = append(p.Colours, White)
			case "b":
				p.Colours = append(p.Colours, Black)
			default:
				p.Colours = append(p.Colours, NoColour)
				p.HadBye = true
				continue
			}
			p.Opponents = append(p.Opponents, n)
		}
		ps = append(ps, p)
	}
	return ps
}

// nextBracketCase is the players of TestDutch's C.7 case.
var nextBracketCase = []string{
	"4 7/b 9/w",
	"4 8/b 10/b",
	"4 6/w 8/w",
	"2 5/w 6/w",
	"2 4/b 7/w",
	"2 3/b 4/b",
	"0 1/w 5/b",
	"0 2/w 3/b",
	"1 10/w 1/b",
	"1 9/b 2/w",
}

func TestDutch(t *testing.T) {
	fresh := func(n int) []Player {
		ps := make([]Player, n)
		for i := range ps {
			ps[i].No = i + 1
		}
		return ps
	}
	history := historyOf
	tests := []struct {
		name    string
		players []Player
		want    string
	}{
		// Round 1: top half against bottom half, the top player white on
		// odd boards.
		{"round 1 of 6", fresh(6), "1-4 5-2 3-6"},
		{"round 1 of 8", fresh(8), "1-5 6-2 3-7 8-4"},
		{"round 1 of 5: bye to the last", fresh(5), "1-3 4-2 bye 5"},
		{"two players", fresh(2), "1-2"},
		// Round 2 after 1-3 1-0, 4-2 0-1, bye 5: 1, 2 and 5 on 2 points,
		// 3 and 4 on 0. 5 had the bye, so it goes to 4 (the lowest who has
		// had none); 5 floats down to 3, who had black and so has white.
		{"round 2 with a bye", history(
			"2 3/w",
			"2 4/b",
			"0 1/b",
			"0 2/w",
			"2 0/-",
		), "2-1 3-5 bye 4"},
		// No repeat: 1 and 2 lead but met, and each met one of 3 and 4,
		// so 1-4 and 2-3 is the only pairing; 3 (white twice) must have
		// black and 4 (black twice) white.
		// C.7: 1, 2 and 3 lead, one floats. 1-2, the first candidate,
		// grants both colours and floats 3, but 4 (white twice, met 5 and
		// 6) cannot meet 3 (white twice) either, so the next bracket could
		// not pair all its players (4 would float on to 9). 2-3 grants
		// both colours too and floats 1, who can meet 4, and 5 meets 6.
		{"downfloater for the next bracket", history(nextBracketCase...), "2-3 1-4 6-5 9-7 8-10"},
		{"no repeat pairing", history(
			"4 2/w 3/b",
			"4 1/b 4/w",
			"0 4/w 1/w",
			"0 3/b 2/b",
		), "4-1 2-3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Dutch(tc.players)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// numbered gives n players with no history, numbered from 1.
func numbered(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i].No = i + 1
	}
	return ps
}

func TestDutchErrors(t *testing.T) {
	tests := []struct {
		name    string
		players []Player
		want    string
	}{
		{"one player", []Player{{No: 1}}, "need at least 2"},
		{"duplicate number", []Player{{No: 1}, {No: 1}}, "pairing number 1"},
		{"too many", numbered(MaxPlayers + 1), "at most 128"},
		{"all met", []Player{{No: 1, Opponents: []int{2}, Colours: []Colour{White}}, {No: 2, Opponents: []int{1}, Colours: []Colour{Black}}}, "cannot all be paired"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Dutch(tc.players)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestDutchPublished pairs the rounds of testdata/dutch (a public pairing
// engine's test files, cited in each) and compares with their pairings.
func TestDutchPublished(t *testing.T) {
	files, err := filepath.Glob("testdata/dutch/*.trf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			ps, want, err := readTRF(f)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Dutch(ps)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.String(); got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}

// readTRF reads a TRF-16 excerpt: "round N", the player lines (001) and
// the expected pairing ("expect"); a player whose round-N entry is an
// absence is left out of the round.
func readTRF(path string) ([]Player, string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	var want string
	round := 0
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(l, "round "):
			if round, err = strconv.Atoi(strings.TrimPrefix(l, "round ")); err != nil {
				return nil, "", fmt.Errorf("%s:%d: %w", path, i+1, err)
			}
		case strings.HasPrefix(l, "expect "):
			want = strings.TrimPrefix(l, "expect ")
		}
	}
	trf, err := ReadTRF(strings.NewReader(string(data)), path)
	if err != nil {
		return nil, "", err
	}
	return trf.Before(round), want, nil
}

// TestDutchSimulated plays whole Swisses with random results and checks
// every round: each present player paired once, nobody meets twice, nobody
// has two byes, no player gets one colour three times running.
func TestDutchSimulated(t *testing.T) {
	for _, tc := range []struct{ n, rounds int }{{4, 3}, {7, 5}, {9, 6}, {12, 7}, {16, 5}, {25, 7}} {
		for seed := range 5 {
			t.Run(fmt.Sprintf("%d players seed %d", tc.n, seed), func(t *testing.T) {
				simulate(t, tc.n, tc.rounds, seed)
			})
		}
	}
}

// BenchmarkDutch pairs whole Swisses of a big open's size.
func BenchmarkDutch(b *testing.B) {
	for _, tc := range []struct{ n, rounds int }{{32, 7}, {63, 9}, {64, 9}, {84, 9}} {
		b.Run(fmt.Sprintf("%d players %d rounds", tc.n, tc.rounds), func(b *testing.B) {
			for i := range b.N {
				simulate(b, tc.n, tc.rounds, i)
			}
		})
	}
}

// simulate plays a Swiss of n players with random results, checking
// every round as TestDutchSimulated says.
func simulate(t testing.TB, n, rounds, seed int) {
	rng := uint64(seed*7919 + n)
	next := func() uint64 { rng = rng*6364136223846793005 + 1442695040888963407; return rng >> 33 }
	ps := make([]Player, n)
	for i := range ps {
		ps[i].No = i + 1
	}
	ev := Event{Rounds: rounds}
	for rd := 1; rd <= rounds; rd++ {
		r, err := ev.Pair(ps)
		if err != nil {
			t.Fatalf("round %d: %v", rd, err)
		}
		seen := map[int]bool{}
		before := make([]int, n)
		for i, p := range ps {
			before[i] = p.Score
		}
		for _, p := range r.Pairs {
			w, b := &ps[p.White-1], &ps[p.Black-1]
			if seen[w.No] || seen[b.No] {
				t.Fatalf("round %d: a player twice in %s", rd, r)
			}
			seen[w.No], seen[b.No] = true, true
			if slices.Contains(w.Opponents, b.No) {
				t.Fatalf("round %d: %d and %d meet again", rd, w.No, b.No)
			}
			fw, fb := NoFloat, NoFloat
			switch sw, sb := before[w.No-1], before[b.No-1]; {
			case sw > sb:
				fw, fb = Down, Up
			case sw < sb:
				fw, fb = Up, Down
			}
			res := int(next() % 3) // 0 white wins, 1 draw, 2 black wins
			w.Score += 2 - res
			b.Score += res
			w.Opponents = append(w.Opponents, b.No)
			b.Opponents = append(b.Opponents, w.No)
			w.Colours = append(w.Colours, White)
			b.Colours = append(b.Colours, Black)
			w.Floats = append(w.Floats, fw)
			b.Floats = append(b.Floats, fb)
		}
		if r.Bye > 0 {
			p := &ps[r.Bye-1]
			if p.HadBye || seen[p.No] {
				t.Fatalf("round %d: bad bye %d", rd, p.No)
			}
			seen[p.No] = true
			p.HadBye = true
			p.Score += 2
			p.Colours = append(p.Colours, NoColour)
			p.Floats = append(p.Floats, Down)
		}
		if len(seen) != n {
			t.Fatalf("round %d: %d of %d players paired", rd, len(seen), n)
		}
		for _, p := range ps {
			if k := len(p.Colours); k >= 3 && p.Colours[k-1] != NoColour && p.Colours[k-1] == p.Colours[k-2] && p.Colours[k-2] == p.Colours[k-3] {
				// C.3 lets a topscorer of the last round, or his
				// opponent, have it.
				top := func(no int) bool { return before[no-1] > rounds-1 }
				if !(rd == rounds && (top(p.No) || top(p.Opponents[len(p.Opponents)-1]))) {
					t.Fatalf("round %d: player %d has %s three times running", rd, p.No, p.Colours[k-1])
				}
			}
		}
	}
}

// TestColourBounds checks the search's colour bounds against every way
// to pair small groups: minClashes for S1 players each paired with one of
// S2, fewestClashes for p pairs among a bracket, by preference (none,
// white, black).
func TestColourBounds(t *testing.T) {
	clash := func(a, b Colour) int {
		if a != NoColour && a == b {
			return 1
		}
		return 0
	}
	// expand lists n[c] players of each preference c.
	expand := func(n [3]int) []Colour {
		var out []Colour
		for c, k := range n {
			for range k {
				out = append(out, Colour(c))
			}
		}
		return out
	}
	// assign gives the fewest clashes pairing each of s1 with a distinct
	// player of s2.
	var assign func(s1, s2 []Colour, used []bool) int
	assign = func(s1, s2 []Colour, used []bool) int {
		if len(s1) == 0 {
			return 0
		}
		best := len(s1) + 1
		for j := range s2 {
			if !used[j] {
				used[j] = true
				best = min(best, clash(s1[0], s2[j])+assign(s1[1:], s2, used))
				used[j] = false
			}
		}
		return best
	}
	// pairUp gives the fewest clashes of p pairs among ps.
	var pairUp func(ps []Colour, p int) int
	pairUp = func(ps []Colour, p int) int {
		if p == 0 {
			return 0
		}
		if len(ps) < 2*p {
			return 1 << 20
		}
		// The first player sits out, or meets one of the others.
		best := pairUp(ps[1:], p)
		for j := 1; j < len(ps); j++ {
			rest := append(slices.Clone(ps[1:j]), ps[j+1:]...)
			best = min(best, clash(ps[0], ps[j])+pairUp(rest, p-1))
		}
		return best
	}
	for n1 := range 27 {
		a := [3]int{n1 % 3, n1 / 3 % 3, n1 / 9}
		for n2 := range 64 {
			b := [3]int{n2 % 4, n2 / 4 % 4, n2 / 16}
			s1, s2 := expand(a), expand(b)
			if len(s2) < len(s1) {
				continue
			}
			if got, want := minClashes(a, b), assign(s1, s2, make([]bool, len(s2))); got != want {
				t.Errorf("minClashes(%v, %v) = %d, want %d", a, b, got, want)
			}
		}
	}
	for n := range 125 {
		counts := [3]int{n % 5, n / 5 % 5, n / 25}
		cs := expand(counts)
		d := &dutch{}
		var ps []int
		for i, c := range cs {
			d.pref = append(d.pref, preference{c: c})
			ps = append(ps, i)
		}
		for p := 0; 2*p <= len(ps); p++ {
			if got, want := d.fewestClashes(ps, p), pairUp(cs, p); got != want {
				t.Errorf("fewestClashes(%v, %d pairs) = %d, want %d", counts, p, got, want)
			}
		}
	}
}
