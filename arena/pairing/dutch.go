package pairing

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Colour is the side a player had or will have in a round.
type Colour int8

const (
	NoColour Colour = iota // an unplayed round, or no preference
	White
	Black
)

func (c Colour) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "none"
}

func (c Colour) other() Colour {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColour
}

// Player is one player's history before the round to pair.
type Player struct {
	No        int      // pairing number, 1-based: the seed (rating order)
	Score     int      // points so far, in any unit (the arena counts half-points)
	Opponents []int    // pairing numbers met, one per played round
	Colours   []Colour // per round played or not; NoColour for an unplayed one
	HadBye    bool     // had the pairing-allocated bye
}

// Pair is one board: White has white (in an event, in the pair's first game).
type Pair struct{ White, Black int }

// Round is the pairing of one round: its boards in board order and the
// player with the bye (0: none).
type Round struct {
	Pairs []Pair
	Bye   int
}

// MaxPlayers bounds a Swiss field: the completion check keeps the
// players still to pair in a 64-bit set.
const MaxPlayers = 64

// MaxCandidates bounds the candidates one bracket tries; past it the best
// one seen is taken.
const MaxCandidates = 200000

// preference is a colour preference and its strength.
type preference struct {
	c        Colour
	strength int // 0 none, 1 mild, 2 strong, 3 absolute
	diff     int // whites minus blacks
}

func prefOf(p *Player) preference {
	w, b := 0, 0
	var played []Colour
	for _, c := range p.Colours {
		switch c {
		case White:
			w++
		case Black:
			b++
		default:
			continue
		}
		played = append(played, c)
	}
	d := w - b
	n := len(played)
	switch {
	case n == 0:
		return preference{}
	case d > 1 || (n >= 2 && played[n-1] == White && played[n-2] == White):
		return preference{Black, 3, d}
	case d < -1 || (n >= 2 && played[n-1] == Black && played[n-2] == Black):
		return preference{White, 3, d}
	case d == 1:
		return preference{Black, 2, d}
	case d == -1:
		return preference{White, 2, d}
	}
	return preference{played[n-1].other(), 1, d}
}

// dutch is the state of pairing one round; players are indexed by rank
// (score, then pairing number), the order of every list below.
type dutch struct {
	ps     []Player
	pref   []preference
	met    [][]bool
	memo   map[uint64]bool
	budget int
}

