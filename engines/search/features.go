package search

import (
	"fmt"
	"strings"
	"sync"

	"varena/engines"
)

// Feature is one term of an evaluation: eval(pos) = sum_i w_i * f_i(pos),
// from the side to move's point of view. Its Name is the key of its weight
// in engines/search/weights/<variant>.yaml, or, for one square of a piece-square
// table, the table's key, a dot and the square ("pst_knight_mg.c3",
// "pst_rook_eg.Vc1" for a bunker square).
type Feature struct {
	Name string
	Doc  string
}

// Block is a run of features registered together under one name: a single
// term (Size 1) or a whole piece-square table (one feature per square,
// Size = the board's squares). A block is one key of the weights file.
type Block struct {
	Name   string
	Doc    string
	Offset int // index of the block's first feature
	Size   int
	Table  bool // a piece-square table: feature Offset+sq is square sq, from White's view
}

var typeNames = [...]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// Phases. Every term is a middlegame/endgame pair of features: with the
// game phase p in [0, 1] computed from the material on the board (1 with
// all pieces, 0 with none), the pair of a term x is f_mg = p*x and
// f_eg = (1-p)*x, so the evaluation stays linear in its weights.
const (
	mg = iota
	eg
)

var phaseSuffix = [2]string{"_mg", "_eg"}

// term is the pair of feature indices of one term, [mg] and [eg]; for a
// table, the offsets of its two blocks. The zero term is a term the
// variant lacks: a registered one's endgame feature follows its
// middlegame one, so its index is never 0.
type term [2]int

func (t term) ok() bool { return t[eg] != 0 }

// featureSet is the registry of one variant: the feature blocks in
// weight-file order and, per concept, the indices of its term.
type featureSet struct {
	v      *engines.Variant
	blocks []Block
	list   []Feature           // every single feature, in index order
	types  []engines.PieceType // the orthodox piece types of the variant, pawn first
	// fairyTypes are the variant's own types (FirstFairy on), which the
	// evaluation's pass finds by PiecesOf and FairyTargets; allTypes is
	// types then fairyTypes, for the loops that need no board lookup.
	fairyTypes []engines.PieceType
	allTypes   []engines.PieceType
	names      [engines.NumPieceTypes]string // each type's name in feature keys
	byName     map[string]int                // block name -> index in blocks
	// defaults: block index -> weight, for the blocks of optional terms,
	// which a weights file may leave out.
	defaults map[int]float64

	tempo      term
	material   [engines.NumPieceTypes]term
	pst        [engines.NumPieceTypes]term
	mobility   [engines.NumPieceTypes]term
	last       [engines.NumPieceTypes]term // species with a single piece left
	threatUs   term                        // own last-of-species pieces attacked
	threatThem term                        // enemy last-of-species pieces attacked
	// A species' nearness to extinction at any count, not only at one
	// piece: 1/n^2 of its n pieces, and the same weighed per attacked
	// piece (see speciesWeight).
	species           [engines.NumPieceTypes]term
	threatSpeciesUs   term // own species pieces attacked, each 1/n^2
	threatSpeciesThem term // enemy species pieces attacked, each 1/n^2
	bunkerOwn         term // pieces in their own side's bunker
	bunkerEnemy       term // pieces in the enemy's bunker
	evoSteps          term // evolutions left before queen (Evolution)
	kingDanger        term // squares next to the king that the enemy attacks
	checksLeft        term // checks the enemy must still give, less ours (CheckCounting)

	// tableSquare maps a colour's square to the square of the table, which
	// is written from White's view: identity for White, the setup's
	// colour-reversing symmetry for Black (see mirrorOf).
	tableSquare [2][64]uint8
	// rows is the layout of a table in the weights file: the main board's
	// ranks top first, then one row per rank that has bunker squares, top
	// first; each row lists squares by file.
	rows       [][]engines.Square
	mirrorName string // the symmetry of tableSquare[Black]
	// ownBunker[c] is the bunker on c's half of the board.
	ownBunker [2]engines.Bitboard
	// links: the board has bunker links (Geometry.Link), which a piece's
	// attacks then include; without them the evaluation skips the lookup.
	links bool

	// The game phase: sum of phaseWeight over the pieces on the board,
	// divided by phaseTotal (its value at the start), capped at 1.
	phaseWeight [engines.NumPieceTypes]float64
	phaseTotal  float64
	phaseScale  float64 // 1/phaseTotal, 0 when phaseTotal is 0
}

