package configs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"varena/configs"
	"varena/engines/search"
	"varena/engines/variants"
)

const goodSPSA = `method: spsa
variant: extinction
seed: 4
spsa:
  iterations: 100
  parameters:
    - {name: Contempt, start: 0, min: -50, max: 50, c_end: 5, r_end: 0.002}
time_control: {nodes: 1000}
engines:
  - {name: e, kind: uci, command: /bin/true}
`

func TestParseSPSA(t *testing.T) {
	tu, err := configs.ParseSPSA("t.yaml", []byte(goodSPSA), configs.Checker{Variants: variants.Names()})
	if err != nil {
		t.Fatal(err)
	}
	s := tu.SPSA
	if tu.Name != "t" || s.Engine != "e" || *s.A != 10 || s.Alpha != 0.602 || s.Gamma != 0.101 {
		t.Errorf("defaults: name %q engine %q A %g alpha %g gamma %g", tu.Name, s.Engine, *s.A, s.Alpha, s.Gamma)
	}
	if tu.Engines[0].Restart != configs.RestartOnCrash || tu.OpponentEngine() != nil || tu.TunedEngine().Name != "e" {
		t.Errorf("engine defaults not filled: %+v", tu.Engines[0])
	}
	p := s.Parameters[0]
	if p.Name != "Contempt" || p.Start != 0 || p.Min != -50 || p.Max != 50 || p.CEnd != 5 || p.REnd != 0.002 || p.Line != 7 {
		t.Errorf("parameter: %+v", p)
	}
	// The fingerprint ignores name, out, concurrency and comments, not
	// the gains.
	other, _ := configs.ParseSPSA("u.yaml", []byte("# a comment\nconcurrency: 3\nout: x\n"+goodSPSA), configs.Checker{Variants: variants.Names()})
	if other == nil || other.Fingerprint() != tu.Fingerprint() {
		t.Errorf("fingerprint changed by name, out, concurrency or a comment")
	}
	changed, _ := configs.ParseSPSA("t.yaml", []byte(strings.Replace(goodSPSA, "r_end: 0.002", "r_end: 0.003", 1)), configs.Checker{Variants: variants.Names()})
	if changed == nil || changed.Fingerprint() == tu.Fingerprint() {
		t.Errorf("fingerprint unchanged by r_end")
	}
	if m := configs.TuneMethod([]byte(goodSPSA)); m != configs.MethodSPSA {
		t.Errorf("TuneMethod = %q", m)
	}
}

var brokenSPSA = []struct {
	name, yaml, want string
}{
	{
		name: "search parameters of the built-in engine: names and bounds",
		yaml: `method: spsa
variant: extinction
time_control: {nodes: 100}
spsa:
  iterations: 10
  parameters:
    - {name: FutilityMargn, start: 200, min: 100, max: 300, c_end: 10, r_end: 0.002}
    - {name: Aspiration, start: 35, min: 1, max: 100, c_end: 5, r_end: 0.002}
    - {name: material_knight_mg, start: 300, min: 200, max: 400, c_end: 10, r_end: 0.002}
engines: [{name: e, kind: alphabeta}]
`,
		want: `t.yaml:7: spsa parameter FutilityMargn: unknown search parameter "FutilityMargn" (known: ` + strings.Join(search.ParamNames(), ", ") + `), nor an evaluation weight of extinction
t.yaml:8: spsa parameter Aspiration: min: search parameter Aspiration: 1 out of range 5-200`,
	},
	{
		name: "unknown keys, with suggestions",
		yaml: `method: spsa
variant: extinction
spsa:
  iteration: 10
  parameters:
    - {name: x, start: 0, min: -1, max: 1, cend: 0.5, r_end: 0.002}
engines: [{name: e, kind: uci, command: e}]
`,
		want: `t.yaml:3: spsa.iterations: 0; give the number of game pairs (> 0)
t.yaml:4: unknown key "iteration" in spsa (did you mean "iterations"?)
t.yaml:6: unknown key "cend" in spsa parameter (did you mean "c_end"?)
t.yaml:6: spsa parameter x: c_end 0 is not positive (the perturbation at the last iteration)
t.yaml:7: engine "e" has no time control: give it a time_control or set one for the run`,
	},
	{
		name: "iterations beyond the bound",
		yaml: `method: spsa
variant: extinction
time_control: {depth: 2}
spsa:
  iterations: 2000000000
  parameters:
    - {name: x, start: 0, min: -1, max: 1, c_end: 0.5, r_end: 0.002}
engines: [{name: e, kind: uci, command: e}]
`,
		want: `t.yaml:5: spsa.iterations: 2000000000 is more than 10000000 game pairs`,
	},
	{
		name: "bad values, each with its line",
		yaml: `method: spsa
variant: extinction
time_control: {depth: 2}
spsa:
  iterations: 0
  engine: r
  opponent: nobody
  alpha: 1.5
  parameters:
    - name: a
      start: 5
      min: 0
      max: 4
      c_end: 1
      r_end: 0.002
    - name: b
      start: 0
      min: 0
      max: 10
      c_end: 0
      r_end: -1
    - name: a
      start: 0
      min: 0
      max: 10
      c_end: 6
      r_end: 0.1
engines:
  - {name: r, kind: random}
`,
		want: `t.yaml:5: spsa.iterations: 0; give the number of game pairs (> 0)
t.yaml:6: spsa.engine: r is a random engine, which has no parameters; tune an alphabeta or uci engine
t.yaml:7: spsa.opponent: no engine named "nobody" (engines: r)
t.yaml:8: spsa.alpha: 1.5 is not between 0 and 1 (0: the default)
t.yaml:11: spsa parameter a: start 5 is outside [min, max] = [0, 4]
t.yaml:20: spsa parameter b: c_end 0 is not positive (the perturbation at the last iteration)
t.yaml:21: spsa parameter b: r_end -1 is not positive (the learning rate at the last iteration)
t.yaml:22: spsa parameter a given twice (first at line 10)
t.yaml:26: spsa parameter a: c_end 6 is more than half the range [0, 10]`,
	},
	{
		name: "no spsa block, no engines, another method",
		yaml: `method: texel
variant: extinction
`,
		want: `t.yaml:1: method: "texel"; this config is read as method spsa
t.yaml:1: engines: none; list the engine to tune (and the opponent, if any)
t.yaml:1: no spsa block: give spsa.iterations and spsa.parameters`,
	},
	{
		name: "run keys checked as in a run",
		yaml: `method: spsa
variant: extinctoin
openings: {plies: -1}
spsa:
  iterations: 2
  opponent: e
  parameters: []
engines: [{name: e, kind: alphabeta}]
`,
		want: `t.yaml:2: variant: unknown variant "extinctoin" (did you mean "extinction"? known: ` + strings.Join(variants.Names(), ", ") + `)
t.yaml:3: openings.plies: -1 is negative
t.yaml:6: spsa.opponent: e is the tuned engine; leave opponent out for theta+ against theta-
t.yaml:7: spsa.parameters: none; list the parameters to tune (name, start, min, max, c_end, r_end)
t.yaml:8: engine "e" has no time control: give it a time_control or set one for the run`,
	},
}

