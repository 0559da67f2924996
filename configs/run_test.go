package configs_test

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"varena/configs"
	"varena/engines"
	"varena/engines/variants"
)

var check = configs.Checker{Variants: variants.Names()}

// shipped checks the runs of runs/: they may name Fairy-Stockfish's
// built-in variants, as varena run knows them (event-multivariant.yaml).
var shipped = configs.Checker{Variants: variants.Playable()}

// hillSet is a variants.ini's Set: hill and fromfile, which the engines
// play, and counting, which they do not.
func hillSet(t testing.TB) *variants.Set {
	t.Helper()
	s, err := variants.ParseSet([]byte("[hill:kingofthehill]\n[fromfile:chess]\ncastling = false\n[counting:makruk]\nnMoveRule = 50\n"), "v.ini")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// exampleFiles lists the runs in runs/ on disk (the test runs in this
// folder).
func exampleFiles(t testing.TB) []string {
	files, err := filepath.Glob("runs/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no runs/*.yaml: %v", err)
	}
	return files
}

func TestEmbeddedRuns(t *testing.T) {
	names := configs.EmbeddedRuns()
	want := []string{"default", "event-multivariant", "evolution-sprt", "extinction-round-robin", "fairy-stockfish-evolution", "fairy-stockfish-losalamos", "fairy-stockfish", "fsf-matrix-all", "fsf-matrix", "losalamos-gauntlet", "multivariant", "sprt-gainer", "sprt-nonregression"}
	if !slices.Equal(names, want) {
		t.Fatalf("EmbeddedRuns() = %v, want %v", names, want)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			r, err := configs.EmbeddedRun(name, shipped)
			if err != nil {
				t.Fatal(err)
			}
			if r.Name != name {
				t.Errorf("Name = %q, want %q (the file name)", r.Name, name)
			}
			if r.File != "" {
				t.Errorf("File = %q, want \"\" for an embedded run", r.File)
			}
			checkOpenings(t, r)
		})
	}
	if _, err := configs.EmbeddedRun("nosuch", check); err == nil || !strings.Contains(err.Error(), "default") {
		t.Errorf("EmbeddedRun(nosuch) = %v, want an error listing the runs", err)
	}
}

// The same files, loaded from disk, parse to the same runs: their
// relative paths work in both places.
func TestExampleFilesOnDisk(t *testing.T) {
	for _, file := range exampleFiles(t) {
		t.Run(file, func(t *testing.T) {
			r, err := configs.Load(file, shipped)
			if err != nil {
				t.Fatal(err)
			}
			if r.File != file {
				t.Errorf("File = %q, want %q", r.File, file)
			}
			checkOpenings(t, r)
			name := strings.TrimSuffix(filepath.Base(file), ".yaml")
			e, err := configs.EmbeddedRun(name, shipped)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := normalize(r), normalize(e); !reflect.DeepEqual(got, want) {
				t.Errorf("on disk:\n%+v\nembedded:\n%+v", got, want)
			}
		})
	}
}

// checkOpenings opens every openings file of r.
func checkOpenings(t *testing.T, r *configs.Run) {
	t.Helper()
	for _, v := range r.VariantNames() {
		o := r.OpeningsFor(v)
		if o.File == "" {
			continue
		}
		f, err := r.Open(o.File)
		if err != nil {
			t.Errorf("%s: Open(%q): %v", v, o.File, err)
			continue
		}
		f.Close()
		if _, err := r.ReadFile(o.File); err != nil {
			t.Errorf("%s: ReadFile(%q): %v", v, o.File, err)
		}
	}
}

func TestDefaultRun(t *testing.T) {
	r, err := configs.DefaultRun(check)
	if err != nil {
		t.Fatal(err)
	}
	if r.Variant != "extinction" || len(r.Engines) != 4 || r.Tournament.Games != 2 || !r.Openings.Builtin() {
		t.Errorf("default run: variant %q, %d engines, %d games, openings %+v; want extinction, 4, 2, the built-in book",
			r.Variant, len(r.Engines), r.Tournament.Games, r.Openings)
	}
	for _, e := range r.Engines {
		if e.Kind == configs.KindUCI {
			t.Errorf("default run has external engine %q: it must run with nothing installed", e.Name)
		}
	}
}

