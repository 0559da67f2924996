package search

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/variants"
)

// perturbed returns w with every weight moved by a random fraction of up
// to +-scale centipawns, so that tests do not lean on integer weights or
// on equal middlegame and endgame values.
func perturbed(w *Weights, rng *rand.Rand, scale float64) *Weights {
	vals := w.Values()
	for i := range vals {
		vals[i] += (rng.Float64()*2 - 1) * scale
	}
	return w.WithValues(vals)
}

// TestEvalIsLinear proves the engine's evaluation equals the tuner's
// linear model sum_i w_i f_i over the traced features, on positions from
// random play in every variant, with the default weights and with
// fractional ones whose middlegame and endgame values differ.
func TestEvalIsLinear(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range variants.All {
		def, err := DefaultWeights(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []*Weights{def, perturbed(def, rng, 30)} {
			var tr Trace
			for game := 0; game < 10; game++ {
				pos, _ := engines.ParseFEN(v, v.StartFEN)
				for ply := 0; ply < 80; ply++ {
					tr.Reset()
					score := Evaluate(&pos, w, &tr)
					plain := Evaluate(&pos, w, nil)
					// The two code paths blend middlegame and endgame in
					// another order, so tuned weights (middlegame and
					// endgame values apart) may differ in the last bits.
					if math.Abs(plain-score) > 1e-6 {
						t.Fatalf("%s %s: eval with trace %v, without %v", v.Name, pos.FEN(), score, plain)
					}
					lin := 0.0
					for k, i := range tr.Index {
						lin += w.values[i] * tr.Value[k]
					}
					if math.Abs(lin-score) > 1e-9 {
						t.Fatalf("%s %s: eval %v, linear model %v", v.Name, pos.FEN(), score, lin)
					}
					moves := pos.GenerateMoves(nil)
					if len(moves) == 0 {
						break
					}
					pos = pos.Play(moves[rng.IntN(len(moves))])
				}
			}
		}
	}
}

// TestEvalPhase checks the phase folding of one term: the trace holds
// p*x and (1-p)*x, with p from the material on the board.
func TestEvalPhase(t *testing.T) {
	v, _ := variants.ByName("extinction")
	w, _ := DefaultWeights(v)
	fs := w.fs
	tests := []struct {
		fen   string
		phase float64
	}{
		{v.StartFEN, 1},
		{"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", 0},
		{"r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1", 4.0 / 24},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1", 1}, // promoted queens: capped
	}
	for _, tt := range tests {
		pos, err := engines.ParseFEN(v, tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		var fa facts
		fa.scan(&pos, w, false)
		if got := fa.phase(fs); math.Abs(got-tt.phase) > 1e-12 {
			t.Errorf("%s: phase %v, want %v", tt.fen, got, tt.phase)
		}
		var tr Trace
		Evaluate(&pos, w, &tr)
		f := tr.Dense(len(w.values))
		if got := f[fs.tempo[mg]]; math.Abs(got-tt.phase) > 1e-12 {
			t.Errorf("%s: tempo_mg feature %v, want %v", tt.fen, got, tt.phase)
		}
		if got := f[fs.tempo[eg]]; math.Abs(got-(1-tt.phase)) > 1e-12 {
			t.Errorf("%s: tempo_eg feature %v, want %v", tt.fen, got, 1-tt.phase)
		}
	}
}

// TestIncrementalEval plays random games in every variant and checks,
// after every move and after null moves, that the searcher's evaluation
// with incremental material and piece-square sums equals the full one.
// The plies it evaluates at jump about, as in a search, so the sums are
// updated from siblings, parents and distant positions alike.
func TestIncrementalEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, v := range variants.All {
		def, _ := DefaultWeights(v)
		for _, w := range []*Weights{def, perturbed(def, rng, 25)} {
			s := New(w, 1)
			check := func(pos *engines.Position, ply int) {
				t.Helper()
				got := s.evaluate(pos, ply)
				full := Evaluate(pos, w, nil)
				if got != int(full) {
					t.Fatalf("%s %s at ply %d: incremental %d, full %v", v.Name, pos.FEN(), ply, got, full)
				}
				if sum := w.psqSum(pos); sum != s.psq[ply].sum {
					t.Fatalf("%s %s at ply %d: sums %v, from scratch %v", v.Name, pos.FEN(), ply, s.psq[ply].sum, sum)
				}
			}
			for game := 0; game < 15; game++ {
				pos, _ := engines.ParseFEN(v, v.StartFEN)
				for ply := 0; ply < 120; ply++ {
					check(&pos, ply%(limits.MaxPly+1))
					check(&pos, rng.IntN(6))
					var null engines.Position
					if !pos.InCheck() {
						pos.MakeNullMove(&null)
						check(&null, ply%(limits.MaxPly+1))
					}
					moves := pos.GenerateMoves(nil)
					if len(moves) == 0 {
						break
					}
					pos = pos.Play(moves[rng.IntN(len(moves))])
				}
			}
		}
	}
}

func TestEvalStartIsBalanced(t *testing.T) {
	for _, v := range variants.All {
		w, _ := DefaultWeights(v)
		pos, _ := engines.ParseFEN(v, v.StartFEN)
		tempo, _ := w.Get("tempo_mg")
		// Start positions are symmetric under the colour swap: only the
		// tempo remains (the phase is 1 at the start).
		if got := Evaluate(&pos, w, nil); math.Abs(got-tempo) > 1e-9 {
			t.Errorf("%s start: eval %v, want the tempo %v", v.Name, got, tempo)
		}
		// And so with any weights: Black reads the tables mirrored.
		w = perturbed(w, rand.New(rand.NewPCG(1, 1)), 50)
		tempo, _ = w.Get("tempo_mg")
		if got := Evaluate(&pos, w, nil); math.Abs(got-tempo) > 1e-6 {
			t.Errorf("%s start, random weights: eval %v, want the tempo %v", v.Name, got, tempo)
		}
	}
}

// TestFeatures checks the registry: unique names, blocks that tile the
// feature list, tables named by square, and Black's table squares.
func TestFeatures(t *testing.T) {
	tests := []struct {
		variant  string
		squares  int
		mirror   string
		from, to string // a White square and the square Black reads for its mirror
	}{
		{"extinction", 64, "rank mirror", "b1", "b8"},
		{"losalamos-bunkers", 44, "rank mirror", "Vc1", "Vc6"},
		{"evolution", 42, "point reflection", "a1", "g6"},
	}
	for _, tt := range tests {
		v, _ := variants.ByName(tt.variant)
		fs := featureSetOf(v)
		list := Features(v)
		seen := map[string]bool{}
		for _, f := range list {
			if seen[f.Name] || f.Doc == "" {
				t.Errorf("%s: feature %q twice or without doc", v.Name, f.Name)
			}
			seen[f.Name] = true
		}
		next := 0
		for _, b := range Blocks(v) {
			if b.Offset != next {
				t.Errorf("%s: block %s at %d, want %d", v.Name, b.Name, b.Offset, next)
			}
			if b.Table && b.Size != tt.squares {
				t.Errorf("%s: table %s has %d squares, want %d", v.Name, b.Name, b.Size, tt.squares)
			}
			next += b.Size
		}
		if next != len(list) {
			t.Errorf("%s: blocks cover %d features of %d", v.Name, next, len(list))
		}
		g := v.Geometry
		from, _ := g.ParseSquare(tt.from)
		to, _ := g.ParseSquare(tt.to)
		if got := engines.Square(fs.tableSquare[engines.Black][from]); got != to || fs.mirrorName != tt.mirror {
			t.Errorf("%s: Black on %s reads %s by the %s, want %s by the %s", v.Name, tt.from, g.SquareName(got), fs.mirrorName, tt.to, tt.mirror)
		}
		name := "pst_knight_mg." + tt.from
		i, err := fs.index(name)
		if err != nil || list[i].Name != name || i != fs.pst[engines.Knight][mg]+int(from) {
			t.Errorf("%s: %s at %d (%v)", v.Name, name, i, err)
		}
	}
}

// TestTrace checks the trace's contract: indices increasing, no zeros,
// and a second evaluation adding to the first.
func TestTrace(t *testing.T) {
	v, _ := variants.ByName("losalamos-bunkers")
	w, _ := DefaultWeights(v)
	pos, _ := engines.ParseFEN(v, "r1qknr/pppppp/6/6/PPPPPP/R1QK1R|n1/2/2/N1 b - - 0 1")
	var tr Trace
	score := Evaluate(&pos, w, &tr)
	if !slices.IsSorted(tr.Index) || slices.Contains(tr.Value, 0) || len(tr.Index) != len(tr.Value) {
		t.Fatalf("trace not sorted or with zeros: %v %v", tr.Index, tr.Value)
	}
	once := tr.Dense(len(w.values))
	Evaluate(&pos, w, &tr)
	twice := tr.Dense(len(w.values))
	for i := range once {
		if math.Abs(twice[i]-2*once[i]) > 1e-12 {
			t.Fatalf("%s: %v after two evaluations, %v after one", w.Names()[i], twice[i], once[i])
		}
	}
	tr.Reset()
	if got := Evaluate(&pos, w, &tr); got != score || len(tr.Index) != len(Features(v)) && len(tr.Index) == 0 {
		t.Fatalf("after Reset: score %v, want %v; %d features", got, score, len(tr.Index))
	}
	// The knights in the bunkers show in their tables, Black's mirrored.
	i, _ := w.fs.index("pst_knight_mg.Vc1")
	if f := tr.Dense(len(w.values))[i]; f != 0 {
		t.Errorf("pst_knight_mg.Vc1 = %v: White's knight on Vc1 and Black's on Vc6 cancel", f)
	}
}

func TestWeightsFiles(t *testing.T) {
	for _, v := range variants.All {
		w, err := DefaultWeights(v)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		// What the tuner writes reads back the same, fractions included.
		w = perturbed(w, rand.New(rand.NewPCG(9, 9)), 10)
		for _, header := range []string{"", "tuned from data.epd\n100 positions, K 1.2\n"} {
			data := w.YAMLWithHeader(header)
			back, err := ParseWeights(v, "written", data)
			if err != nil {
				t.Fatalf("%s: written weights do not parse: %v", v.Name, err)
			}
			for i, x := range back.Values() {
				if x != w.values[i] {
					t.Errorf("%s: %s read back as %v, wrote %v", v.Name, w.Names()[i], x, w.values[i])
				}
			}
			if header != "" && !strings.HasPrefix(string(data), "# tuned from data.epd\n# 100 positions, K 1.2\n") {
				t.Errorf("%s: header not written as comments:\n%.200s", v.Name, data)
			}
		}
	}
}

// handWeights are the hand-set Los Alamos weights the weight-file tests
// quote (the embedded defaults are tuned and change).
func handWeights(t testing.TB) (*engines.Variant, *Weights) {
	v, _ := variants.ByName("losalamos-bunkers")
	w, err := LoadWeights(v, "testdata/hand-losalamos-bunkers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return v, w
}

func TestWeightsErrors(t *testing.T) {
	v, w := handWeights(t)
	good := string(w.YAML())
	line := func(s string) string { // the line of good where s starts, as "f.yaml:N:"
		i := strings.Index(good, s)
		if i < 0 {
			t.Fatalf("%q not in the written weights", s)
		}
		return "f.yaml:" + strconv.Itoa(strings.Count(good[:i], "\n")+1) + ":"
	}
	const knight = "pst_knight_mg:\n  - [ 10, 10, 10, 10, 10, 10 ]\n"
	if !strings.Contains(good, knight) {
		t.Fatalf("the knight table starts otherwise:\n%s", good)
	}
	start := strings.Index(good, "pst_knight_mg:\n")
	knightTable := good[start : start+strings.Index(good[start:], "\n\n")+1]
	rank5 := "  - [  8, 18, 18, 18, 18,  8 ]\n"
	tests := []struct {
		name, data string
		want       []string
	}{
		{"unknown key", good + "\nmaterial_bishop_pair: 30\n", []string{"f.yaml:", "material_bishop_pair: unknown feature for losalamos-bunkers"}},
		{"a table entry as a key", good + "\npst_knight_mg.c3: 30\n", []string{"pst_knight_mg.c3: unknown feature"}},
		{"missing key", strings.Replace(good, "\ntempo_mg: 12\n", "\n", 1), []string{"missing feature tempo_mg"}},
		{"missing table", strings.Replace(good, "pst_knight_mg:", "pst_knight_xx:", 1), []string{"missing feature pst_knight_mg", "pst_knight_xx: unknown feature"}},
		{"not a number", strings.Replace(good, "tempo_mg: 12", "tempo_mg: ten", 1), []string{line("tempo_mg") + " tempo_mg: want a number, have \"ten\""}},
		{"not finite", strings.Replace(good, "tempo_mg: 12", "tempo_mg: .inf", 1), []string{"tempo_mg: want a finite number"}},
		{"a table for a term", strings.Replace(good, "tempo_mg: 12", "tempo_mg: [1, 2]", 1), []string{"tempo_mg: want a number, have a list"}},
		{"duplicate", good + "\ntempo_mg: 3\n", []string{"tempo_mg: given twice"}},
		{"duplicate table", good + "\n" + knight, []string{"pst_knight_mg: given twice"}},
		{"a number for a table", strings.Replace(good, knightTable, "pst_knight_mg: 5\n", 1), []string{line(knight) + " pst_knight_mg: want a table of 10 rows (ranks 6 to 1 of files a-f, then 4 bunker rows), have \"5\""}},
		{"a row too few", strings.Replace(good, knight, "pst_knight_mg:\n", 1), []string{line(knight) + " pst_knight_mg: want 10 rows", "have 9"}},
		{"a row too many", strings.Replace(good, knight, knight+"  - [ 1, 2, 3, 4, 5, 6 ]\n", 1), []string{"pst_knight_mg: want 10 rows", "have 11"}},
		{"a short row", strings.Replace(good, knight, "pst_knight_mg:\n  - [ 10, 10, 10, 10, 10 ]\n", 1), []string{line(knight[15:]) + " pst_knight_mg: row 1 (rank 6): want 6 numbers, have 5"}},
		{"a row not a list", strings.Replace(good, knight, "pst_knight_mg:\n  - 10\n", 1), []string{"pst_knight_mg: row 1 (rank 6): want 6 numbers, have \"10\""}},
		{"a word in a row", strings.Replace(good, knight, "pst_knight_mg:\n  - [ 10, 10, x, 10, 10, 10 ]\n", 1), []string{line(knight[15:]) + " pst_knight_mg: c6: want a number, have \"x\""}},
		{"a short bunker row", strings.Replace(good, "  - [ 0, 0 ]  # Vc6 Vd6\n", "  - [ 0 ]\n", 1), []string{"row 7 (Vc6 Vd6): want 2 numbers, have 1"}},
		{"two errors", strings.Replace(strings.Replace(good, "tempo_mg: 12", "tempo_mg: x", 1), rank5, "  - [ 1 ]\n", 1), []string{"tempo_mg: want a number", "row 2 (rank 5): want 6 numbers, have 1"}},
		{"not a mapping", "- 1\n- 2\n", []string{"f.yaml:1: want a mapping"}},
		{"empty", "", []string{"empty weights file"}},
		{"bad yaml", "tempo_mg: [\n", []string{"f.yaml"}},
	}
	for _, tt := range tests {
		_, err := ParseWeights(v, "f.yaml", []byte(tt.data))
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		for _, want := range tt.want {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %q lacks %q", tt.name, err, want)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "w.yaml")
	if err := os.WriteFile(path, w.YAML(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadWeights(v, path); err != nil {
		t.Errorf("LoadWeights: %v", err)
	}
	if _, err := LoadWeights(v, path+".missing"); err == nil {
		t.Error("LoadWeights of a missing file: no error")
	}
}

func FuzzParseWeights(f *testing.F) {
	v, w := handWeights(f)
	good := string(w.YAML())
	// Seeds are pieces of a weights file, not the whole one: a whole file
	// is tens of kilobytes, which yaml.v3 under the fuzzer's
	// instrumentation parses in milliseconds, so mutations of it ran a
	// few hundred times a second, then stalled while the fuzzer
	// minimised them. Small documents run thousands of times a second
	// and reach the same paths (unknown names, wrong shapes, bounds,
	// fractions); TestWeightsFiles and TestWeightsErrors cover whole
	// files.
	var piece strings.Builder
	for i, line := range strings.SplitAfter(good, "\n") {
		if i >= 40 {
			break
		}
		piece.WriteString(line)
	}
	f.Add(piece.String())
	f.Add("tempo_mg: 1\n")
	f.Add("pst_king_eg:\n  - [1, 2]\n  - 3\n")
	f.Add(strings.Replace(piece.String(), "tempo_mg: 12", "tempo_mg: 1.5e3", 1))
	f.Add("material_pawn_mg: -3e9\n")
	f.Add("pst_king_mg:\n  - [ 0, 0 ]  # Vc6 Vd6\n  - [ 0, 0, 0 ]\n")
	f.Fuzz(func(t *testing.T, data string) {
		got, err := ParseWeights(v, "fuzz", []byte(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		back, err := ParseWeights(v, "again", got.YAML())
		if err != nil {
			t.Fatalf("accepted weights do not round-trip: %v", err)
		}
		for i, x := range back.Values() {
			if x != got.values[i] {
				t.Fatalf("%s: %v became %v", got.Names()[i], got.values[i], x)
			}
		}
	})
}

// TestLastAttackedFromScan: the evaluation's attacks (bunker links
// included) say whether the side to move's last piece of a species is
// attacked exactly as Searcher.lastPieceAttacked finds it on the board,
// so the search may take the answer from the evaluation's scan.
func TestLastAttackedFromScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, v := range variants.All {
		w, _ := DefaultWeights(v)
		s := New(w, 1)
		seen := 0
		for game := 0; game < 30; game++ {
			pos, _ := engines.ParseFEN(v, v.StartFEN)
			for ply := 0; ply < 120; ply++ {
				var f facts
				f.scan(&pos, w, false)
				want := s.lastPieceAttacked(&pos)
				if got := f.lastAttacked(pos.SideToMove()); got != want {
					t.Fatalf("%s %s: last piece attacked by the scan %v, on the board %v", v.Name, pos.FEN(), got, want)
				}
				if want {
					seen++
				}
				moves := pos.GenerateMoves(nil)
				if len(moves) == 0 || pos.Status().Result.Decisive() {
					break
				}
				pos = pos.Play(moves[rng.IntN(len(moves))])
			}
		}
		if len(v.Species) > 0 && seen < 50 {
			t.Errorf("%s: only %d positions with a last piece attacked", v.Name, seen)
		}
	}
}

// TestOptionalTerm: a term registered with featureSet.optional loads from
// a weights file without its keys, with the weights it was registered
// with, leaves the other weights as they were, and is written by YAML;
// the other keys stay required; at its registered weights it leaves the
// weights' fingerprint as it was.
func TestOptionalTerm(t *testing.T) {
	v, _ := variants.ByName("extinction")
	data, name, err := ShippedWeights(v.Name)
	if err != nil {
		t.Fatal(err)
	}
	fs := newFeatureSet(v)
	tm := fs.optional("test_term", "a term for the test", 5, -7)
	w, err := fs.parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	if w.values[tm[mg]] != 5 || w.values[tm[eg]] != -7 {
		t.Errorf("test_term weighs %v, %v; want 5, -7", w.values[tm[mg]], w.values[tm[eg]])
	}
	def, _ := DefaultWeights(v)
	for i, n := range def.Names() {
		if x, _ := w.Get(n); x != def.values[i] {
			t.Errorf("%s: %v, want %v", n, x, def.values[i])
		}
	}
	if !strings.Contains(string(w.YAML()), "\ntest_term_mg: 5\ntest_term_eg: -7\n") {
		t.Errorf("the written weights lack test_term")
	}
	// What was made with the weights before the term resumes with them.
	if w.Fingerprint() != def.Fingerprint() {
		t.Errorf("test_term at its registered weights changed the fingerprint")
	}
	vals := w.Values()
	vals[tm[eg]] = 1
	if w.WithValues(vals).Fingerprint() == def.Fingerprint() {
		t.Errorf("test_term at other weights left the fingerprint as it was")
	}
	if _, err := fs.parse("f.yaml", []byte(strings.Replace(string(data), "\ntempo_mg:", "\n#", 1))); err == nil || !strings.Contains(err.Error(), "missing feature tempo_mg") {
		t.Errorf("without tempo_mg: %v, want missing feature tempo_mg", err)
	}
}

// TestSpeciesTerms counts the species terms of one position by hand:
// 1/n^2 of each species' n pieces, own minus enemy, and the attacked
// pieces of each side weighed so, from either side to move.
func TestSpeciesTerms(t *testing.T) {
	v, _ := variants.ByName("extinction")
	w, _ := DefaultWeights(v)
	// White: two knights and two pawns, one rook; Black: two rooks, one
	// knight, one pawn. White's knight on g5 attacks Black's last pawn
	// (1); Black's queen attacks that knight and the pawn on d2, Black's
	// rook the pawn on a2 (1/4 each).
	const board = "rnbqk2r/7p/8/6N1/8/8/P2P4/RNBQK3"
	for _, tc := range []struct {
		side string
		want map[string]float64
	}{
		{"w", map[string]float64{
			"species_rook": 0.75, "species_knight": -0.75, "species_pawn": -0.75,
			"species_king": 0, "species_queen": 0, "species_bishop": 0,
			"threat_species_us": 0.75, "threat_species_them": 1,
		}},
		{"b", map[string]float64{
			"species_rook": -0.75, "species_knight": 0.75, "species_pawn": 0.75,
			"species_king": 0, "species_queen": 0, "species_bishop": 0,
			"threat_species_us": 1, "threat_species_them": 0.75,
		}},
	} {
		pos, err := engines.ParseFEN(v, board+" "+tc.side+" - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		var tr Trace
		Evaluate(&pos, w, &tr)
		dense := tr.Dense(len(w.values))
		for name, want := range tc.want {
			i, err1 := w.fs.index(name + "_mg")
			j, err2 := w.fs.index(name + "_eg")
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v, %v", name, err1, err2)
			}
			// The trace folds the phase in: p*x and (1-p)*x add up to x.
			if got := dense[i] + dense[j]; math.Abs(got-want) > 1e-12 {
				t.Errorf("%s to move: %s = %v, want %v", tc.side, name, got, want)
			}
		}
	}
}