// phaseWeights is how much a piece counts toward the middlegame, as most
// engines count it: pawns and kings nothing, minor pieces 1, rooks 2,
// queens 4.
var phaseWeights = [engines.NumPieceTypes]float64{engines.Knight: 1, engines.Bishop: 1, engines.Rook: 2, engines.Queen: 4}

// evolutionPhaseWeights: in Evolution every move makes a piece stronger,
// so weighting by type would push the phase up as the game goes on; there
// the number of pieces left measures how far the game is.
var evolutionPhaseWeights = [engines.NumPieceTypes]float64{engines.Knight: 1, engines.Bishop: 1, engines.Rook: 1, engines.Queen: 1}

// add registers a block of size features and returns its offset.
func (fs *featureSet) add(name, doc string, size int, table bool) int {
	if _, dup := fs.byName[name]; dup {
		panic("search: feature " + name + " registered twice") // a registry bug
	}
	off := len(fs.list)
	fs.byName[name] = len(fs.blocks)
	fs.blocks = append(fs.blocks, Block{Name: name, Doc: doc, Offset: off, Size: size, Table: table})
	if !table {
		fs.list = append(fs.list, Feature{name, doc})
		return off
	}
	g := fs.v.Geometry
	for sq := 0; sq < size; sq++ {
		s := engines.Square(sq)
		fs.list = append(fs.list, Feature{name + "." + g.SquareName(s), doc + ", on " + g.SquareName(s)})
	}
	return off
}

// pair registers the middlegame and endgame features of a term, name_mg
// and name_eg, keys every weights file of the variant must hold.
func (fs *featureSet) pair(name, doc string) term {
	return term{
		fs.add(name+phaseSuffix[mg], doc+" (middlegame)", 1, false),
		fs.add(name+phaseSuffix[eg], doc+" (endgame)", 1, false),
	}
}

// optional registers a term as pair does, whose keys a weights file may
// leave out: its weights are then mgWeight and egWeight. A new term
// registered so (with weights 0 it changes no evaluation) needs no edit
// of the weights files; the tuner writes its keys.
func (fs *featureSet) optional(name, doc string, mgWeight, egWeight float64) term {
	tm := fs.pair(name, doc)
	if fs.defaults == nil {
		fs.defaults = map[int]float64{}
	}
	fs.defaults[len(fs.blocks)-2] = mgWeight
	fs.defaults[len(fs.blocks)-1] = egWeight
	return tm
}

// table registers the middlegame and endgame piece-square tables of a term.
func (fs *featureSet) table(name, doc string) term {
	n := fs.v.Geometry.NumSquares()
	return term{
		fs.add(name+phaseSuffix[mg], doc+" (middlegame)", n, true),
		fs.add(name+phaseSuffix[eg], doc+" (endgame)", n, true),
	}
}