// Dutch pairs the next round of a Swiss by the Dutch system (see the
// package doc for which of C.04.3's rules it keeps). Pairing numbers must
// be positive and distinct; a player absent from the round is left out.
func Dutch(players []Player) (Round, error) {
	n := len(players)
	if n < 2 {
		return Round{}, fmt.Errorf("dutch: %d players: need at least 2", n)
	}
	if n > MaxPlayers {
		return Round{}, fmt.Errorf("dutch: %d players: at most %d", n, MaxPlayers)
	}
	d := &dutch{ps: slices.Clone(players), memo: map[uint64]bool{}}
	seen := map[int]bool{}
	for _, p := range d.ps {
		if p.No < 1 || seen[p.No] {
			return Round{}, fmt.Errorf("dutch: pairing number %d: want positive numbers, each once", p.No)
		}
		seen[p.No] = true
	}
	slices.SortStableFunc(d.ps, func(a, b Player) int {
		if a.Score != b.Score {
			return b.Score - a.Score
		}
		return a.No - b.No
	})
	idx := map[int]int{}
	for i, p := range d.ps {
		idx[p.No] = i
		d.pref = append(d.pref, prefOf(&d.ps[i]))
	}
	d.met = make([][]bool, n)
	for i := range d.met {
		d.met[i] = make([]bool, n)
	}
	for i, p := range d.ps {
		for _, o := range p.Opponents {
			// An opponent absent from this round cannot be met again in it.
			if j, ok := idx[o]; ok {
				d.met[i][j] = true
				d.met[j][i] = true
			}
		}
	}

	all := uint64(0)
	for i := range n {
		all |= 1 << i
	}
	var r Round
	if n%2 == 1 {
		bye := -1
		for _, i := range d.byeOrder() {
			if d.feasible(all &^ (1 << i)) {
				bye = i
				break
			}
		}
		if bye < 0 {
			return Round{}, errors.New("dutch: no player can take the bye and leave the rest pairable")
		}
		r.Bye = d.ps[bye].No
		all &^= 1 << bye
	} else if !d.feasible(all) {
		return Round{}, errors.New("dutch: the players cannot all be paired without a repeat or a colour clash")
	}

	// Score groups, top down.
	var groups [][]int
	for i := range n {
		if all&(1<<i) == 0 {
			continue
		}
		if len(groups) > 0 && d.ps[groups[len(groups)-1][0]].Score == d.ps[i].Score {
			groups[len(groups)-1] = append(groups[len(groups)-1], i)
		} else {
			groups = append(groups, []int{i})
		}
	}
	var carry []int
	var pairs [][2]int
	for gi, g := range groups {
		var lower uint64
		for _, h := range groups[gi+1:] {
			for _, i := range h {
				lower |= 1 << i
			}
		}
		d.budget = MaxCandidates
		c, ok := d.bracket(carry, g, lower, gi == len(groups)-1)
		if !ok {
			return Round{}, fmt.Errorf("dutch: score group %d (score %d) cannot be paired", gi+1, d.ps[g[0]].Score)
		}
		pairs = append(pairs, c.pairs...)
		carry = c.floaters
	}
	if len(carry) > 0 {
		return Round{}, fmt.Errorf("dutch: %d players left unpaired", len(carry))
	}
	// Board order: the higher score on the board, then the sum, then rank.
	slices.SortFunc(pairs, func(a, b [2]int) int {
		ma, mb := max(d.ps[a[0]].Score, d.ps[a[1]].Score), max(d.ps[b[0]].Score, d.ps[b[1]].Score)
		if ma != mb {
			return mb - ma
		}
		sa, sb := d.ps[a[0]].Score+d.ps[a[1]].Score, d.ps[b[0]].Score+d.ps[b[1]].Score
		if sa != sb {
			return sb - sa
		}
		return min(a[0], a[1]) - min(b[0], b[1])
	})
	for _, p := range pairs {
		w, b := d.colours(p[0], p[1])
		r.Pairs = append(r.Pairs, Pair{White: d.ps[w].No, Black: d.ps[b].No})
	}
	return r, nil
}

// byeOrder lists who may take the bye, most deserving first: the lowest
// score, then the fewest rounds already unplayed (C.04.3, 2025: C.9), then
// the lowest rank.
func (d *dutch) byeOrder() []int {
	var out []int
	for i := len(d.ps) - 1; i >= 0; i-- {
		if !d.ps[i].HadBye {
			out = append(out, i)
		}
	}
	unplayed := func(i int) int {
		k := 0
		for _, c := range d.ps[i].Colours {
			if c == NoColour {
				k++
			}
		}
		return k
	}
	slices.SortStableFunc(out, func(a, b int) int {
		if d.ps[a].Score != d.ps[b].Score {
			return d.ps[a].Score - d.ps[b].Score
		}
		return unplayed(a) - unplayed(b)
	})
	return out
}

func (d *dutch) compatible(i, j int) bool {
	if d.met[i][j] {
		return false
	}
	pi, pj := d.pref[i], d.pref[j]
	return !(pi.strength == 3 && pj.strength == 3 && pi.c == pj.c)
}

// feasible reports whether the players of set can all be paired.
func (d *dutch) feasible(set uint64) bool {
	if set == 0 {
		return true
	}
	if v, ok := d.memo[set]; ok {
		return v
	}
	i := lowest(set)
	rest := set &^ (1 << i)
	ok := false
	for r := rest; r != 0 && !ok; r &^= 1 << lowest(r) {
		j := lowest(r)
		if d.compatible(i, j) && d.feasible(rest&^(1<<j)) {
			ok = true
		}
	}
	d.memo[set] = ok
	return ok
}

func lowest(s uint64) int {
	for i := range 64 {
		if s&(1<<i) != 0 {
			return i
		}
	}
	return -1
}

