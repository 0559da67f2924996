package configs_test

import (
	"fmt"

	"varena/configs"
)

func ExampleParse() {
	check := configs.Checker{Variants: []string{"extinction", "losalamos-bunkers", "evolution"}}
	_, err := configs.Parse("my-run.yaml", []byte(`variant: extinction
tournament: {type: gauntlet, challenger: new, games: 3}
time_control: {clock: 40/60+0.6}
engines:
  - {name: new, kind: alphabeta, hahs: 64}
  - {name: old, kind: alphabeta}
`), check)
	fmt.Println(err)

	r, err := configs.Parse("my-run.yaml", []byte(`variant: extinction
tournament: {type: gauntlet, challenger: new}
time_control: {clock: 40/60+0.6}
engines:
  - {name: new, kind: alphabeta, hash: 64}
  - {name: old, kind: alphabeta, time_control: {depth: 5}}
`), check)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range r.Engines {
		tc := r.EngineTimeControl(e.Name)
		fmt.Printf("%s: %d games, time control %s, margin %g s\n", e.Name, r.Tournament.Games, tc, tc.MarginSeconds())
	}
	// Output:
	// my-run.yaml:2: tournament.games: 3 is odd; each opening is played twice, colours reversed, so games must be even
	// my-run.yaml:5: unknown key "hahs" in engine (did you mean "hash"?)
	// new: 2 games, time control 40/60+0.6, margin 1 s
	// old: 2 games, time control depth=5, margin 0 s
}
