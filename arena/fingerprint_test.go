package arena

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"varena/configs"
	"varena/engines/variants"
)

// fingerprintBase is a run with something set in every part the
// fingerprint reads: a book file, an SPRT, both adjudication rules, a
// built-in engine with its own weights and an external one with every
// setting; multi makes it a multivariant run. Its files are in dir.
func fingerprintBase(t *testing.T, dir string, multi bool) *configs.Run {
	t.Helper()
	for name, data := range map[string]string{
		"book.epd":  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
		"other.epd": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n",
		"w.yaml":    "a\n",
		"w2.yaml":   "b\n",
		"v.ini":     "[v1:chess]\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &configs.Run{
		Name: "fp", Variant: "extinction", Seed: 1, File: filepath.Join(dir, "run.yaml"),
		Tournament:   configs.Tournament{Type: configs.RoundRobin, Games: 2, Rounds: 1},
		Openings:     configs.Openings{File: "book.epd", Order: "sequential", Plies: ptr(4)},
		TimeControl:  configs.TimeControl{Depth: 3},
		Adjudication: configs.Adjudication{MaxPlies: 200, Draw: &configs.DrawRule{MoveNumber: 30, Moves: 8, Score: 10}, Resign: &configs.Resign{Moves: 3, Score: 900}},
		SPRT:         &configs.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"},
		Engines: []configs.Engine{
			{Name: "ab", Kind: configs.KindAlphaBeta, Hash: 16, Weights: map[string]string{"extinction": "w.yaml", "evolution": "w.yaml"}},
			{Name: "ext", Kind: configs.KindUCI, Command: "./no-such-engine", Args: []string{"-x"}, Dir: ".",
				Options: map[string]string{"Hash": "16"}, VariantNames: map[string]string{"extinction": "ext"},
				Restart: "on-crash", History: "game", Plays: []string{"extinction", "evolution"}, Declines: []string{"losalamos-bunkers"},
				TimeControl: &configs.TimeControl{Nodes: 1000}},
			{Name: "g", Kind: configs.KindGreedy, Seed: 5},
		},
	}
	if multi {
		r.Variant = ""
		r.VariantSchedule = "all"
		r.Variants = []configs.VariantSpec{{Name: "extinction"}, {Name: "evolution", Openings: &configs.Openings{Plies: ptr(2)}, TimeControl: &configs.TimeControl{Depth: 2}}}
	}
	return r
}