// evalWeight is the command's check of weight names.
func evalWeight(variant, name string) bool {
	v, err := variants.ByName(variant)
	if err != nil {
		return false
	}
	w, err := search.DefaultWeights(v)
	if err != nil {
		return false
	}
	_, ok := w.Get(name)
	return ok
}

func TestParseSPSAErrors(t *testing.T) {
	for _, tt := range brokenSPSA {
		t.Run(tt.name, func(t *testing.T) {
			_, err := configs.ParseSPSA("t.yaml", []byte(tt.yaml), configs.Checker{Variants: variants.Names(), SearchOption: search.CheckParam, EvalWeight: evalWeight})
			if err == nil {
				t.Fatal("no error")
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// The example tunes in configs/tunes parse.
func TestSPSAExamples(t *testing.T) {
	files, _ := filepath.Glob("tunes/*.yaml")
	n := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if configs.TuneMethod(data) != configs.MethodSPSA {
			continue
		}
		n++
		if _, err := configs.LoadSPSA(file, configs.Checker{Variants: variants.Names(), SearchOption: search.CheckParam}); err != nil {
			t.Errorf("%v", err)
		}
	}
	if n == 0 {
		t.Error("no spsa example in configs/tunes")
	}
}

// Whatever parses, written back with yaml.Marshal, parses again to the
// same tune; what does not parse is reported FILE:LINE, never a panic.
func FuzzParseSPSA(f *testing.F) {
	f.Add([]byte(goodSPSA))
	for _, c := range brokenSPSA {
		f.Add([]byte(c.yaml))
	}
	if data, err := os.ReadFile("tunes/spsa-fairy-stockfish.yaml"); err == nil {
		f.Add(data)
	}
	check := configs.Checker{Variants: variants.Names(), FileExists: func(string) bool { return true }}
	f.Fuzz(func(t *testing.T, data []byte) {
		tu, err := configs.ParseSPSA("fuzz.yaml", data, check)
		if err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(line, "fuzz.yaml") {
					t.Fatalf("message without the file name: %q", line)
				}
			}
			return
		}
		out, err := yaml.Marshal(tu)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		tu2, err := configs.ParseSPSA("fuzz.yaml", out, check)
		if err != nil {
			t.Fatalf("written back, the tune does not parse: %v\n%s", err, out)
		}
		if tu.Fingerprint() != tu2.Fingerprint() {
			t.Fatalf("round trip changed the tune:\n%s\n%s", tu.Fingerprint(), tu2.Fingerprint())
		}
	})
}
