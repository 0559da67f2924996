package plan_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/configtest"
	"varena/configs/plan"
	"varena/engines/search"
	"varena/engines/variants"
)

// TestResolve checks what a plan holds for configs given as YAML: the
// defaults applied, each engine's limit per variant, and the books and
// weights as the bytes of their files.
func TestResolve(t *testing.T) {
	dir := t.TempDir()
	book := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
	if err := os.WriteFile(filepath.Join(dir, "book.epd"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	shipped, _, err := search.ShippedWeights("extinction")
	if err != nil {
		t.Fatal(err)
	}
	weights, err := os.ReadFile(filepath.Join("..", "..", "engines", "search", "weights", "extinction.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "w.yaml"), weights, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		yaml  string
		check func(t *testing.T, p *plan.Plan)
	}{
		{"defaults", configtest.SmallRoundRobin, func(t *testing.T, p *plan.Plan) {
			if p.Multi || len(p.Variants) != 1 || p.Variants[0].Name != "extinction" {
				t.Errorf("variants %v, multi %v", p.VariantNames(), p.Multi)
			}
			if got := p.Variants[0].Openings; got.PlyCount() != 4 || got.Order != configs.OrderSequential || p.Variants[0].Book != nil {
				t.Errorf("openings %+v, book %v", got, p.Variants[0].Book)
			}
			if p.Tournament.Rounds != configs.DefaultRounds {
				t.Errorf("rounds %d", p.Tournament.Rounds)
			}
			ab := p.Engine("ab")
			if ab.Hash != configs.DefaultHash || ab.Limits["extinction"].Depth != 1 || ab.Limits["extinction"].StallTimeout != configs.DefaultStallTimeout {
				t.Errorf("ab: hash %d, limits %+v", ab.Hash, ab.Limits)
			}
			if w := ab.WeightsData["extinction"]; w == nil || string(w.Data) != string(shipped) {
				t.Errorf("ab's weights are not the shipped ones")
			}
			if r := p.Engine("random"); r.PlayerSeed != 3 || r.WeightsData != nil {
				t.Errorf("random: seed %d, weights %v", r.PlayerSeed, r.WeightsData)
			}
		}},
		{"files and limits per variant", `
name: files
seed: 5
variants:
  - {name: extinction, openings: {file: book.epd}, time_control: {movetime: 0.5}}
  - {name: standard}
time_control: {depth: 2}
engines:
  - {name: a, kind: alphabeta, weights: {extinction: w.yaml}}
  - {name: r, kind: random, seed: 9}
  - {name: g, kind: greedy, plays: [standard]}
  - {name: d, kind: alphabeta, time_control: {nodes: 1000}}
`, func(t *testing.T, p *plan.Plan) {
			ext := p.Variant("extinction")
			if !p.Multi || ext.Book == nil || string(ext.Book.Data) != book || ext.Book.Hash != plan.Hash([]byte(book)) || !ext.OwnOpenings {
				t.Fatalf("extinction's openings: %+v", ext)
			}
			if ext.Openings.Format != configs.FormatEPD || ext.Openings.Start != 1 {
				t.Errorf("openings defaults: %+v", ext.Openings)
			}
			if ch := p.Variant("standard"); ch.OwnOpenings || ch.Limit != nil {
				t.Errorf("standard: own openings %v, limit %v", ch.OwnOpenings, ch.Limit)
			}
			a := p.Engine("a")
			if string(a.WeightsData["extinction"].Data) != string(weights) {
				t.Errorf("a's weights are not its file's")
			}
			if got := p.Engine("r").PlayerSeed; got != 9 {
				t.Errorf("r's seed %d, want its own 9", got)
			}
			if tc := a.Limits["extinction"]; tc.MoveTime != 0.5 || tc.MarginSeconds() != configs.DefaultMargin {
				t.Errorf("a in extinction: %+v", tc)
			}
			if a.Limits["standard"].Depth != 2 || a.Limit.Depth != 2 {
				t.Errorf("a in standard: %+v", a.Limits["standard"])
			}
			if _, ok := p.Engine("g").WeightsData["extinction"]; ok {
				t.Errorf("g has weights for a variant it does not play")
			}
			if d := p.Engine("d"); d.Limits["extinction"].Nodes != 1000 || d.Limit.Nodes != 1000 {
				t.Errorf("d's own limit is not its limit everywhere: %+v", d.Limits)
			}
			if got := p.TimeControlFor("d", "standard").Nodes; got != 1000 {
				t.Errorf("TimeControlFor(d, standard) = %d nodes", got)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, "run.yaml")
			r, err := configs.ParseAt(file, file, []byte(tt.yaml), configs.Checker{Variants: variants.Names()})
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, configtest.Resolve(t, r))
		})
	}
}

// TestResolveErrors checks that a file a run names but that cannot be
// read is one error naming it and the entry.
func TestResolveErrors(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"weights", "variant: extinction\ntime_control: {depth: 1}\nengines:\n  - {name: a, kind: alphabeta, weights: {extinction: gone.yaml}}\n  - {name: b, kind: random}\n",
			"engine a: weights: "},
		{"book", "variant: extinction\nopenings: {file: gone.epd}\nengines:\n  - {name: a, kind: random}\n  - {name: b, kind: random}\n",
			"openings: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "run.yaml")
			// Every file is taken to exist: the plan is what reads them.
			check := configs.Checker{Variants: variants.Names(), FileExists: func(string) bool { return true }}
			r, err := configs.ParseAt(file, file, []byte(tt.yaml), check)
			if err != nil {
				t.Fatal(err)
			}
			_, err = plan.Resolve(r)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "gone.") {
				t.Fatalf("err %v, want one naming %q and the file", err, tt.want)
			}
		})
	}
}