// Every opening of every file parses in the variant the file is named
// after, and no game is over in it.
func TestOpeningFiles(t *testing.T) {
	files, err := fs.Glob(configs.FS(), "openings/*.epd")
	if err != nil || len(files) == 0 {
		t.Fatalf("no openings: %v", err)
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			v, err := variants.ByName(strings.TrimSuffix(path.Base(file), ".epd"))
			if err != nil {
				t.Fatal(err)
			}
			f, err := configs.FS().Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			seen := map[string]int{}
			sc := bufio.NewScanner(f)
			for n := 1; sc.Scan(); n++ {
				line := strings.TrimSpace(sc.Text())
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				pos, err := engines.ParseFEN(v, line)
				if err != nil {
					t.Errorf("line %d: %v", n, err)
					continue
				}
				if o := pos.Status(); o.Result != engines.Ongoing {
					t.Errorf("line %d: game over: %v", n, o)
				}
				if pos.FEN() != line {
					t.Errorf("line %d: FEN round trip gives %q", n, pos.FEN())
				}
				key := strings.Join(strings.Fields(line)[:2], " ")
				if first, dup := seen[key]; dup {
					t.Errorf("line %d: same position as line %d", n, first)
				}
				seen[key] = n
			}
			if len(seen) < 20 {
				t.Errorf("%d openings, want at least 20", len(seen))
			}
		})
	}
}

func TestDefaults(t *testing.T) {
	r, err := configs.Parse("runs/mini.yaml", []byte(`
variant: extinction
time_control: {movetime: 0.2}
sprt: {elo0: 0, elo1: 5}
tournament: {type: sprt}
engines:
  - {name: a, kind: alphabeta}
  - {name: b, kind: uci, command: engine, time_control: {clock: "10+0.1", margin: 0.25}}
`), check)
	if err != nil {
		t.Fatal(err)
	}
	want := configs.Run{
		Name:        "mini",
		Variant:     "extinction",
		Tournament:  configs.Tournament{Type: configs.SPRTTest, Games: 20000, Rounds: 1},
		Openings:    configs.Openings{Order: "sequential"},
		TimeControl: configs.TimeControl{MoveTime: 0.2, Margin: configs.Seconds(1)},
		SPRT:        &configs.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"},
		Engines: []configs.Engine{
			{Name: "a", Kind: "alphabeta", Hash: 16},
			{Name: "b", Kind: "uci", Command: "engine", Restart: "on-crash", History: "game", TimeControl: &configs.TimeControl{
				Clock: "10+0.1", Margin: configs.Seconds(0.25), Base: 10 * time.Second, Increment: 100 * time.Millisecond}},
		},
	}
	if got := normalize(r); !reflect.DeepEqual(got, &want) {
		t.Errorf("got\n%+v\nwant\n%+v", got, &want)
	}
	if r.Line != 2 || r.Engines[1].Line != 8 || r.Engines[1].TimeControl.Line != 8 || r.SPRT.Line != 4 || r.TimeControl.Line != 3 {
		t.Errorf("lines: run %d, engine b %d, its time_control %d, sprt %d, time_control %d; want 2, 8, 8, 4, 3",
			r.Line, r.Engines[1].Line, r.Engines[1].TimeControl.Line, r.SPRT.Line, r.TimeControl.Line)
	}

	r, err = configs.Parse("x.yaml", []byte(`
variants: [extinction, {name: evolution, openings: {plies: 2}}]
engines: [{name: a, kind: random}, {name: b, kind: greedy}]
`), check)
	if err != nil {
		t.Fatal(err)
	}
	if r.Name != "x" || r.Tournament.Type != "round-robin" || r.Tournament.Games != 2 || r.VariantSchedule != "all" ||
		r.Variants[1].Openings.Order != "sequential" || r.Variants[1].Line != 2 {
		t.Errorf("defaults not filled: %+v", r)
	}
	if !r.TimeControl.IsZero() || r.TimeControl.String() != "-" {
		t.Errorf("random and greedy players need no time control; got %v", r.TimeControl)
	}
}