// newFeatureSet lists the features that matter in v.
func newFeatureSet(v *engines.Variant) *featureSet {
	fs := &featureSet{v: v, byName: map[string]int{}}
	fs.layout()
	fs.links = v.HasBunkers()

	for t := engines.Pawn; t <= engines.King; t++ {
		if v.HasPiece(t) {
			fs.types = append(fs.types, t)
		}
	}
	for i := range v.Fairy {
		fs.fairyTypes = append(fs.fairyTypes, engines.FirstFairy+engines.PieceType(i))
	}
	fs.allTypes = append(append([]engines.PieceType(nil), fs.types...), fs.fairyTypes...)
	fs.nameTypes()
	names := &fs.names
	fs.tempo = fs.pair("tempo", "bonus for the side to move")
	for _, t := range fs.allTypes {
		fs.material[t] = fs.pair("material_"+names[t], names[t]+"s, own minus enemy")
	}
	for _, t := range fs.allTypes {
		fs.mobility[t] = fs.pair("mobility_"+names[t], "squares the "+names[t]+"s can move to, own minus enemy")
	}
	for _, t := range v.Species {
		fs.last[t] = fs.pair("last_"+names[t], "the "+names[t]+" species has a single piece left (own minus enemy): its loss loses the game")
	}
	if len(v.Species) > 0 {
		fs.threatUs = fs.pair("threat_last_us", "own last-of-species pieces attacked by the enemy")
		fs.threatThem = fs.pair("threat_last_them", "enemy last-of-species pieces attacked by us")
		// Optional, 0 by default: a weights file that has them turns them
		// on; the rest evaluate as before.
		for _, t := range v.Species {
			fs.species[t] = fs.optional("species_"+names[t], "1/n^2 of the n pieces of the "+names[t]+" species, own minus enemy: a species' nearness to extinction", 0, 0)
		}
		fs.threatSpeciesUs = fs.optional("threat_species_us", "own pieces of a species attacked by the enemy, each 1/n^2 of its species' n pieces", 0, 0)
		fs.threatSpeciesThem = fs.optional("threat_species_them", "enemy pieces of a species attacked by us, each 1/n^2 of its species' n pieces", 0, 0)
	}
	if v.HasBunkers() {
		fs.bunkerOwn = fs.pair("bunker_own", "pieces in their own side's bunker, own minus enemy")
		fs.bunkerEnemy = fs.pair("bunker_enemy", "pieces in the enemy's bunker, own minus enemy")
	}
	if v.Evolution {
		fs.evoSteps = fs.pair("evolution_steps", "evolutions left before each piece is a queen, own minus enemy")
	}
	if v.Check {
		fs.kingDanger = fs.pair("king_danger", "squares next to the own king attacked by the enemy, own minus enemy")
	}
	if v.CheckCounting {
		fs.checksLeft = fs.pair("checks_left", "checks the enemy must still give to win, less those we must")
	}
	for _, t := range fs.allTypes {
		fs.pst[t] = fs.table("pst_"+names[t], names[t]+" on the square (White's view; Black's squares mirrored), own minus enemy")
	}

	fs.phaseWeight = phaseWeights
	if v.Evolution {
		fs.phaseWeight = evolutionPhaseWeights
	}
	// A variant's own piece counts toward the middlegame as a minor piece.
	for _, t := range fs.fairyTypes {
		fs.phaseWeight[t] = 1
	}
	start, err := engines.ParseFEN(v, v.StartFEN)
	if err != nil {
		panic(fmt.Sprintf("search: %s: start position: %v", v.Name, err)) // NewVariant validated it
	}
	fs.phaseTotal = fs.phaseSum(&start)
	if fs.phaseTotal > 0 {
		fs.phaseScale = 1 / fs.phaseTotal
	}
	return fs
}

// phaseSum is the material that counts toward the phase in pos.
func (fs *featureSet) phaseSum(pos *engines.Position) float64 {
	s := 0.0
	for t := engines.Knight; t <= engines.Queen; t++ {
		s += fs.phaseWeight[t] * float64(pos.ByType(t).Count())
	}
	for _, t := range fs.fairyTypes {
		s += fs.phaseWeight[t] * float64(pos.AnyType(t).Count())
	}
	return s
}

// nameTypes names each type of the variant in its feature keys: the
// orthodox names, and a variant's own piece by its name, lower case, with
// anything but letters and digits as '_' (then its letter too, should that
// name a type already).
func (fs *featureSet) nameTypes() {
	taken := map[string]bool{}
	for _, t := range fs.types {
		fs.names[t] = typeNames[t]
		taken[typeNames[t]] = true
	}
	for i, fp := range fs.v.Fairy {
		t := engines.FirstFairy + engines.PieceType(i)
		name := []byte(strings.ToLower(fp.Name))
		for k, c := range name {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
				name[k] = '_'
			}
		}
		n := string(name)
		if n == "" || taken[n] {
			n += "_" + strings.ToLower(string(fp.Letter))
		}
		fs.names[t] = n
		taken[n] = true
	}
}

// layout derives the table rows, Black's table squares and the bunkers of
// each side from the geometry.
func (fs *featureSet) layout() {
	v := fs.v
	g := v.Geometry
	type key struct {
		bunker     bool
		file, rank int
	}
	at := map[key]engines.Square{}
	for sq := 0; sq < g.NumSquares(); sq++ {
		s := engines.Square(sq)
		at[key{g.IsBunker(s), g.File(s), g.Rank(s)}] = s
	}
	for _, bunker := range []bool{false, true} {
		for r := g.Ranks() - 1; r >= 0; r-- {
			var row []engines.Square
			for f := 0; f < g.Files(); f++ {
				if s, ok := at[key{bunker, f, r}]; ok {
					row = append(row, s)
				}
			}
			if len(row) > 0 {
				fs.rows = append(fs.rows, row)
			}
		}
	}
	for sq := 0; sq < g.NumSquares(); sq++ {
		s := engines.Square(sq)
		if g.IsBunker(s) {
			if g.Rank(s) < g.Ranks()/2 {
				fs.ownBunker[engines.White] |= engines.SquareBB(s)
			} else {
				fs.ownBunker[engines.Black] |= engines.SquareBB(s)
			}
		}
	}
	mirror, name := mirrorOf(v, func(bunker bool, f, r int) (engines.Square, bool) {
		s, ok := at[key{bunker, f, r}]
		return s, ok
	})
	fs.mirrorName = name
	for sq := 0; sq < g.NumSquares(); sq++ {
		fs.tableSquare[engines.White][sq] = uint8(sq)
		fs.tableSquare[engines.Black][sq] = uint8(mirror[sq])
	}
}

