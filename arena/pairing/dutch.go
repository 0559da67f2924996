package pairing

import (
	"errors"
	"fmt"
	"math/bits"
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

// Float is how a player met a round's opponent by score (C.04.3 A.4).
type Float int8

const (
	NoFloat Float = iota // an opponent on the same score
	Down                 // a lower-scored opponent, or no game at all
	Up                   // a higher-scored opponent
)

// Player is one player's history before the round to pair.
type Player struct {
	No        int      // pairing number, 1-based: the seed (rating order)
	Score     int      // points so far, in any unit (the arena and ReadTRF count half-points)
	Opponents []int    // pairing numbers met, one per played round
	Colours   []Colour // per round played or not; NoColour for an unplayed one
	Floats    []Float  // per round, as Colours; an unplayed round is Down
	HadBye    bool     // had the pairing-allocated bye (or a point without playing)
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
// players still to pair in a [set].
const MaxPlayers = 128

// set is a set of players by rank, in a fixed-size value so that it can
// key the search's memos.
type set [MaxPlayers / 64]uint64

func (s set) has(i int) bool { return s[i>>6]&(1<<(i&63)) != 0 }

func (s set) add(i int) set {
	s[i>>6] |= 1 << (i & 63)
	return s
}

func (s set) del(i int) set {
	s[i>>6] &^= 1 << (i & 63)
	return s
}

func (s set) and(t set) set {
	for k := range s {
		s[k] &= t[k]
	}
	return s
}

func (s set) andNot(t set) set {
	for k := range s {
		s[k] &^= t[k]
	}
	return s
}

func (s set) or(t set) set {
	for k := range s {
		s[k] |= t[k]
	}
	return s
}

func (s set) empty() bool { return s == set{} }

func (s set) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// lowest gives the lowest rank in s, -1 when s is empty.
func (s set) lowest() int {
	for k, w := range s {
		if w != 0 {
			return k*64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// MaxCandidates bounds the search of one bracket, in partial pairings
// tried; past it the best candidate seen is taken.
const MaxCandidates = 200000

// MaxSearch bounds the search of one round; past it, with a bracket still
// without any valid candidate, the round is not paired (an error).
const MaxSearch = 50 * MaxCandidates

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
	top    []bool // topscorers of the last round (C.04.3 of 2017, A.7)
	win    int    // a won round, in the unit of Player.Score
	seat   []int  // place in pairing-number order among the round's players, from 1 (E.5)
	byeSet set    // who may be left over for the bye, when the last bracket chooses
	memo   map[set]bool
	hmemo  map[[4]set]hres
	budget int // of the bracket being paired
	spent  int // in the whole round

	// next is the next bracket's residents when C.7 weighs the
	// downfloaters of the bracket being paired (empty: it does not), and
	// nextLower the players below it; nextMemo keeps the pairs the next
	// bracket makes of a set of downfloaters.
	next, nextLower set
	nextMemo        map[[2]set]int
}

// hres is a homogeneous (sub)bracket's pairing, kept for the next time
// the same players are left to pair.
type hres struct {
	c  candidate
	ok bool
}

// Event is what the pairer knows of a Swiss beyond the players'
// histories.
type Event struct {
	// Rounds is the event's number of rounds, for the topscorers' rule of
	// the last round; 0: not known, the rule is not applied.
	Rounds int
	// Win is a won round in the unit of Player.Score; 0 means 2 (half-points).
	Win int
}

// Dutch pairs the next round of a Swiss by the Dutch system (see the
// package doc for which of C.04.3's rules it keeps). Pairing numbers must
// be positive and distinct; a player absent from the round is left out.
func Dutch(players []Player) (Round, error) { return Event{}.Pair(players) }

// Pair pairs the next round of e, as [Dutch] does.
func (e Event) Pair(players []Player) (Round, error) {
	d, err := e.newDutch(players)
	if err != nil {
		return Round{}, err
	}
	return d.pair()
}

// newDutch checks the players and ranks them for pairing.
func (e Event) newDutch(players []Player) (*dutch, error) {
	n := len(players)
	if n < 2 {
		return nil, fmt.Errorf("dutch: %d players: need at least 2", n)
	}
	if n > MaxPlayers {
		return nil, fmt.Errorf("dutch: %d players: at most %d", n, MaxPlayers)
	}
	d := &dutch{ps: slices.Clone(players), memo: map[set]bool{}, hmemo: map[[4]set]hres{}, nextMemo: map[[2]set]int{}}
	seen := map[int]bool{}
	for _, p := range d.ps {
		if p.No < 1 || seen[p.No] {
			return nil, fmt.Errorf("dutch: pairing number %d: want positive numbers, each once", p.No)
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
	d.win = e.Win
	if d.win == 0 {
		d.win = 2
	}
	for i, p := range d.ps {
		idx[p.No] = i
		d.pref = append(d.pref, prefOf(&d.ps[i]))
		// In the last round, a topscorer has over half the points played
		// for.
		played := len(p.Colours)
		d.top = append(d.top, e.Rounds > 0 && played == e.Rounds-1 && 2*p.Score > played*d.win)
	}
	byNo := make([]int, n)
	for i := range byNo {
		byNo[i] = i
	}
	slices.SortFunc(byNo, func(a, b int) int { return d.ps[a].No - d.ps[b].No })
	d.seat = make([]int, n)
	for k, i := range byNo {
		d.seat[i] = k + 1
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
	return d, nil
}

// pair pairs the round of the ranked players.
func (d *dutch) pair() (Round, error) {
	n := len(d.ps)
	var all set
	for i := range n {
		all = all.add(i)
	}
	var r Round
	var pairs [][2]int
	if n%2 == 1 {
		// The bye goes to the lowest score that can take it (C.6: the
		// lowest downfloater), then the fewest unplayed rounds (2025's
		// C.9); among those, to the one that leaves the best round by the
		// quality criteria, the bye itself counting as a downfloat; then
		// to the lowest rank.
		var tier []int
		for _, i := range d.byeOrder() {
			if !d.feasible(all.del(i)) {
				continue
			}
			if len(tier) > 0 && (d.ps[i].Score != d.ps[tier[0]].Score || d.unplayed(i) != d.unplayed(tier[0])) {
				break
			}
			tier = append(tier, i)
		}
		if len(tier) == 0 {
			return Round{}, errors.New("dutch: no player can take the bye and leave the rest pairable")
		}
		bye := -1
		var best [nQuality]int
		var err error
		lowestScore := d.ps[n-1].Score
		if d.ps[tier[0]].Score == lowestScore {
			// The tier is the last score group: its bracket leaves the
			// bye over as its downfloater, weighed with its pairs.
			d.byeSet = setOf(tier)
			d.memo = map[set]bool{}
			ps, _, e := d.pairAll(all)
			if e != nil {
				return Round{}, e
			}
			in := map[int]bool{}
			for _, p := range ps {
				in[p[0]], in[p[1]] = true, true
			}
			for _, i := range tier {
				if !in[i] {
					bye = i
				}
			}
			pairs = ps
			tier = nil
		}
		for _, i := range tier {
			ps, q, e := d.pairAll(all.del(i))
			if e != nil {
				err = e
				continue
			}
			var c candidate
			c.q = q
			d.floatOut(&c, []int{i})
			if bye < 0 || lessQ(&c.q, &best) {
				bye, best, pairs = i, c.q, ps
			}
			if best == ([nQuality]int{}) {
				break // nobody later in the tier can do better
			}
		}
		if bye < 0 {
			return Round{}, err
		}
		r.Bye = d.ps[bye].No
	} else if !d.feasible(all) {
		return Round{}, errors.New("dutch: the players cannot all be paired without a repeat or a colour clash")
	} else {
		var err error
		if pairs, _, err = d.pairAll(all); err != nil {
			return Round{}, err
		}
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

// pairAll pairs the players of all bracket by bracket, top down, and
// gives the pairs and the sum of the brackets' quality.
func (d *dutch) pairAll(all set) ([][2]int, [nQuality]int, error) {
	var q [nQuality]int
	var groups [][]int
	for i := range d.ps {
		if !all.has(i) {
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
		var lower set
		for _, h := range groups[gi+1:] {
			for _, i := range h {
				lower = lower.add(i)
			}
		}
		// C.7 looks one bracket ahead, but not from the bracket before
		// the last one, where the completion criterion decides.
		d.next, d.nextLower = set{}, set{}
		if gi+2 < len(groups) {
			d.next = setOf(groups[gi+1])
			d.nextLower = lower.andNot(d.next)
		}
		d.budget = MaxCandidates
		c, ok := d.bracket(carry, g, lower, gi == len(groups)-1)
		if !ok && d.spent > MaxSearch {
			return nil, q, fmt.Errorf("dutch: score group %d (score %d): no pairing found in %d candidates", gi+1, d.ps[g[0]].Score, MaxSearch)
		}
		if !ok {
			return nil, q, fmt.Errorf("dutch: score group %d (score %d) cannot be paired", gi+1, d.ps[g[0]].Score)
		}
		pairs = append(pairs, c.pairs...)
		for k := range q {
			q[k] += c.q[k]
		}
		carry = c.floaters
	}
	if !d.byeFits(carry) {
		return nil, q, fmt.Errorf("dutch: %d players left unpaired", len(carry))
	}
	return pairs, q, nil
}

// byeFits reports whether the players left after the last bracket are
// right: none, or when the last bracket chooses the bye, one who may have
// it.
func (d *dutch) byeFits(left []int) bool {
	if d.byeSet.empty() {
		return len(left) == 0
	}
	return len(left) == 1 && d.byeSet.has(left[0])
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
	slices.SortStableFunc(out, func(a, b int) int {
		if d.ps[a].Score != d.ps[b].Score {
			return d.ps[a].Score - d.ps[b].Score
		}
		return d.unplayed(a) - d.unplayed(b)
	})
	return out
}

// unplayed counts the rounds a player did not play.
func (d *dutch) unplayed(i int) int {
	k := 0
	for _, c := range d.ps[i].Colours {
		if c == NoColour {
			k++
		}
	}
	return k
}

func (d *dutch) compatible(i, j int) bool {
	if d.met[i][j] {
		return false
	}
	pi, pj := d.pref[i], d.pref[j]
	// C.3: two players with the same absolute preference do not meet,
	// unless one is a topscorer in the last round.
	return !(pi.strength == 3 && pj.strength == 3 && pi.c == pj.c) || d.top[i] || d.top[j]
}

// feasible reports whether the players of s can all be paired.
func (d *dutch) feasible(s set) bool {
	if s.empty() {
		return true
	}
	if v, ok := d.memo[s]; ok {
		return v
	}
	if s.count()%2 == 1 {
		// One of them is to have the bye.
		ok := false
		for r := s.and(d.byeSet); !r.empty() && !ok; r = r.del(r.lowest()) {
			ok = d.feasible(s.del(r.lowest()))
		}
		d.memo[s] = ok
		return ok
	}
	i := s.lowest()
	rest := s.del(i)
	ok := false
	for r := rest; !r.empty() && !ok; r = r.del(r.lowest()) {
		j := r.lowest()
		if d.compatible(i, j) && d.feasible(rest.del(j)) {
			ok = true
		}
	}
	d.memo[s] = ok
	return ok
}

// The quality criteria of a bracket's pairing (C.04.3 of 2017, C.5-C.21)
// in the order they are compared; each counts what is to be minimised.
const (
	qUnpaired  = iota // C.5: players left unpaired in the bracket (fewer pairs)
	qNext             // C.7: the next bracket cannot pair all its players with the downfloaters
	qTopDiff          // C.10: topscorers or their opponents past a colour difference of 2
	qTopThree         // C.11: topscorers or their opponents on one colour three times
	qClash            // C.12: players who do not get their colour preference
	qStrong           // C.13: ... their strong colour preference
	qDown1            // C.14: the same downfloat as the round before
	qUp1              // C.15: the same upfloat as the round before
	qDown2            // C.16: the same downfloat as two rounds before
	qUp2              // C.17: the same upfloat as two rounds before
	qDownDiff1        // C.18: score differences of the players of C.14
	qUpDiff1          // C.19: ... of C.15
	qDownDiff2        // C.20: ... of C.16
	qUpDiff2          // C.21: ... of C.17
	nQuality
)

// candidate is one way to pair a bracket.
type candidate struct {
	pairs    [][2]int
	floaters []int
	q        [nQuality]int
}

// better reports whether a beats b by the quality criteria; ties go to
// the earlier in the Dutch order (b).
func better(a, b *candidate) bool {
	for k := range a.q {
		if a.q[k] != b.q[k] {
			return a.q[k] < b.q[k]
		}
	}
	return false
}

// perfect reports whether nothing is left to improve but the pair count.
func (c *candidate) perfect() bool {
	for _, v := range c.q[qNext:] {
		if v != 0 {
			return false
		}
	}
	return true
}

// atFloor reports whether c is at floor, a bound under every candidate,
// on every criterion past the pair count: no candidate can beat it.
func (c *candidate) atFloor(floor *[nQuality]int) bool {
	for k := qNext; k < nQuality; k++ {
		if c.q[k] != floor[k] {
			return false
		}
	}
	return true
}

// nextShort gives C.7's count for a bracket's downfloaters, coarsely:
// 0 when the next bracket, with them, can pair all its players (all but
// one when they are odd, that one floating on) and leave the players
// below it pairable, else 1. Telling apart how many pairs short it
// falls would take pairing the next bracket for every candidate.
func (d *dutch) nextShort(floaters []int) int {
	if d.next.empty() {
		return 0
	}
	b := setOf(floaters).or(d.next)
	key := [2]set{b, d.nextLower}
	if v, ok := d.nextMemo[key]; ok {
		return v
	}
	v := 1
	if b.count()%2 == 0 {
		if d.feasible(b) && d.feasible(d.nextLower) {
			v = 0
		}
	} else {
		for r := b; !r.empty() && v == 1; r = r.del(r.lowest()) {
			x := r.lowest()
			if d.feasible(b.del(x)) && d.feasible(d.nextLower.add(x)) {
				v = 0
			}
		}
	}
	d.nextMemo[key] = v
	return v
}

// fewestShort bounds C.7's count for p pairs of ps (with extra floating
// on): the fewest over every set of players they can leave, when those
// sets are few enough to try; else 0.
func (d *dutch) fewestShort(ps, extra []int, p int, lower set, last bool) int {
	f := len(ps) - 2*p
	if d.next.empty() || binom(len(ps), f) > 64 {
		return 0
	}
	fewest := -1
	for _, left := range combinations(ps, f) {
		fl := append(slices.Clone(extra), left...)
		slices.Sort(fl)
		if last && !d.byeFits(fl) || !d.feasible(setOf(fl).or(lower)) {
			continue
		}
		if v := d.nextShort(fl); fewest < 0 || v < fewest {
			fewest = v
		}
	}
	return max(fewest, 0)
}

// fewestClashes bounds the colour preferences (C.12) any p pairs of ps
// break: the players wanting the colour more of them want, past half of
// those paired, must meet each other, two to a clash; the players left
// unpaired can be taken from them.
func (d *dutch) fewestClashes(ps []int, p int) int {
	var n [3]int
	for _, i := range ps {
		n[d.pref[i].c]++
	}
	excess := max(2*n[White], 2*n[Black]) - len(ps) - (len(ps) - 2*p)
	return max(0, (excess+1)/2)
}

func (c *candidate) add(o *candidate) {
	c.pairs = append(c.pairs, o.pairs...)
	for k := range c.q {
		c.q[k] += o.q[k]
	}
}

// float reports the player's float k rounds before the one being paired
// (k = 1: the last round).
func (d *dutch) float(i, k int) Float {
	f := d.ps[i].Floats
	if len(f) < k {
		return NoFloat
	}
	return f[len(f)-k]
}

// score counts a pair into c: its colour criteria, and the floats of its
// players when their scores differ.
func (d *dutch) score(c *candidate, i, j int) {
	pi, pj := d.pref[i], d.pref[j]
	if pi.c != NoColour && pi.c == pj.c {
		c.q[qClash]++
		if min(pi.strength, pj.strength) >= 2 {
			c.q[qStrong]++
		}
	}
	if d.top[i] || d.top[j] {
		w, b := d.colours(i, j)
		for _, x := range []struct {
			p int
			c Colour
		}{{w, White}, {b, Black}} {
			dd, three := d.after(x.p, x.c)
			if dd > 2 || dd < -2 {
				c.q[qTopDiff]++
			}
			if three {
				c.q[qTopThree]++
			}
		}
	}
	hi, lo := i, j
	si, sj := d.ps[i].Score, d.ps[j].Score
	if si == sj {
		return
	}
	if si < sj {
		hi, lo = j, i
	}
	diff := d.ps[hi].Score - d.ps[lo].Score
	for k, q := range [2][4]int{{qDown1, qUp1, qDownDiff1, qUpDiff1}, {qDown2, qUp2, qDownDiff2, qUpDiff2}} {
		if d.float(hi, k+1) == Down {
			c.q[q[0]]++
			c.q[q[2]] += diff
		}
		if d.float(lo, k+1) == Up {
			c.q[q[1]]++
			c.q[q[3]] += diff
		}
	}
}

// after gives a player's colour difference and whether the last three
// colours played are one, after playing c.
func (d *dutch) after(i int, c Colour) (diff int, three bool) {
	diff = d.pref[i].diff
	if c == White {
		diff++
	} else {
		diff--
	}
	n := 1
	cs := d.ps[i].Colours
	for k := len(cs) - 1; k >= 0 && n < 3; k-- {
		if cs[k] == NoColour {
			continue
		}
		if cs[k] != c {
			break
		}
		n++
	}
	return diff, n >= 3
}

// floatOut counts into c the residents that leave the bracket unpaired:
// each takes a downfloat.
func (d *dutch) floatOut(c *candidate, residents []int) {
	for _, i := range residents {
		if d.float(i, 1) == Down {
			c.q[qDown1]++
		}
		if d.float(i, 2) == Down {
			c.q[qDown2]++
		}
	}
}

func setOf(xs []int) set {
	var s set
	for _, x := range xs {
		s = s.add(x)
	}
	return s
}

// transpositions calls fn with each way to pair s1[k] with a distinct
// player of s2 (a partial transposition of S2), in the Dutch order
// (lexicographic in S2's ranks), with the players of s2 left over and the
// quality of the pairs on top of base. It is a branch and bound: pairs
// that may not meet are cut at once, and so is a prefix already no better
// than the best candidate (every criterion only grows as pairs are added,
// and a tie goes to the earlier candidate). fn returns false to stop; so
// does the bracket's budget once a candidate is in hand.
func (d *dutch) transpositions(s1, s2 []int, base [nQuality]int, best func() *candidate, fn func(pairs [][2]int, rest []int, q [nQuality]int) bool) bool {
	used := make([]bool, len(s2))
	pairs := make([][2]int, len(s1))
	var c candidate
	c.q = base
	// The players still to pair, counted by colour preference, bound the
	// colour preferences the rest must break (minClashes): a prefix that
	// cannot beat the best even with that few is cut too.
	left1 := make([][3]int, len(s1)+1)
	for k := len(s1) - 1; k >= 0; k-- {
		left1[k] = left1[k+1]
		left1[k][d.pref[s1[k]].c]++
	}
	var left2 [3]int
	for _, x := range s2 {
		left2[d.pref[x].c]++
	}
	var rec func(k int) bool
	rec = func(k int) bool {
		d.budget--
		d.spent++
		if d.spent > MaxSearch {
			return false
		}
		b := best()
		if b != nil {
			q := c.q
			q[qClash] += minClashes(left1[k], left2)
			if d.budget <= 0 || !lessQ(&q, &b.q) {
				return d.budget > 0
			}
		}
		if k == len(s1) {
			var rest []int
			for j, x := range s2 {
				if !used[j] {
					rest = append(rest, x)
				}
			}
			return fn(pairs, rest, c.q)
		}
		for j, x := range s2 {
			if used[j] || !d.compatible(s1[k], x) {
				continue
			}
			used[j] = true
			left2[d.pref[x].c]--
			pairs[k] = [2]int{s1[k], x}
			saved := c.q
			d.score(&c, s1[k], x)
			ok := rec(k + 1)
			c.q = saved
			left2[d.pref[x].c]++
			used[j] = false
			if !ok {
				return false
			}
		}
		return true
	}
	return rec(0)
}

// minClashes is the fewest colour preferences (C.12) that pairing the
// players counted by a (by preference: none, white, black) each with one
// of b can leave unmet: a pair breaks one when both want the same colour.
// The most pairs that break none take the opposite wishes first, then the
// players without a wish.
func minClashes(a, b [3]int) int {
	wb := min(a[White], b[Black])
	bw := min(a[Black], b[White])
	b[Black] -= wb
	b[White] -= bw
	wishing := min(a[White]-wb+a[Black]-bw, b[NoColour])
	b[NoColour] -= wishing
	free := min(a[NoColour], b[NoColour]+b[White]+b[Black])
	return a[NoColour] + a[White] + a[Black] - (wb + bw + wishing + free)
}

func lessQ(a, b *[nQuality]int) bool {
	for k := range a {
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return false
}

// bracket pairs the downfloaters mdp and the residents res of one score
// group, leaving floaters that the players below (lower) can take: as
// many downfloaters as can be paired first (the highest first), then the
// remainder as a homogeneous bracket.
func (d *dutch) bracket(mdp, res []int, lower set, last bool) (candidate, bool) {
	if len(mdp) == 0 {
		return d.homogeneous(res, nil, lower, last)
	}
	var best *candidate
	get := func() *candidate { return best }
	for mp := min(len(mdp), len(res)); mp >= 0; mp-- {
		for _, s1 := range combinations(mdp, mp) {
			floatMDP := without(mdp, s1)
			var base [nQuality]int
			base[qUnpaired] = len(mdp) - mp
			done := !d.transpositions(s1, res, base, get, func(pairs [][2]int, rest []int, q [nQuality]int) bool {
				c := candidate{pairs: slices.Clone(pairs), q: q}
				rc, ok := d.homogeneous(rest, floatMDP, lower, last)
				if !ok {
					return true
				}
				c.add(&rc)
				c.floaters = rc.floaters
				if best == nil || better(&c, best) {
					best = &c
				}
				return !(c.perfect() && len(rc.pairs) == len(rest)/2)
			})
			if done {
				if best == nil { // the round's search is spent
					return candidate{}, false
				}
				return *best, true
			}
		}
		if best != nil {
			return *best, true
		}
	}
	return candidate{}, false
}

// homogeneous pairs ps (in rank order) among themselves: S1 against S2 by
// transpositions, then exchanges. extra are players already floating
// (downfloaters not paired above them); they float on with the leftovers.
func (d *dutch) homogeneous(ps, extra []int, lower set, last bool) (candidate, bool) {
	key := [4]set{setOf(ps), setOf(extra), lower, d.next}
	if r, ok := d.hmemo[key]; ok {
		return r.c, r.ok
	}
	c, ok := d.homogeneous1(ps, extra, lower, last)
	d.hmemo[key] = hres{c, ok}
	return c, ok
}

func (d *dutch) homogeneous1(ps, extra []int, lower set, last bool) (candidate, bool) {
	for p := len(ps) / 2; p >= 0; p-- {
		var best *candidate
		get := func() *candidate { return best }
		var base [nQuality]int
		base[qUnpaired] = len(ps) - 2*p
		var floor [nQuality]int
		floor[qClash] = d.fewestClashes(ps, p)
		floor[qNext] = d.fewestShort(ps, extra, p, lower, last)
		// The transpositions start from C.7's floor, which every
		// candidate's own count replaces.
		base[qNext] = floor[qNext]
		d.exchanges(ps, p, func(s1 []int) bool {
			s2 := without(ps, s1)
			return d.transpositions(s1, s2, base, get, func(pairs [][2]int, rest []int, q [nQuality]int) bool {
				c := candidate{pairs: slices.Clone(pairs), q: q}
				c.floaters = append(slices.Clone(extra), rest...)
				slices.Sort(c.floaters)
				if last && !d.byeFits(c.floaters) || !d.feasible(setOf(c.floaters).or(lower)) {
					return true
				}
				d.floatOut(&c, rest)
				c.q[qNext] = d.nextShort(c.floaters)
				if best == nil || better(&c, best) {
					best = &c
				}
				return !best.atFloor(&floor)
			})
		})
		if best != nil {
			return *best, true
		}
		if d.spent > MaxSearch {
			break
		}
	}
	return candidate{}, false
}

// maxExchangeSets bounds the S1 sets one exchange level lists: a level
// past it holds more candidates than a bracket's budget can try, so the
// bracket goes on to one pair fewer instead.
const maxExchangeSets = 1 << 16

// exchanges calls fn with the S1 sets of a bracket for p pairs in the
// Dutch order: the plain top p first, then sets with fewer players
// swapped in from S2 first, among those the smallest difference in rank
// sums, then the lexicographic order. Levels are built one at a time, so
// a big bracket that stops early never lists the rest.
func (d *dutch) exchanges(ps []int, p int, fn func(s1 []int) bool) {
	top, bottom := ps[:p], ps[p:]
	for s := 0; s <= min(p, len(bottom)); s++ {
		if binom(len(top), s)*binom(len(bottom), s) > maxExchangeSets {
			return
		}
		var level [][]int
		for _, out := range combinations(top, s) {
			kept := without(top, out)
			for _, in := range combinations(bottom, s) {
				s1 := append(slices.Clone(kept), in...)
				slices.Sort(s1)
				level = append(level, s1)
			}
		}
		sum := func(xs []int) int {
			t := 0
			for _, x := range xs {
				t += x
			}
			return t
		}
		slices.SortStableFunc(level, func(a, b []int) int {
			if sa, sb := sum(a), sum(b); sa != sb {
				return sa - sb
			}
			return slices.Compare(a, b)
		})
		for _, s1 := range level {
			if !fn(s1) {
				return
			}
		}
	}
}

func binom(n, k int) int {
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
		if r > 1<<40 {
			return r
		}
	}
	return r
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
		if !s.has(x) {
			out = append(out, x)
		}
	}
	return out
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
		// his pairing number is odd, counted among the players of the
		// round: a player absent from round 1 shifts the colours of those
		// below him, as JaVaFo pairs it (the accelerated event of
		// testdata/event shows it).
		if d.seat[hi]%2 == 1 {
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