func TestAccessors(t *testing.T) {
	r, err := configs.EmbeddedRun("multivariant", check)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.VariantNames(); !slices.Equal(got, []string{"extinction", "losalamos-bunkers", "evolution"}) {
		t.Errorf("VariantNames() = %v", got)
	}
	for _, c := range []struct{ engine, variant, want string }{
		{"ab-deep", "evolution", "nodes=50000"},    // the engine's own
		{"ab-shallow", "evolution", "depth=5"},     // the variant's
		{"ab-shallow", "extinction", "depth=4"},    // the run's
		{"fairy-stockfish", "", "movetime=0.1"},    // the engine's
		{"nosuch", "losalamos-bunkers", "depth=4"}, // the run's
	} {
		if got := r.TimeControlFor(c.engine, c.variant).String(); got != c.want {
			t.Errorf("TimeControlFor(%s, %s) = %s, want %s", c.engine, c.variant, got, c.want)
		}
	}
	if got := r.EngineTimeControl("ab-shallow").String(); got != "depth=4" {
		t.Errorf("EngineTimeControl(ab-shallow) = %s, want the run's depth=4", got)
	}
	if got := r.EngineTimeControl("ab-deep").String(); got != "nodes=50000" {
		t.Errorf("EngineTimeControl(ab-deep) = %s, want its own nodes=50000", got)
	}
	if o := r.OpeningsFor("losalamos-bunkers"); o.File == "" || o.Order != "random" {
		t.Errorf("OpeningsFor(losalamos-bunkers) = %+v, want the variant's file", o)
	}
	if o := r.OpeningsFor("extinction"); o.PlyCount() != 4 {
		t.Errorf("OpeningsFor(extinction) = %+v, want the run's 4 plies", o)
	}
	fsf := r.Engine("fairy-stockfish")
	if fsf.Accepts("evolution") || !fsf.Accepts("extinction") {
		t.Errorf("fairy-stockfish accepts evolution %v, extinction %v", fsf.Accepts("evolution"), fsf.Accepts("extinction"))
	}

	r = &configs.Run{File: filepath.Join("a", "b", "run.yaml")}
	for _, c := range []struct{ in, want string }{
		{"x.epd", filepath.Join("a", "b", "x.epd")},
		{"../o/x.epd", filepath.Join("a", "o", "x.epd")},
		{"/abs/x.epd", "/abs/x.epd"},
		{"", ""},
	} {
		if got := r.Path(c.in); got != c.want {
			t.Errorf("Path(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := (&configs.Run{}).Path("x.epd"); got != "x.epd" {
		t.Errorf("Path without File = %q, want it unchanged", got)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("books/x.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
	run := write("runs/run.yaml", `variant: extinction
openings: {file: ../books/x.epd}
time_control: {depth: 1}
engines:
  - {name: a, kind: alphabeta, weights: {extinction: ../books/w.yaml}}
  - {name: b, kind: random}
`)
	_, err := configs.Load(run, check)
	want := run + ":5: engine \"a\": weights for extinction: " + filepath.Join(dir, "books", "w.yaml") + " not found"
	if err == nil || err.Error() != want {
		t.Fatalf("Load = %v, want %s", err, want)
	}
	write("books/w.yaml", "tempo: 1\n")
	r, err := configs.Load(run, check)
	if err != nil {
		t.Fatal(err)
	}
	if r.File != run || r.Name != "run" {
		t.Errorf("File %q, Name %q; want %q, run", r.File, r.Name, run)
	}
	data, err := r.ReadFile(r.Openings.File)
	if err != nil || !strings.HasPrefix(string(data), "rnbqkbnr") {
		t.Errorf("ReadFile(%q) = %q, %v", r.Openings.File, data, err)
	}
	if _, err := configs.Load(filepath.Join(dir, "none.yaml"), check); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load of a missing file = %v, want fs.ErrNotExist", err)
	}
}

// normalize returns a copy of r without File and Line fields and with
// empty slices and maps as nil, for comparisons.
func normalize(r *configs.Run) *configs.Run {
	c := *r
	v := reflect.ValueOf(&c).Elem()
	normalizeValue(v)
	return &c
}

func normalizeValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		// A variant Set is opaque and never changes: the same one is
		// the same rules.
		if !v.IsNil() && v.Type() != reflect.TypeFor[*variants.Set]() {
			c := reflect.New(v.Elem().Type())
			c.Elem().Set(v.Elem())
			normalizeValue(c.Elem())
			v.Set(c)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			switch t.Field(i).Name {
			case "Line", "File", "Source":
				v.Field(i).SetZero()
			default:
				normalizeValue(v.Field(i))
			}
		}
	case reflect.Slice:
		if v.Len() == 0 {
			v.SetZero()
			return
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		for i := range c.Len() {
			normalizeValue(c.Index(i))
		}
		v.Set(c)
	case reflect.Map:
		if v.Len() == 0 {
			v.SetZero()
		}
	}
}

// Whatever parses, written back with yaml.Marshal, parses again to the
// same run: Parse is a fixed point of its own output.
// fileLine is how every config message starts.
var fileLine = regexp.MustCompile(`^fuzz\.yaml:[1-9][0-9]*: `)

func FuzzParse(f *testing.F) {
	for _, file := range exampleFiles(f) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, c := range brokenRuns {
		f.Add([]byte(c.yaml))
	}
	f.Add([]byte("base: &b {kind: alphabeta, hash: 8}\n"))
	f.Add([]byte("variant: extinction\nengines: [{<<: {name: a, kind: random}}, {name: b, kind: random, <<: [{seed: 2}]}]\n"))
	f.Add([]byte("name: t\nvariant: hill\nvariant_file: v.ini\ntournament: {type: round-robin, games: 2}\nengines:\n  - {name: a, kind: random}\n  - {name: b, kind: random}\n"))
	// A variant_file "loads" hill; one named bad.ini fails to.
	hill := hillSet(f)
	load := func(path string) (*variants.Set, error) {
		if strings.HasSuffix(path, "bad.ini") {
			return nil, errors.New("bad.ini:1: not a variants.ini")
		}
		return hill, nil
	}
	check := configs.Checker{Variants: variants.Names(), FileExists: func(string) bool { return true }, LoadVariants: load}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := configs.Parse("fuzz.yaml", data, check)
		if err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				if !fileLine.MatchString(line) {
					t.Fatalf("message without FILE:LINE: %q", line)
				}
			}
			return
		}
		out, err := yaml.Marshal(r)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		r2, err := configs.Parse("fuzz.yaml", out, check)
		if err != nil {
			t.Fatalf("written back, the run does not parse: %v\n%s", err, out)
		}
		if a, b := normalize(r), normalize(r2); !reflect.DeepEqual(a, b) {
			t.Fatalf("round trip changed the run:\n%+v\n%+v\n%s", a, b, out)
		}
	})
}

