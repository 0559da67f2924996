package pairing

import (
	"fmt"
	"slices"
	"testing"
)

// The judge scores a given round's pairing (the pairer's or an event's)
// by the pairer's own criteria, bracket by bracket, so that two pairings
// of the same round can be compared where they first part: a claim that a
// published pairing is worse than the pairer's is then a test, not a
// reading.

// criterionNames names the pairer's quality criteria, by the constants
// of dutch.go, in the order they are compared.
var criterionNames = [nQuality]string{
	qUnpaired:  "C.5: the most pairs",
	qNext:      "C.7: the most pairs in the next bracket",
	qTopDiff:   "C.10: topscorers or their opponents past a colour difference of 2",
	qTopThree:  "C.11: topscorers or their opponents on one colour three times",
	qClash:     "C.12: colour preferences not granted",
	qStrong:    "C.13: strong colour preferences not granted",
	qDown1:     "C.14: the same downfloat as the round before",
	qUp1:       "C.15: the same upfloat as the round before",
	qDown2:     "C.16: the same downfloat as two rounds before",
	qUp2:       "C.17: the same upfloat as two rounds before",
	qDownDiff1: "C.18: score differences of the downfloats of C.14",
	qUpDiff1:   "C.19: score differences of the upfloats of C.15",
	qDownDiff2: "C.20: score differences of the downfloats of C.16",
	qUpDiff2:   "C.21: score differences of the upfloats of C.17",
}

const (
	critPSD   = "C.6: the smallest score differences (PSD)"
	critNext  = "C.7: the most pairs, then the smallest PSD, in the next bracket"
	critOrder = "D: the first candidate in the Dutch order (transpositions, then exchanges)"
	critE     = "E: the colours allocated"
)

// verdict is one bracket of a round's pairing: its players, the pairs it
// makes, who floats on, and its score by the criteria. Players are the
// dutch state's ranks.
type verdict struct {
	score    int      // the score group's
	mdp, res []int    // downfloaters in, residents
	pairs    [][2]int // made here, each (higher rank, lower rank), in rank order
	floaters []int
	psd      []int // C.6: the score differences, highest first
	q        [nQuality]int
	order    []int // where the pairer's Dutch order first lists the candidate
}

// judgement is a whole round's pairing judged: the absolute criteria it
// breaks and its brackets, top down.
type judgement struct {
	faults   []string
	brackets []verdict
	offE     []string // boards whose colours are not E's allocation
}

// judge scores r, a pairing of d's players, bracket by bracket: a pair
// belongs to the first bracket that holds both its players (the bracket
// of the lower score), and the players of a bracket paired in none of its
// pairs float down to the next. The bye is a resident of its score group
// that floats to the end.
func (d *dutch) judge(r Round) (judgement, error) {
	var j judgement
	idx := map[int]int{}
	for i, p := range d.ps {
		idx[p.No] = i
	}
	partner := make([]int, len(d.ps))
	for i := range partner {
		partner[i] = -1
	}
	seat := func(no int) (int, error) {
		i, ok := idx[no]
		if !ok {
			return 0, fmt.Errorf("judge: player %d is not in the round", no)
		}
		if partner[i] != -1 {
			return 0, fmt.Errorf("judge: player %d is paired twice", no)
		}
		return i, nil
	}
	for _, p := range r.Pairs {
		w, err := seat(p.White)
		if err != nil {
			return j, err
		}
		b, err := seat(p.Black)
		if err != nil {
			return j, err
		}
		partner[w], partner[b] = b, w
		if ew, _ := d.colours(w, b); ew != w {
			j.offE = append(j.offE, fmt.Sprintf("%d-%d", p.White, p.Black))
		}
		if d.met[w][b] {
			j.faults = append(j.faults, fmt.Sprintf("C.1: %d and %d meet again", p.White, p.Black))
		} else if !d.compatible(w, b) {
			j.faults = append(j.faults, fmt.Sprintf("C.3: %d and %d have the same absolute colour preference", p.White, p.Black))
		}
		for _, x := range []struct {
			i int
			c Colour
		}{{w, White}, {b, Black}} {
			if pr := d.pref[x.i]; pr.strength == 3 && pr.c != x.c && d.compatible(w, b) {
				j.faults = append(j.faults, fmt.Sprintf("A.6/C.3: %d has %s against an absolute preference for %s", d.ps[x.i].No, x.c, pr.c))
			}
		}
	}
	bye := -1
	if r.Bye != 0 {
		i, err := seat(r.Bye)
		if err != nil {
			return j, err
		}
		bye = i
		partner[i] = i
		if d.ps[i].HadBye {
			j.faults = append(j.faults, fmt.Sprintf("C.2: %d has a second bye", r.Bye))
		}
	}
	for i, p := range partner {
		if p == -1 {
			return j, fmt.Errorf("judge: player %d is neither paired nor has the bye", d.ps[i].No)
		}
	}
	if bye >= 0 {
		d.byeSet = set{}.add(bye)
		d.memo = map[set]bool{}
	}

	var carry []int
	for lo := 0; lo < len(d.ps); {
		hi := lo
		for hi < len(d.ps) && d.ps[hi].Score == d.ps[lo].Score {
			hi++
		}
		v := verdict{score: d.ps[lo].Score, mdp: carry}
		for i := lo; i < hi; i++ {
			v.res = append(v.res, i)
		}
		in := setOf(v.mdp).or(setOf(v.res))
		for _, i := range append(slices.Clone(v.mdp), v.res...) {
			if p := partner[i]; p != i && in.has(p) && i < p {
				v.pairs = append(v.pairs, [2]int{i, p})
			} else if !in.has(p) || p == i {
				v.floaters = append(v.floaters, i)
			}
		}
		slices.SortFunc(v.pairs, func(a, b [2]int) int { return a[0] - b[0] })
		slices.Sort(v.floaters)
		var lower set
		for i := hi; i < len(d.ps); i++ {
			lower = lower.add(i)
		}
		if !d.feasible(setOf(v.floaters).or(lower)) {
			j.faults = append(j.faults, fmt.Sprintf("C.4: score group %d leaves the players below unpairable", v.score))
		}
		d.grade(&v)
		j.brackets = append(j.brackets, v)
		carry = v.floaters
		lo = hi
	}
	return j, nil
}