// fingerprinted are the config fields that change what a game is, each
// with a change of it (on the single-variant base, or the multivariant
// one when multi) that the fingerprint must tell.
var fingerprinted = map[string]struct {
	multi  bool
	change func(r *configs.Run)
}{
	"Run.Name":            {false, func(r *configs.Run) { r.Name = "other" }},
	"Run.Variant":         {false, func(r *configs.Run) { r.Variant = "evolution" }},
	"Run.Variants":        {true, func(r *configs.Run) { r.Variants = r.Variants[:1] }},
	"Run.VariantSchedule": {true, func(r *configs.Run) { r.VariantSchedule = "assigned" }},
	"Run.VariantFile": {false, func(r *configs.Run) {
		r.VariantFile = "v.ini"
		// As the checker loads it; a nil Set fails the plan, naming the file.
		r.VariantSet, _ = variants.LoadSet(r.Path(r.VariantFile))
	}},
	"Run.Seed":         {false, func(r *configs.Run) { r.Seed = 2 }},
	"Run.Tournament":   {false, func(r *configs.Run) { r.Tournament = configs.Tournament{Type: configs.SPRTTest} }},
	"Run.Openings":     {false, func(r *configs.Run) { r.Openings = configs.Openings{} }},
	"Run.TimeControl":  {false, func(r *configs.Run) { r.TimeControl = configs.TimeControl{Depth: 4} }},
	"Run.Adjudication": {false, func(r *configs.Run) { r.Adjudication = configs.Adjudication{} }},
	"Run.SPRT":         {false, func(r *configs.Run) { r.SPRT = nil }},
	"Run.Engines":      {false, func(r *configs.Run) { r.Engines = r.Engines[:2] }},

	"Tournament.Type":       {false, func(r *configs.Run) { r.Tournament.Type = configs.Gauntlet }},
	"Tournament.Challenger": {false, func(r *configs.Run) { r.Tournament.Challenger = "ab" }},
	"Tournament.Games":      {false, func(r *configs.Run) { r.Tournament.Games = 4 }},
	"Tournament.Rounds":     {false, func(r *configs.Run) { r.Tournament.Rounds = 2 }},
	"Tournament.Seeds":      {false, func(r *configs.Run) { r.Tournament.Seeds = 2 }},
	"Tournament.Pairs":      {false, func(r *configs.Run) { r.Tournament.Pairs = [][2]string{{"a", "b"}} }},
	"Tournament.Adaptive":   {false, func(r *configs.Run) { r.Tournament.Adaptive = &configs.Adaptive{LOS: 0.95} }},
	// (The base has no adaptive block: the fingerprint holds the LOS,
	// "tournament: adaptive: los 0.99", so another LOS is another run.)
	"Adaptive.LOS": {false, func(r *configs.Run) { r.Tournament.Adaptive = &configs.Adaptive{LOS: 0.99} }},

	"Openings.File":   {false, func(r *configs.Run) { r.Openings.File = "other.epd" }},
	"Openings.Format": {false, func(r *configs.Run) { r.Openings.Format = configs.FormatPGN }},
	"Openings.Order":  {false, func(r *configs.Run) { r.Openings.Order = "random" }},
	"Openings.Start":  {false, func(r *configs.Run) { r.Openings.Start = 3 }},
	"Openings.Plies":  {false, func(r *configs.Run) { r.Openings.Plies = ptr(6) }},

	"TimeControl.Depth":    {false, func(r *configs.Run) { r.TimeControl.Depth = 5 }},
	"TimeControl.Nodes":    {false, func(r *configs.Run) { r.TimeControl = configs.TimeControl{Nodes: 500} }},
	"TimeControl.MoveTime": {false, func(r *configs.Run) { r.TimeControl = configs.TimeControl{MoveTime: 0.1} }},
	"TimeControl.Clock":    {false, func(r *configs.Run) { r.TimeControl = configs.TimeControl{Clock: "10+0.1"} }},
	"TimeControl.Margin":   {false, func(r *configs.Run) { r.TimeControl.Margin = configs.Seconds(0.5) }},

	"Adjudication.MaxPlies": {false, func(r *configs.Run) { r.Adjudication.MaxPlies = 300 }},
	"Adjudication.Draw":     {false, func(r *configs.Run) { r.Adjudication.Draw = nil }},
	"Adjudication.Resign":   {false, func(r *configs.Run) { r.Adjudication.Resign = nil }},
	"DrawRule.MoveNumber":   {false, func(r *configs.Run) { r.Adjudication.Draw.MoveNumber = 40 }},
	"DrawRule.Moves":        {false, func(r *configs.Run) { r.Adjudication.Draw.Moves = 9 }},
	"DrawRule.Score":        {false, func(r *configs.Run) { r.Adjudication.Draw.Score = 11 }},
	"Resign.Moves":          {false, func(r *configs.Run) { r.Adjudication.Resign.Moves = 4 }},
	"Resign.Score":          {false, func(r *configs.Run) { r.Adjudication.Resign.Score = 1000 }},

	"SPRT.Elo0":       {false, func(r *configs.Run) { r.SPRT.Elo0 = -1 }},
	"SPRT.Elo1":       {false, func(r *configs.Run) { r.SPRT.Elo1 = 10 }},
	"SPRT.Alpha":      {false, func(r *configs.Run) { r.SPRT.Alpha = 0.1 }},
	"SPRT.Beta":       {false, func(r *configs.Run) { r.SPRT.Beta = 0.1 }},
	"SPRT.Model":      {false, func(r *configs.Run) { r.SPRT.Model = "logistic" }},
	"SPRT.PerVariant": {false, func(r *configs.Run) { r.SPRT.PerVariant = true }},

	"Engine.Name":         {false, func(r *configs.Run) { r.Engines[0].Name = "ab2" }},
	"Engine.Kind":         {false, func(r *configs.Run) { r.Engines[0].Kind = configs.KindRandom }},
	"Engine.Weights":      {false, func(r *configs.Run) { r.Engines[0].Weights = map[string]string{"extinction": "w2.yaml"} }},
	"Engine.Hash":         {false, func(r *configs.Run) { r.Engines[0].Hash = 32 }},
	"Engine.Threads":      {false, func(r *configs.Run) { r.Engines[0].Threads = 2 }},
	"Engine.Seed":         {false, func(r *configs.Run) { r.Engines[2].Seed = 6 }},
	"Engine.Command":      {false, func(r *configs.Run) { r.Engines[1].Command = "./other-engine" }},
	"Engine.Args":         {false, func(r *configs.Run) { r.Engines[1].Args = nil }},
	"Engine.Dir":          {false, func(r *configs.Run) { r.Engines[1].Dir = "sub" }},
	"Engine.Options":      {false, func(r *configs.Run) { r.Engines[1].Options = map[string]string{"Hash": "32"} }},
	"Engine.VariantNames": {false, func(r *configs.Run) { r.Engines[1].VariantNames = nil }},
	"Engine.Restart":      {false, func(r *configs.Run) { r.Engines[1].Restart = "always" }},
	"Engine.History":      {false, func(r *configs.Run) { r.Engines[1].History = "none" }},
	"Engine.Plays":        {true, func(r *configs.Run) { r.Engines[1].Plays = []string{"extinction"} }},
	"Engine.Declines":     {true, func(r *configs.Run) { r.Engines[1].Declines = []string{"evolution"} }},
	"Engine.Ponder":       {false, func(r *configs.Run) { r.Engines[1].Ponder = true }},
	"Engine.TimeControl":  {false, func(r *configs.Run) { r.Engines[1].TimeControl = nil }},

	"VariantSpec.Name":        {true, func(r *configs.Run) { r.Variants[1].Name = "losalamos-bunkers" }},
	"VariantSpec.Openings":    {true, func(r *configs.Run) { r.Variants[1].Openings = nil }},
	"VariantSpec.TimeControl": {true, func(r *configs.Run) { r.Variants[1].TimeControl = nil }},
}

