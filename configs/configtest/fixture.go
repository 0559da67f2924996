package configtest

import (
	"fmt"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/plan"
	"varena/engines/variants"
)

// SmallRoundRobin is a quick, deterministic round robin of the three
// kinds of built-in engine (alpha-beta at depth 1, greedy, random):
// 12 games of Extinction Chess from random 4-ply openings.
const SmallRoundRobin = `
name: small
variant: extinction
seed: 3
tournament: {type: round-robin, games: 4}
openings: {plies: 4}
time_control: {depth: 1}
adjudication: {max_plies: 200}
engines:
  - {name: ab, kind: alphabeta}
  - {name: greedy, kind: greedy}
  - {name: random, kind: random}
`

// SmallRoundRobinOf is SmallRoundRobin over several variants, each
// played as SmallRoundRobin plays its one: for the tests that need
// boards of several kinds in one run.
func SmallRoundRobinOf(variants ...string) string {
	return strings.Replace(SmallRoundRobin, "variant: extinction", "variants: ["+strings.Join(variants, ", ")+"]", 1)
}

// SmallEvent is a Swiss or a knockout (typ) of five random and greedy
// players at depth 1, two games a pairing: a few seconds, and decided
// games, so that a knockout's level matches get tie-breaks. extra is
// added inside the tournament mapping (", rounds: 3").
func SmallEvent(typ, extra string) string {
	return fmt.Sprintf(`name: quick-%s
variant: extinction
seed: 5
concurrency: 2
tournament: {type: %s, games: 2%s}
time_control: {depth: 1}
adjudication: {max_plies: 200}
engines:
  - {name: a, kind: random}
  - {name: b, kind: greedy}
  - {name: c, kind: random, seed: 5}
  - {name: d, kind: greedy, seed: 7}
  - {name: e, kind: random, seed: 9}
`, typ, typ, extra)
}

// Parse parses a run config given as text, named test.yaml in
// messages, with every variant known; a problem fails the test.
func Parse(t testing.TB, yaml string) *configs.Run {
	t.Helper()
	r, err := configs.Parse("test.yaml", []byte(yaml), configs.Checker{Variants: variants.Names()})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// FairyBoard is a variants.ini (docs/variants-file.md) of one variant,
// fairy7: chess on 7x7 with two pieces of its own, q (customPiece1: moves
// as a queen, captures as a knight; not a queen though it has the
// queen's letter) and a (customPiece2: bishop plus knight). Tests of the
// pages that draw boards play it: a board that is not 8x8, letters that
// are not the chess pieces'.
const FairyBoard = `# 7x7 chess with two pieces of its own.
[fairy7:chess]
maxRank = 7
maxFile = g
queen = -
customPiece1 = q:mQcN
customPiece2 = a:BN
castling = false
promotionRegionWhite = *7
promotionRegionBlack = *1
promotionPieceTypes = qarn
startFen = rnqkanr/ppppppp/7/7/7/PPPPPPP/RNQKANR w - - 0 1
`

// WideBoard is a variants.ini of one variant on the largest board varena
// plays, 12x10: big12, chess with an archbishop a (bishop plus knight)
// and a chancellor c (rook plus knight), which no chess glyph shows.
// Tests of the pages that draw boards use it for the widest and tallest
// board: two-digit counts in its FEN, rank 10, file l.
const WideBoard = `# 12x10 chess with archbishops and chancellors.
[big12:chess]
maxRank = 10
maxFile = l
customPiece1 = a:BN
customPiece2 = c:RN
castling = false
promotionRegionWhite = *10
promotionRegionBlack = *1
promotionPieceTypes = qacrbn
startFen = rnbqkaabqcnr/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/RNBQKAABQCNR w - - 0 1
`

// Resolve resolves a parsed run into its plan; a problem fails the test.
func Resolve(t testing.TB, r *configs.Run) *plan.Plan {
	t.Helper()
	p, err := plan.Resolve(r)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
