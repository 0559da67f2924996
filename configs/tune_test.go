package configs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/engines/variants"
)

func TestParseTuneDefaults(t *testing.T) {
	src := "variant: extinction\ndata: [a.epd, b.epd]\nout: w.yaml\nfrozen: [tempo, 'material_*']\nverify: {games: 100}\n"
	tu, err := configs.ParseTune("t.yaml", []byte(src), check)
	if err != nil {
		t.Fatal(err)
	}
	if tu.Method != configs.MethodTexel || tu.BadData != configs.BadDataReject || tu.Iterations != configs.DefaultIterations {
		t.Errorf("defaults: method %q bad_data %q iterations %d", tu.Method, tu.BadData, tu.Iterations)
	}
	if tu.Verify.Games != 100 || tu.Verify.Nodes != configs.DefaultVerifyNodes || tu.Verify.Out != "w-verify" || tu.Verify.Line != 5 {
		t.Errorf("verify: %+v", *tu.Verify)
	}
	for name, want := range map[string]bool{"tempo": true, "material_pawn": true, "mobility_pawn": false} {
		if got := tu.IsFrozen(name); got != want {
			t.Errorf("IsFrozen(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestParseTuneErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // each a "t.yaml:LINE: ..." prefix or fragment
	}{
		{"no variant", "data: [a]\nout: o.yaml\n", []string{"t.yaml:1: no variant"}},
		{"unknown variant", "variant: chess\ndata: [a]\nout: o\n", []string{`t.yaml:1: variant: unknown variant "chess"`}},
		{"typo key", "variant: extinction\ndata: [a]\nout: o\nfrozn: [x]\n", []string{`t.yaml:4: unknown key "frozn" in tune (did you mean "frozen"?)`}},
		{"no data", "variant: extinction\nout: o\n", []string{"t.yaml:1: data: no data files"}},
		{"bad validation", "variant: extinction\ndata: [a]\nout: o\nvalidation: 1.5\n", []string{"t.yaml:4: validation: 1.5 is not a share"}},
		{"bad policy", "variant: extinction\ndata: [a]\nout: o\nbad_data: ignore\n", []string{`t.yaml:4: bad_data: "ignore"`}},
		{"bad glob", "variant: extinction\ndata: [a]\nout: o\nfrozen:\n  - tempo\n  - '[x'\n", []string{`t.yaml:6: frozen: bad name pattern "[x"`}},
		{"wrong type", "variant: extinction\ndata: [a]\nout: o\niterations: many\n", []string{"t.yaml:4: iterations: want a whole number"}},
		{"method", "variant: extinction\nmethod: genetic\ndata: [a]\nout: o\n", []string{`t.yaml:2: method: unknown method "genetic"`}},
		{"spsa", "variant: extinction\nmethod: spsa\ndata: [a]\n", []string{"t.yaml:2: method: spsa configs are read by LoadSPSA"}},
		{"odd games", "variant: extinction\ndata: [a]\nout: o\nverify:\n  games: 3\n", []string{"t.yaml:5: verify.games: 3 is not"}},
		{"two limits", "variant: extinction\ndata: [a]\nout: o\nverify:\n  nodes: 10\n  depth: 3\n", []string{"t.yaml:6: verify: nodes and depth both set"}},
		{"sprt bounds", "variant: extinction\ndata: [a]\nout: o\nverify:\n  sprt: {elo0: 5, elo1: 0}\n", []string{"t.yaml:5: verify.sprt: elo1 (0) must exceed elo0 (5)"}},
		{"verify key", "variant: extinction\ndata: [a]\nout: o\nverify:\n  gams: 10\n", []string{`t.yaml:5: unknown key "gams" in verify`}},
		{"datagen games", "variant: extinction\ndata: [a]\nout: o\ndatagen:\n  games: 0\n  minutes: -1\n", []string{"t.yaml:5: datagen.games: 0; want", "t.yaml:6: datagen.minutes: -1 is negative"}},
		{"datagen key", "variant: extinction\ndata: [a]\nout: o\ndatagen: {games: 10, gmes: 3}\n", []string{`t.yaml:4: unknown key "gmes" in datagen`}},
		{"several", "variant: chess\ndata: [a]\nl2: -1\n", []string{"t.yaml:1: variant", "t.yaml:3: l2: -1 is negative", "out: no output"}},
		{"two documents", "variant: extinction\n---\nvariant: evolution\n", []string{"t.yaml:2: more than one YAML document"}},
		{"syntax", "variant: [extinction\n", []string{"t.yaml:"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := configs.ParseTune("t.yaml", []byte(tc.src), check)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nlacks %q", err, w)
				}
			}
		})
	}
}

// The example tune configs in configs/tunes parse.
func TestExampleTunes(t *testing.T) {
	for _, v := range variants.Names() {
		tu, err := configs.LoadTune("tunes/"+v+".yaml", check)
		if err != nil {
			t.Fatal(err)
		}
		if tu.Variant != v || tu.Verify == nil {
			t.Errorf("%s: %+v", v, tu)
		}
		if got := tu.Path(tu.Data[0]); got != "../data/"+v+".epd" {
			t.Errorf("%s: data path %q", v, got)
		}
	}
}

// FuzzParseTune: no input panics, and an accepted config has a method
// and a policy.
func FuzzParseTune(f *testing.F) {
	f.Add([]byte("variant: extinction\ndata: [a.epd]\nout: o.yaml\nverify: {games: 10, sprt: {elo0: 0, elo1: 5}}\n"))
	f.Add([]byte("variant: evolution\nmethod: texel\nk: 1.5\nvalidation: 0.5\n"))
	f.Add([]byte("a: &x {b: *x}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tu, err := configs.ParseTune("f.yaml", data, check)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.yaml") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		if tu.Method == "" || (tu.Method == configs.MethodTexel && tu.BadData == "") {
			t.Fatalf("accepted without defaults: %+v", tu)
		}
	})
}

// -out on the command line is relative to the working directory; the
// verification directory derived from out follows it.
func TestTuneSetOut(t *testing.T) {
	tu, err := configs.LoadTune("tunes/extinction.yaml", check)
	if err != nil {
		t.Fatal(err)
	}
	tu.SetOut("x/w.yaml")
	wd, _ := os.Getwd()
	if got := tu.Path(tu.Out); got != filepath.Join(wd, "x/w.yaml") {
		t.Errorf("out %q", got)
	}
	if got := tu.Path(tu.Verify.Out); got != filepath.Join(wd, "x/w-verify") {
		t.Errorf("verify out %q", got)
	}
}

// Every shipped texel config says how its data is made.
func TestExampleTunesDatagen(t *testing.T) {
	for _, v := range variants.Names() {
		tu, err := configs.LoadTune("tunes/"+v+".yaml", check)
		if err != nil {
			t.Fatal(err)
		}
		if d := tu.Datagen; d == nil || d.Games <= 0 || d.Minutes <= 0 {
			t.Errorf("%s: datagen %+v", v, d)
		}
	}
}
