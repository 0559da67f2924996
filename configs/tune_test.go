package configs_test

import (
	"errors"
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
	// Without validation: the documented share is held out; "validation:
	// 0" holds out nothing, as asked.
	if tu.Validation != configs.DefaultValidation {
		t.Errorf("validation %v without the key, want %v", tu.Validation, configs.DefaultValidation)
	}
	tu, err = configs.ParseTune("t.yaml", []byte(src+"validation: 0\n"), check)
	if err != nil {
		t.Fatal(err)
	}
	if tu.Validation != 0 {
		t.Errorf("validation %v with validation: 0", tu.Validation)
	}
}

func TestParseTuneErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // each a "t.yaml:LINE: ..." prefix or fragment
	}{
		{"no variant", "data: [a]\nout: o.yaml\n", []string{"t.yaml:1: no variant"}},
		{"unknown variant", "variant: shogi\ndata: [a]\nout: o\n", []string{`t.yaml:1: variant: unknown variant "shogi"`}},
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
		{"halfmove limit", "variant: extinction\ndata: [a]\nout: o\nhalfmove_limit: -2\n", []string{"t.yaml:4: halfmove_limit: -2 is negative"}},
		{"datagen key", "variant: extinction\ndata: [a]\nout: o\ndatagen: {games: 10, gmes: 3}\n", []string{`t.yaml:4: unknown key "gmes" in datagen`}},
		{"several", "variant: shogi\ndata: [a]\nl2: -1\n", []string{"t.yaml:1: variant", "t.yaml:3: l2: -1 is negative", "out: no output"}},
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

// The tune configs of variants loaded from a variants file
// (configs/tunes/fairy) parse, name a section of their file and say how
// their data is made.
func TestFairyTunes(t *testing.T) {
	files, err := filepath.Glob("tunes/fairy/*.yaml")
	if err != nil || len(files) < 3 {
		t.Fatalf("tunes/fairy/*.yaml: %d files, %v", len(files), err)
	}
	withFile := configs.Checker{Variants: variants.Names(), LoadVariants: variants.LoadSet}
	for _, file := range files {
		tu, err := configs.LoadTune(file, withFile)
		if err != nil {
			t.Fatal(err)
		}
		if variants.Builtin(tu.Variant) || tu.VariantFile == "" || tu.Verify == nil {
			t.Errorf("%s: want a variant of its variant_file and a verify match: %+v", file, tu)
		}
		if d := tu.Datagen; d == nil || d.Games <= 0 || d.Minutes <= 0 {
			t.Errorf("%s: datagen %+v", file, d)
		}
	}
}

// A tune config's variant_file, as in a run config: its sections are the
// variants the config may name, a refused section or a file that does not
// load is an error at its line, and the command that makes missing data
// names the file.
func TestTuneVariantFile(t *testing.T) {
	hill := hillSet(t)
	load := func(path string) (*variants.Set, error) {
		if strings.HasSuffix(path, "bad.ini") {
			return nil, errors.New("bad.ini:1: not a variants.ini")
		}
		return hill, nil
	}
	withFile := configs.Checker{Variants: variants.Names(), LoadVariants: load}
	for _, tc := range []struct {
		name, src string
		check     configs.Checker
		want      string // "" for no error
	}{
		{"section", "variant: hill\nvariant_file: v.ini\ndata: [a]\nout: o\n", withFile, ""},
		{"built-in beside a file", "variant: extinction\nvariant_file: v.ini\ndata: [a]\nout: o\n", withFile, ""},
		{"refused section", "variant: counting\nvariant_file: v.ini\ndata: [a]\nout: o\n", withFile, `t.yaml:1: variant: counting is a section of the variant_file varena cannot play: v.ini:5: key "nMoveRule": not supported`},
		{"not in the file", "variant: hil\nvariant_file: v.ini\ndata: [a]\nout: o\n", withFile, `t.yaml:1: variant: unknown variant "hil"`},
		{"file does not load", "variant: hill\nvariant_file: bad.ini\ndata: [a]\nout: o\n", withFile, "t.yaml:2: variant_file: bad.ini:1: not a variants.ini"},
		{"no loader", "variant: hill\nvariant_file: v.ini\ndata: [a]\nout: o\n", check, "t.yaml:2: variant_file: this command plays the built-in variants only"},
		{"no file", "variant: fromfile\ndata: [a]\nout: o\n", withFile, `t.yaml:1: variant: unknown variant "fromfile"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := configs.ParseTune("t.yaml", []byte(tc.src), tc.check)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("error: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}

	dir := t.TempDir()
	cfg := filepath.Join(dir, "hill.yaml")
	tu, err := configs.ParseTune(cfg, []byte("variant: hill\nvariant_file: v.ini\ndata: [h.epd]\nout: o\ndatagen: {games: 300, nodes: 1000}\n"), withFile)
	if err != nil {
		t.Fatal(err)
	}
	tu.File = cfg
	msg := tu.MissingData("h.epd").Error()
	wd, _ := os.Getwd()
	ini, _ := filepath.Rel(wd, filepath.Join(dir, "v.ini"))
	if want := "varena datagen -variant-file " + ini + " -variant hill -games 300 -nodes 1000 -out "; !strings.Contains(msg, want) {
		t.Errorf("MissingData: %s\nwant it to hold %q", msg, want)
	}
}