// candidate is one way to pair a bracket.
type candidate struct {
	pairs    [][2]int
	floaters []int
	clashes  int // pairs whose players want the same colour
	strong   int // of those, ones where a strong or absolute preference loses
}

// better reports whether a beats b by the quality criteria (more pairs,
// fewer colour clashes, fewer strong ones); ties go to the earlier (b).
func better(a, b *candidate) bool {
	if len(a.pairs) != len(b.pairs) {
		return len(a.pairs) > len(b.pairs)
	}
	if a.clashes != b.clashes {
		return a.clashes < b.clashes
	}
	return a.strong < b.strong
}

func (d *dutch) clash(i, j int) (clash, strong int) {
	pi, pj := d.pref[i], d.pref[j]
	if pi.c == NoColour || pi.c != pj.c {
		return 0, 0
	}
	if min(pi.strength, pj.strength) >= 2 {
		return 1, 1
	}
	return 1, 0
}

func setOf(xs []int) uint64 {
	var s uint64
	for _, x := range xs {
		s |= 1 << x
	}
	return s
}

// bracket pairs the downfloaters mdp and the residents res of one score
// group, leaving floaters that the players below (lower) can take.
func (d *dutch) bracket(mdp, res []int, lower uint64, last bool) (candidate, bool) {
	if len(mdp) == 0 {
		return d.homogeneous(res, nil, lower, last)
	}
	var best *candidate
	for mp := min(len(mdp), len(res)); mp >= 0; mp-- {
		for _, s1 := range combinations(mdp, mp) {
			floatMDP := without(mdp, s1)
			perm := slices.Clone(res)
			for {
				if d.budget <= 0 && best != nil {
					return *best, true
				}
				d.budget--
				c, ok := d.pairUp(s1, perm, mp)
				if ok {
					rem := slices.Clone(perm[mp:])
					slices.Sort(rem)
					rc, rok := d.homogeneous(rem, floatMDP, lower, last)
					if rok {
						c.pairs = append(c.pairs, rc.pairs...)
						c.floaters = rc.floaters
						c.clashes += rc.clashes
						c.strong += rc.strong
						if best == nil || better(&c, best) {
							cc := c
							best = &cc
							if c.clashes == 0 && len(rc.pairs) == len(rem)/2 {
								return *best, true
							}
						}
					}
				}
				if !nextPerm(perm) {
					break
				}
			}
		}
		if best != nil {
			return *best, true
		}
	}
	return candidate{}, false
}

// pairUp pairs s1[k] with perm[k] for the first n of each, counting the
// colour clashes; false when two of them may not meet.
func (d *dutch) pairUp(s1, perm []int, n int) (candidate, bool) {
	c := candidate{}
	for k := range n {
		if !d.compatible(s1[k], perm[k]) {
			return c, false
		}
		c.pairs = append(c.pairs, [2]int{s1[k], perm[k]})
		cl, st := d.clash(s1[k], perm[k])
		c.clashes += cl
		c.strong += st
	}
	return c, true
}

// homogeneous pairs ps (in rank order) among themselves: S1 against S2 by
// transpositions, then exchanges. extra are players already floating
// (downfloaters not paired above them); they float on with the leftovers.
func (d *dutch) homogeneous(ps, extra []int, lower uint64, last bool) (candidate, bool) {
	for p := len(ps) / 2; p >= 0; p-- {
		var best *candidate
		for _, s1 := range exchanges(ps, p) {
			s2 := without(ps, s1)
			perm := slices.Clone(s2)
			for {
				if d.budget <= 0 && best != nil {
					return *best, true
				}
				d.budget--
				c, ok := d.pairUp(s1, perm, p)
				if ok {
					c.floaters = append(slices.Clone(extra), perm[p:]...)
					slices.Sort(c.floaters)
					if last && len(c.floaters) > 0 || !d.feasible(setOf(c.floaters)|lower) {
						ok = false
					}
				}
				if ok && (best == nil || better(&c, best)) {
					cc := c
					best = &cc
					if c.clashes == 0 {
						return *best, true
					}
				}
				if !nextPerm(perm) {
					break
				}
			}
		}
		if best != nil {
			return *best, true
		}
	}
	return candidate{}, false
}

