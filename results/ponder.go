package results

// PonderCounts are, by colour (0 White, 1 Black), the moves of a game for
// which an engine had pondered (Tries) and those for which it had
// pondered on the move its opponent played (Hits).
type PonderCounts struct {
	Tries [2]int `json:"tries"`
	Hits  [2]int `json:"hits"`
}