// symmetries are the candidate maps of a square (file, rank) to the square
// that plays its role for the other side: the rank mirror of orthodox
// set-ups facing north and south, then the point reflection through the
// centre for set-ups facing east and west (Evolution: White's king on a1,
// Black's on g6). The first that maps the variant's start position onto
// itself with the colours swapped is the variant's.
var symmetries = []struct {
	name string
	f    func(files, ranks, f, r int) (int, int)
}{
	{"rank mirror", func(files, ranks, f, r int) (int, int) { return f, ranks - 1 - r }},
	{"point reflection", func(files, ranks, f, r int) (int, int) { return files - 1 - f, ranks - 1 - r }},
	// Side by side, facing the same way (racing kings: both race to the
	// last rank).
	{"file mirror", func(files, ranks, f, r int) (int, int) { return files - 1 - f, r }},
}

// mirrorOf returns, per square, Black's table square: the square White's
// piece would stand on in the colour-reversed position.
func mirrorOf(v *engines.Variant, at func(bunker bool, f, r int) (engines.Square, bool)) ([64]engines.Square, string) {
	g := v.Geometry
	start, err := engines.ParseFEN(v, v.StartFEN)
	if err != nil {
		panic(fmt.Sprintf("search: %s: start position: %v", v.Name, err)) // NewVariant validated it
	}
	for _, sym := range symmetries {
		var m [64]engines.Square
		ok := true
		for sq := 0; sq < g.NumSquares() && ok; sq++ {
			s := engines.Square(sq)
			f, r := sym.f(g.Files(), g.Ranks(), g.File(s), g.Rank(s))
			m[sq], ok = at(g.IsBunker(s), f, r)
		}
		for sq := 0; sq < g.NumSquares() && ok; sq++ {
			p := start.PieceAt(engines.Square(sq))
			q := start.PieceAt(m[sq])
			if p == engines.NoPiece {
				ok = q == engines.NoPiece
			} else {
				ok = q != engines.NoPiece && q.Type() == p.Type() && q.Color() != p.Color()
			}
		}
		if ok {
			return m, sym.name
		}
	}
	// A start position of unequal armies (horde, a file's peasant revolt
	// or microchess) has no symmetry: the rank mirror is then the best
	// guess of the square that plays a square's role for Black, on a
	// board whose sides face north and south. Any variant a file loads
	// may be such, so this is no error.
	var m [64]engines.Square
	for sq := 0; sq < g.NumSquares(); sq++ {
		s := engines.Square(sq)
		if r, ok := at(g.IsBunker(s), g.File(s), g.Ranks()-1-g.Rank(s)); ok {
			m[sq] = r
		} else {
			m[sq] = s
		}
	}
	return m, "rank mirror (the start position has none)"
}

// Features returns the evaluation features of v, one per weight, in
// weight-file order; a table contributes one feature per square.
func Features(v *engines.Variant) []Feature {
	return append([]Feature(nil), featureSetOf(v).list...)
}

// Blocks returns the feature blocks of v (the keys of its weights file) in
// order.
func Blocks(v *engines.Variant) []Block {
	return append([]Block(nil), featureSetOf(v).blocks...)
}

var (
	featureSetsMu sync.Mutex
	featureSets   = map[*engines.Variant]*featureSet{}
)

// featureSetOf returns the registry of v, built once.
func featureSetOf(v *engines.Variant) *featureSet {
	featureSetsMu.Lock()
	defer featureSetsMu.Unlock()
	fs, ok := featureSets[v]
	if !ok {
		fs = newFeatureSet(v)
		featureSets[v] = fs
	}
	return fs
}

// index returns the index of the named single feature ("tempo_mg",
// "pst_knight_mg.c3").
func (fs *featureSet) index(name string) (int, error) {
	if b, ok := fs.byName[name]; ok && !fs.blocks[b].Table {
		return fs.blocks[b].Offset, nil
	}
	for i, f := range fs.list {
		if f.Name == name {
			return i, nil
		}
	}
	return -1, fmt.Errorf("unknown feature %q", name)
}