// grade scores v's pairs and floaters as the pairer's search does, and
// finds where the Dutch order lists the candidate.
func (d *dutch) grade(v *verdict) {
	var c candidate
	c.q[qUnpaired] = len(v.mdp) + len(v.res) - 2*len(v.pairs)
	lowest := d.ps[v.res[len(v.res)-1]].Score
	for _, p := range v.pairs {
		d.score(&c, p[0], p[1])
		v.psd = append(v.psd, abs(d.ps[p[0]].Score-d.ps[p[1]].Score))
	}
	isRes := setOf(v.res)
	var leftRes []int
	for _, f := range v.floaters {
		// C.6: a downfloater's difference is to one point below the
		// bracket's lowest score.
		v.psd = append(v.psd, d.ps[f].Score-(lowest-d.win))
		if isRes.has(f) {
			leftRes = append(leftRes, f)
		}
	}
	slices.Sort(v.psd)
	slices.Reverse(v.psd)
	d.floatOut(&c, leftRes)
	v.q = c.q

	// The Dutch order: the downfloaters paired (the most first, then the
	// earliest set), their opponents among the residents (a transposition
	// of them), then the remainder's S1 (the fewest swapped from S2, the
	// smallest rank sum, the earliest set) and its transposition of S2.
	isMDP := setOf(v.mdp)
	var s1m, opp, rem []int
	var remPairs [][2]int
	for _, p := range v.pairs {
		if isMDP.has(p[0]) {
			s1m = append(s1m, p[0])
			opp = append(opp, p[1])
		} else {
			remPairs = append(remPairs, p)
		}
	}
	for _, i := range v.res {
		if !slices.Contains(opp, i) {
			rem = append(rem, i)
		}
	}
	var s1, s2 []int
	swaps, sum := 0, 0
	top := setOf(rem[:len(remPairs)])
	for _, p := range remPairs {
		s1 = append(s1, p[0])
		s2 = append(s2, p[1])
		sum += p[0]
		if !top.has(p[0]) {
			swaps++
		}
	}
	v.order = append([]int{-len(s1m)}, s1m...)
	v.order = append(v.order, opp...)
	v.order = append(v.order, -len(s1), swaps, sum)
	v.order = append(v.order, s1...)
	v.order = append(v.order, s2...)
}

// firstDifference compares two judged pairings of one round where they
// first part: the first absolute criterion one breaks and the other not,
// else the first bracket whose pairs differ and in it the first criterion
// that tells them apart (C.7 by the next bracket as each pairing paired
// it), else the colours (the boards that are not as E
// allocates them). It gives the bracket's score, the criterion, and
// -1 when a is the worse, 1 when b is, 0 when they do not differ.
func firstDifference(a, b judgement) (score int, criterion string, worse int) {
	switch {
	case len(a.faults) > 0 && len(b.faults) == 0:
		return 0, a.faults[0], -1
	case len(b.faults) > 0 && len(a.faults) == 0:
		return 0, b.faults[0], 1
	}
	for k := range min(len(a.brackets), len(b.brackets)) {
		va, vb := a.brackets[k], b.brackets[k]
		if slices.Equal(va.pairs, vb.pairs) && slices.Equal(va.floaters, vb.floaters) {
			continue
		}
		cmp := func(x, y int) int {
			switch {
			case x > y:
				return -1
			case x < y:
				return 1
			}
			return 0
		}
		if w := cmp(va.q[qUnpaired], vb.q[qUnpaired]); w != 0 {
			return va.score, criterionNames[qUnpaired], w
		}
		if w := slices.Compare(vb.psd, va.psd); w != 0 {
			return va.score, critPSD, w
		}
		// C.7 weighs the downfloaters by what the next bracket makes of
		// them; the judge takes the next bracket as each pairing paired it.
		if k+1 < min(len(a.brackets), len(b.brackets)) {
			na, nb := a.brackets[k+1], b.brackets[k+1]
			if w := cmp(na.q[qUnpaired], nb.q[qUnpaired]); w != 0 {
				return va.score, critNext, w
			}
			if w := slices.Compare(nb.psd, na.psd); w != 0 {
				return va.score, critNext, w
			}
		}
		for q := qUnpaired + 1; q < nQuality; q++ {
			if w := cmp(va.q[q], vb.q[q]); w != 0 {
				return va.score, criterionNames[q], w
			}
		}
		return va.score, critOrder, slices.Compare(vb.order, va.order)
	}
	switch {
	case len(a.offE) > len(b.offE):
		return 0, critE, -1
	case len(a.offE) < len(b.offE):
		return 0, critE, 1
	}
	return 0, "", 0
}