// exchanges returns the S1 sets of a bracket for p pairs in the Dutch
// order: the plain top p first, then sets with fewer players swapped in
// from S2 first, among those the smallest difference in rank sums, then
// the lexicographic order.
func exchanges(ps []int, p int) [][]int {
	all := combinations(ps, p)
	top := setOf(ps[:p])
	key := func(s []int) (int, int) {
		swapped, sum := 0, 0
		for _, x := range s {
			if top&(1<<x) == 0 {
				swapped++
			}
			sum += x
		}
		return swapped, sum
	}
	slices.SortStableFunc(all, func(a, b []int) int {
		sa, ua := key(a)
		sb, ub := key(b)
		if sa != sb {
			return sa - sb
		}
		return ua - ub
	})
	return all
}

// combinations returns the k-subsets of xs in lexicographic order.
func combinations(xs []int, k int) [][]int {
	var out [][]int
	cur := make([]int, 0, k)
	var rec func(start int)
	rec = func(start int) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := start; i <= len(xs)-(k-len(cur)); i++ {
			cur = append(cur, xs[i])
			rec(i + 1)
			cur = cur[:len(cur)-1]
		}
	}
	rec(0)
	return out
}

func without(xs, drop []int) []int {
	s := setOf(drop)
	var out []int
	for _, x := range xs {
		if s&(1<<x) == 0 {
			out = append(out, x)
		}
	}
	return out
}

// nextPerm steps xs to its next permutation in lexicographic order.
func nextPerm(xs []int) bool {
	i := len(xs) - 2
	for i >= 0 && xs[i] >= xs[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(xs) - 1
	for xs[j] <= xs[i] {
		j--
	}
	xs[i], xs[j] = xs[j], xs[i]
	slices.Reverse(xs[i+1:])
	return true
}

// colours allocates the colours of a board (C.04.3 E): i and j by rank.
func (d *dutch) colours(i, j int) (white, black int) {
	hi, lo := min(i, j), max(i, j)
	ph, pl := d.pref[hi], d.pref[lo]
	give := func(to int, c Colour) (int, int) {
		other := hi
		if to == hi {
			other = lo
		}
		if c == White {
			return to, other
		}
		return other, to
	}
	switch {
	case ph.c != NoColour && pl.c != NoColour && ph.c != pl.c:
		return give(hi, ph.c)
	case ph.c == NoColour && pl.c == NoColour:
		// E.5: the higher-ranked player has the initial colour (white) when
		// his pairing number is odd.
		if d.ps[hi].No%2 == 1 {
			return give(hi, White)
		}
		return give(hi, Black)
	case pl.c == NoColour:
		return give(hi, ph.c)
	case ph.c == NoColour:
		return give(lo, pl.c)
	}
	// Both want the same colour.
	if ph.strength == 3 && pl.strength == 3 {
		if abs(pl.diff) > abs(ph.diff) {
			return give(lo, pl.c)
		}
		return give(hi, ph.c)
	}
	if ph.strength != pl.strength {
		if pl.strength > ph.strength {
			return give(lo, pl.c)
		}
		return give(hi, ph.c)
	}
	// Alternate from the latest round in which they had different colours.
	ch, cl := d.ps[hi].Colours, d.ps[lo].Colours
	for r := min(len(ch), len(cl)) - 1; r >= 0; r-- {
		if ch[r] != NoColour && cl[r] != NoColour && ch[r] != cl[r] {
			return give(hi, ch[r].other())
		}
	}
	return give(hi, ph.c)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// String writes a round as "1-4 3-2 bye 5", white first.
func (r Round) String() string {
	var b strings.Builder
	for k, p := range r.Pairs {
		if k > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d-%d", p.White, p.Black)
	}
	if r.Bye > 0 {
		fmt.Fprintf(&b, " bye %d", r.Bye)
	}
	return b.String()
}