// The strength runs (not embedded: they need a checkout for the
// Fairy-Stockfish variant file) and the large-board runs of runs/wide
// load from disk without a problem, Fairy-Stockfish's built-in variants
// known by name as varena run knows them.
func TestStrengthRuns(t *testing.T) {
	files, err := filepath.Glob("runs/strength/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no runs/strength/*.yaml: %v", err)
	}
	wide, _ := filepath.Glob("runs/wide/*.yaml")
	files = append(files, wide...)
	playable := configs.Checker{Variants: variants.Playable()}
	for _, file := range files {
		r, err := configs.Load(file, playable)
		if err != nil {
			t.Fatal(err)
		}
		// A strength figure needs the same limit for both engines: a node
		// count or a clock, never a per-engine override, but for a
		// parallel search's node count, which stands for the time its
		// threads share (smp-extinction-nodes.yaml: two threads at twice
		// the nodes of one).
		if len(r.Engines) != 2 || (r.TimeControl.Nodes == 0 && r.TimeControl.Clock == "") {
			t.Errorf("%s: want two engines at a node limit or a clock: %+v", file, r)
		}
		for _, e := range r.Engines {
			if e.TimeControl != nil && !(e.Threads > 1 && e.TimeControl.Nodes > 0 && e.TimeControl.Clock == "") {
				t.Errorf("%s: engine %s has a limit of its own", file, e.Name)
			}
		}
	}
}
