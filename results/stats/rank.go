package stats

import "math"

// Ranks returns the rank of each row of a table, best first: players
// whose ratings are equal up to the fit's precision share a rank (1, 1,
// 3), as tied players do in the standings, since the order among them
// (by score, then name) says nothing of strength.
func (t Table) Ranks() []int {
	ranks := make([]int, len(t))
	for i := range t {
		ranks[i] = i + 1
		if i > 0 && math.Abs(t[i].Rating-t[i-1].Rating) < 1e-6 {
			ranks[i] = ranks[i-1]
		}
	}
	return ranks
}
