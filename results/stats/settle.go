package stats

// Unsettled returns the neighbours in a rating list's ranking (rows k and
// k+1 of its table, best first) whose order is not yet settled: the LOS
// of the better over the worse is below los. An adaptive round robin
// spends its next pairs on these and stops when there are none; a plain
// one plays every pairing alike. docs/statistics.md ("Spending games
// where the ranking is unsettled") measures the two by simulation.
func (l *RatingList) Unsettled(los float64) [][2]int {
	var out [][2]int
	for k := 0; k+1 < len(l.Table); k++ {
		if l.LOS[k][k+1] < los {
			out = append(out, [2]int{k, k + 1})
		}
	}
	return out
}

// Player returns the index, among the names the list was rated from, of
// the player on row k of its table.
func (l *RatingList) Player(k int) int { return l.players[k] }
