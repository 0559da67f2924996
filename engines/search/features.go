package search

import (
	"fmt"
	"sync"

	"varena/engines"
)

// Feature is one term of an evaluation: eval(pos) = sum_i w_i * f_i(pos),
// from the side to move's point of view. Its Name is the key of its weight
// in configs/weights/<variant>.yaml.
type Feature struct {
	Name string
	Doc  string
}

var typeNames = [...]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// featureSet is the registry of one variant: the features in weight-file
// order and, per concept, the index of its feature (-1: absent).
type featureSet struct {
	list        []Feature
	tempo       int
	material    [engines.King + 1]int
	mobility    [engines.King + 1]int
	center      [engines.King + 1]int
	advance     [engines.King + 1]int
	last        [engines.King + 1]int // species with a single piece left
	threatUs    int                   // own last-of-species pieces attacked
	threatThem  int                   // enemy last-of-species pieces attacked
	bunkerOwn   int                   // pieces in their own side's bunker
	bunkerEnemy int                   // pieces in the enemy's bunker
	evoSteps    int                   // evolutions left before queen (Evolution)
	kingDanger  int                   // squares next to the king that the enemy attacks
}

// newFeatureSet lists the features that matter in v.
func newFeatureSet(v *engines.Variant) *featureSet {
	fs := &featureSet{}
	add := func(name, doc string) int {
		fs.list = append(fs.list, Feature{name, doc})
		return len(fs.list) - 1
	}
	none := func(a *[engines.King + 1]int) {
		for i := range a {
			a[i] = -1
		}
	}
	none(&fs.material)
	none(&fs.mobility)
	none(&fs.center)
	none(&fs.advance)
	none(&fs.last)
	fs.tempo = add("tempo", "bonus for the side to move")
	for t := engines.Pawn; t <= engines.King; t++ {
		if v.HasPiece(t) {
			n := typeNames[t]
			fs.material[t] = add("material_"+n, "pieces of the type, own minus enemy")
		}
	}
	for t := engines.Pawn; t <= engines.King; t++ {
		if v.HasPiece(t) {
			n := typeNames[t]
			fs.mobility[t] = add("mobility_"+n, "squares the type's pieces can move to, own minus enemy")
			fs.center[t] = add("center_"+n, "centrality (steps from the nearest edge) of the type's pieces, own minus enemy")
			fs.advance[t] = add("advance_"+n, "ranks advanced from the own back rank, own minus enemy")
		}
	}
	fs.threatUs, fs.threatThem, fs.bunkerOwn, fs.bunkerEnemy, fs.evoSteps, fs.kingDanger = -1, -1, -1, -1, -1, -1
	for _, t := range v.Species {
		fs.last[t] = add("last_"+typeNames[t], "the species has a single piece left (own minus enemy): its loss loses the game")
	}
	if len(v.Species) > 0 {
		fs.threatUs = add("threat_last_us", "own last-of-species pieces attacked by the enemy")
		fs.threatThem = add("threat_last_them", "enemy last-of-species pieces attacked by us")
	}
	if v.HasBunkers() {
		fs.bunkerOwn = add("bunker_own", "pieces in their own side's bunker, own minus enemy")
		fs.bunkerEnemy = add("bunker_enemy", "pieces in the enemy's bunker, own minus enemy")
	}
	if v.Evolution {
		fs.evoSteps = add("evolution_steps", "evolutions left before each piece is a queen, own minus enemy")
	}
	if v.Check {
		fs.kingDanger = add("king_danger", "squares next to the own king attacked by the enemy, own minus enemy")
	}
	if len(fs.list) > maxFeatures {
		panic(fmt.Sprintf("search: %s has %d features, more than %d", v.Name, len(fs.list), maxFeatures)) // a registry bug
	}
	return fs
}

// maxFeatures bounds a registry, so Evaluate can keep features in a fixed
// array on the stack.
const maxFeatures = 64

// Features returns the evaluation features of v, in weight-file order.
func Features(v *engines.Variant) []Feature {
	return append([]Feature(nil), featureSetOf(v).list...)
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

func (fs *featureSet) index(name string) (int, error) {
	for i, f := range fs.list {
		if f.Name == name {
			return i, nil
		}
	}
	return -1, fmt.Errorf("unknown feature %q", name)
}