// describe writes a bracket's pairs and score for a test's log.
func (d *dutch) describe(v verdict) string {
	var pairs []string
	for _, p := range v.pairs {
		pairs = append(pairs, fmt.Sprintf("%d-%d", d.ps[p[0]].No, d.ps[p[1]].No))
	}
	var fl []int
	for _, f := range v.floaters {
		fl = append(fl, d.ps[f].No)
	}
	return fmt.Sprintf("pairs %v floaters %v PSD %v quality %v", pairs, fl, v.psd, v.q)
}

// TestJudge checks the judge on small rounds whose verdict is plain.
func TestJudge(t *testing.T) {
	// After round 1 (1 beat 3 with white, 2 beat 4 with black).
	after1 := []Player{
		{No: 1, Score: 2, Opponents: []int{3}, Colours: []Colour{White}, Floats: []Float{NoFloat}},
		{No: 2, Score: 2, Opponents: []int{4}, Colours: []Colour{Black}, Floats: []Float{NoFloat}},
		{No: 3, Score: 0, Opponents: []int{1}, Colours: []Colour{Black}, Floats: []Float{NoFloat}},
		{No: 4, Score: 0, Opponents: []int{2}, Colours: []Colour{White}, Floats: []Float{NoFloat}},
	}
	fresh := []Player{{No: 1}, {No: 2}, {No: 3}, {No: 4}}
	tests := []struct {
		name    string
		players []Player
		r       Round
		worse   int // -1: r is worse than the pairer's; 0: the same
		crit    string
	}{
		{"the pairer's own", after1, Round{Pairs: []Pair{{2, 1}, {3, 4}}}, 0, ""},
		{"a repeat", after1, Round{Pairs: []Pair{{1, 3}, {2, 4}}}, -1, "C.1: 1 and 3 meet again"},
		{"floats instead of pairs", after1, Round{Pairs: []Pair{{4, 1}, {2, 3}}}, -1, criterionNames[qUnpaired]},
		{"colours not as allocated", after1, Round{Pairs: []Pair{{1, 2}, {3, 4}}}, -1, critE},
		{"a later transposition", fresh, Round{Pairs: []Pair{{1, 4}, {3, 2}}}, -1, critOrder},
		// The first candidate of TestDutch's C.7 case: 3 floats, and the
		// next bracket leaves 4 to float on.
		{"a downfloater the next bracket cannot pair", historyOf(nextBracketCase...), Round{Pairs: []Pair{{2, 1}, {5, 3}, {9, 4}, {6, 10}, {7, 8}}}, -1, critNext},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ours, err := Dutch(tc.players)
			if err != nil {
				t.Fatal(err)
			}
			j := func(r Round) judgement {
				d, err := Event{}.newDutch(tc.players)
				if err != nil {
					t.Fatal(err)
				}
				jr, err := d.judge(r)
				if err != nil {
					t.Fatal(err)
				}
				return jr
			}
			_, crit, worse := firstDifference(j(tc.r), j(ours))
			if worse != tc.worse || crit != tc.crit {
				t.Errorf("%v against the pairer's %v: worse %d by %q, want %d by %q", tc.r, ours, worse, crit, tc.worse, tc.crit)
			}
		})
	}
}

// TestJudgeErrors checks that a round that is not a pairing of the
// players is refused.
func TestJudgeErrors(t *testing.T) {
	ps := []Player{{No: 1}, {No: 2}, {No: 3}, {No: 4}}
	for _, r := range []Round{
		{Pairs: []Pair{{1, 2}}},
		{Pairs: []Pair{{1, 2}, {2, 3}}},
		{Pairs: []Pair{{1, 2}, {3, 5}}},
	} {
		d, err := Event{}.newDutch(ps)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.judge(r); err == nil {
			t.Errorf("%v: want an error", r)
		}
	}
}