// keepsGames are the config fields the fingerprint leaves out, each with
// why: a run may change them between a run and its resume.
var keepsGames = map[string]string{
	"Run.Out":                  "where the records go, not what they are",
	"Run.Concurrency":          "games at once; the journal and summary are the same whatever it is",
	"Run.ProtocolLog":          "a log of the engines' lines beside the run",
	"Run.File":                 "where the config was read; the files it names are fingerprinted by content",
	"Run.VariantSet":           "loaded from VariantFile, whose content is fingerprinted (variant file)",
	"Run.Source":               "the config's name in messages",
	"Run.Line":                 "a line number for messages",
	"Tournament.Line":          "a line number for messages",
	"Openings.Line":            "a line number for messages",
	"TimeControl.StallTimeout": "decides only when an engine that stalls forfeits; a game without a stall is the same",
	"TimeControl.Line":         "a line number for messages",
	"TimeControl.Moves":        "parsed from Clock, which is fingerprinted",
	"TimeControl.Base":         "parsed from Clock, which is fingerprinted",
	"TimeControl.Increment":    "parsed from Clock, which is fingerprinted",
	"Adjudication.Line":        "a line number for messages",
	"DrawRule.Line":            "a line number for messages",
	"Resign.Line":              "a line number for messages",
	"SPRT.Line":                "a line number for messages",
	"Engine.Line":              "a line number for messages",
	"VariantSpec.Line":         "a line number for messages",
}

// configFields lists the fields of t and of the configs structs it
// holds, as Type.Field.
func configFields(t reflect.Type, seen map[reflect.Type]bool, out *[]string) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t.PkgPath() != "varena/configs" || seen[t] {
		return
	}
	seen[t] = true
	for i := range t.NumField() {
		f := t.Field(i)
		*out = append(*out, t.Name()+"."+f.Name)
		configFields(f.Type, seen, out)
	}
}

// TestFingerprintComplete: every field of a run's config is either
// fingerprinted, and a change of it changes the fingerprint, or listed
// among those that do not change games, with the reason. A new config
// key fails here until it joins one of the two.
func TestFingerprintComplete(t *testing.T) {
	var fields []string
	configFields(reflect.TypeFor[configs.Run](), map[reflect.Type]bool{}, &fields)
	for _, f := range fields {
		_, fp := fingerprinted[f]
		_, keep := keepsGames[f]
		switch {
		case fp && keep:
			t.Errorf("%s is both fingerprinted and said not to change games", f)
		case !fp && !keep:
			t.Errorf("%s is neither fingerprinted (see fingerprint) nor listed in keepsGames with the reason it does not change games", f)
		}
	}
	known := strings.Join(fields, " ") + " "
	for f := range fingerprinted {
		if !strings.Contains(known, f+" ") {
			t.Errorf("fingerprinted lists %s, which is no config field", f)
		}
	}
	for f := range keepsGames {
		if !strings.Contains(known, f+" ") {
			t.Errorf("keepsGames lists %s, which is no config field", f)
		}
	}
	dir := t.TempDir()
	for name, c := range fingerprinted {
		t.Run(name, func(t *testing.T) {
			base, err := fingerprint(resolved(t, fingerprintBase(t, dir, c.multi)))
			if err != nil {
				t.Fatal(err)
			}
			r := fingerprintBase(t, dir, c.multi)
			c.change(r)
			changed, err := fingerprint(resolved(t, r))
			if err != nil {
				t.Fatal(err)
			}
			if reflect.DeepEqual(base, changed) {
				t.Errorf("a change of %s leaves the fingerprint as it was", name)
			}
		})
	}
}

// TestFingerprintPliesZero: "plies: 0" without a file (every game from
// the initial position) is not the built-in book (no plies given).
func TestFingerprintPliesZero(t *testing.T) {
	dir := t.TempDir()
	var fps []map[string]string
	for _, o := range []configs.Openings{{}, configs.RandomPlies(0)} {
		r := fingerprintBase(t, dir, false)
		r.Openings = o
		fp, err := fingerprint(resolved(t, r))
		if err != nil {
			t.Fatal(err)
		}
		fps = append(fps, fp)
	}
	if reflect.DeepEqual(fps[0], fps[1]) {
		t.Errorf("plies 0 and no plies have one fingerprint: %v", fps[0])
	}
}

func ptr[T any](v T) *T { return &v }
