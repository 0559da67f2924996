package arena

import (
	"context"
	"strings"
	"testing"

	"varena/configs"
)

func TestSearchParams(t *testing.T) {
	p, err := SearchParams(configs.Engine{Name: "a", Options: map[string]string{"FutilityMargin": "150", "aspiration": " 20 "}})
	if err != nil {
		t.Fatal(err)
	}
	if p.FutilityMargin != 150 || p.Aspiration != 20 || p.LMRDivisor != 200 {
		t.Errorf("params %+v", p)
	}
	_, err = SearchParams(configs.Engine{Name: "a", Line: 7, Options: map[string]string{"LMRBase": "x"}})
	if want := `engine a: options: search parameter LMRBase: want a whole number from 0 to 200, have "x"`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestEngineErrorContext: an engine entry's failure names the config
// line and the engine once, whatever made it.
func TestEngineErrorContext(t *testing.T) {
	for _, c := range []struct{ name, engine, want string }{
		{"search parameter", "{name: ab, kind: alphabeta, options: {Bogus: 1}}",
			`test.yaml:7: engine ab: options: unknown search parameter "Bogus"`},
		{"unknown kind", "{name: ab, kind: alphabeta}", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := parseRun(t, `
name: e
variant: extinction
tournament: {type: round-robin, games: 2}
time_control: {depth: 1}
engines:
  - `+c.engine+`
  - {name: r, kind: random}
`)
			if c.want == "" {
				r.Engines[0].Kind = "bogus"
				c.want = `test.yaml:7: engine ab: unknown kind "bogus"`
			}
			_, err := Run(context.Background(), resolved(t, r), Options{Out: t.TempDir()})
			if err == nil || len(err.Error()) < len(c.want) || err.Error()[:len(c.want)] != c.want {
				t.Errorf("error %v, want it to start %s", err, c.want)
			}
			if err != nil && strings.Count(err.Error(), "engine ab") != 1 {
				t.Errorf("error %q names the engine more than once", err)
			}
		})
	}
}
