package configtest

import (
	"testing"

	"varena/configs"
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
