package pairing

import "slices"

// Result is one round's meeting of two players (pairing numbers), with
// the points each scored and the games each won; B == 0 is a bye, worth
// PointsA to A.
type Result struct {
	Round            int
	A, B             int
	PointsA, PointsB float64
	WinsA, WinsB     int
}

// Standing is one player's line of the table.
type Standing struct {
	No              int
	Score           float64
	BuchholzCut1    float64
	Buchholz        float64
	SonnebornBerger float64
	Wins            int
	Direct          float64 // points against the players tied with it on all the above, when all of them met
}

// TieBreaks names the tie-breaks in the order Standings applies them.
var TieBreaks = []string{"Buchholz Cut-1", "Buchholz", "Sonneborn-Berger", "wins", "direct encounter"}

// Standings ranks n players (pairing numbers 1..n) after rounds rounds of
// results: by score, then the tie-breaks in [TieBreaks] order, then
// pairing number. Buchholz sums the opponents' scores, a round without an
// opponent counting the player's own score (FIDE C.07, 2023); Cut-1 drops
// the least contribution, an unplayed round's first. Sonneborn-Berger
// sums each opponent's score times the points taken from them.
func Standings(n, rounds int, results []Result) []Standing {
	st := make([]Standing, n+1)
	for i := range st {
		st[i].No = i
	}
	for _, r := range results {
		st[r.A].Score += r.PointsA
		st[r.A].Wins += r.WinsA
		if r.B > 0 {
			st[r.B].Score += r.PointsB
			st[r.B].Wins += r.WinsB
		}
	}
	type contrib struct {
		v      float64
		played bool
	}
	per := make([]map[int]contrib, n+1)
	for i := range per {
		per[i] = map[int]contrib{}
	}
	for _, r := range results {
		if r.B == 0 {
			continue
		}
		per[r.A][r.Round] = contrib{st[r.B].Score, true}
		per[r.B][r.Round] = contrib{st[r.A].Score, true}
		st[r.A].SonnebornBerger += st[r.B].Score * r.PointsA
		st[r.B].SonnebornBerger += st[r.A].Score * r.PointsB
	}
	for p := 1; p <= n; p++ {
		var cs []contrib
		for rd := 1; rd <= rounds; rd++ {
			c, ok := per[p][rd]
			if !ok {
				c = contrib{st[p].Score, false}
			}
			cs = append(cs, c)
			st[p].Buchholz += c.v
		}
		if len(cs) == 0 {
			continue
		}
		cut := 0
		for k, c := range cs {
			lc := cs[cut]
			if (!c.played && lc.played) || (c.played == lc.played && c.v < lc.v) {
				cut = k
			}
		}
		st[p].BuchholzCut1 = st[p].Buchholz - cs[cut].v
	}
	out := slices.Clone(st[1:])
	before := func(a, b *Standing) int {
		for _, d := range []float64{b.Score - a.Score, b.BuchholzCut1 - a.BuchholzCut1, b.Buchholz - a.Buchholz, b.SonnebornBerger - a.SonnebornBerger, float64(b.Wins - a.Wins)} {
			if d > 0 {
				return 1
			}
			if d < 0 {
				return -1
			}
		}
		return 0
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		if c := before(&a, &b); c != 0 {
			return c
		}
		return a.No - b.No
	})
	// Direct encounter within each group tied on everything above.
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && before(&out[i], &out[j]) == 0 {
			j++
		}
		if j-i > 1 {
			direct(out[i:j], results)
			slices.SortStableFunc(out[i:j], func(a, b Standing) int {
				if a.Direct != b.Direct {
					if b.Direct > a.Direct {
						return 1
					}
					return -1
				}
				return a.No - b.No
			})
		}
		i = j
	}
	return out
}

// direct fills Direct for a tied group when every two of them met.
func direct(group []Standing, results []Result) {
	in := map[int]int{}
	for k, s := range group {
		in[s.No] = k
	}
	met := map[[2]int]bool{}
	pts := make([]float64, len(group))
	for _, r := range results {
		a, okA := in[r.A]
		b, okB := in[r.B]
		if !okA || !okB || r.B == 0 {
			continue
		}
		met[[2]int{min(a, b), max(a, b)}] = true
		pts[a] += r.PointsA
		pts[b] += r.PointsB
	}
	if len(met) != len(group)*(len(group)-1)/2 {
		return
	}
	for k := range group {
		group[k].Direct = pts[k]
	}
}
