package arena

import (
	"fmt"
	"strings"
	"testing"
)

// TestEngineEvent is configs/runs/event-multivariant.yaml made small: a
// multivariant event of four real xboard engines, each paired only in
// the variants it plays. Fairy-Max plays shatranj and knightmate, MaxQi
// xiangqi only, Sjaak II and Fairy-Stockfish all three: 18 games at a
// fixed depth. Every one ends by the rules, the ply cap or a player's
// resignation, none by a protocol error, a stall, a crash, a time
// forfeit or an illegal move or claim; Fairy-Max is in no xiangqi game,
// MaxQi in nothing else, and the two never meet, which the run's notes
// say. The cap, 120 plies, keeps the games short of the 100 quiet plies
// after which Sjaak II claims a 50-move draw in shatranj, whose rule is
// 70 moves here (docs/event.md). (Skipped without the programs.)
func TestEngineEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: games of real xboard engines")
	}
	const fairyMax, sjaak, fsf, maxqi = "/usr/games/fairymax", "/usr/games/sjaakii", "/usr/games/fairy-stockfish", "/usr/games/maxqi"
	needPrograms(t, fairyMax, sjaak, fsf, maxqi)
	games, notes := playXboard(t, "", fmt.Sprintf(`name: small-event
seed: 7
variants:
  - shatranj
  - knightmate
  - name: xiangqi
    openings: {plies: 0}
tournament: {type: round-robin, games: 2}
openings: {plies: 4}
time_control: {depth: 4}
adjudication: {max_plies: 120}
engines:
  - {name: fairymax, kind: xboard, command: %s, options: {Claim draw after: 200}}
  - {name: sjaak, kind: xboard, command: %s}
  - {name: fsf-xboard, kind: xboard, command: %s}
  - {name: maxqi, kind: xboard, command: %s}
`, fairyMax, sjaak, fsf, maxqi), 18)

	perVariant := map[string]int{}
	for _, g := range games {
		perVariant[g.Variant]++
		in := func(e string) bool { return g.White == e || g.Black == e }
		switch {
		case in("fairymax") && in("maxqi"):
			t.Errorf("game %d pairs fairymax and maxqi, who play no variant in common", g.ID)
		case in("fairymax") && g.Variant == "xiangqi":
			t.Errorf("game %d: fairymax in xiangqi, which it does not play", g.ID)
		case in("maxqi") && g.Variant != "xiangqi":
			t.Errorf("game %d: maxqi in %s; it plays xiangqi only", g.ID, g.Variant)
		}
	}
	for _, v := range []string{"shatranj", "knightmate", "xiangqi"} {
		if perVariant[v] != 6 {
			t.Errorf("%s: %d games, want 6 (three engines, two games a pairing)", v, perVariant[v])
		}
	}
	if want := "not paired: fairymax and maxqi have no variant in common (fairymax plays shatranj, knightmate; maxqi plays xiangqi)"; !strings.Contains(notes, want) {
		t.Errorf("notes %q, want %q", notes, want)
	}
}
