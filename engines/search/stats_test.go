package search

import (
	"context"
	"testing"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/variants"
)

// TestStatTable checks the counters' descriptions: each named, once, with
// a base that is a counter.
func TestStatTable(t *testing.T) {
	seen := map[string]bool{}
	for k, info := range StatTable {
		if info.Name == "" || info.Doc == "" {
			t.Errorf("counter %d: no name or doc", k)
		}
		if seen[info.Name] {
			t.Errorf("counter %q named twice", info.Name)
		}
		seen[info.Name] = true
		if info.Base >= NumStats {
			t.Errorf("counter %q: base %d is no counter", info.Name, info.Base)
		}
	}
}

// TestStatsCount searches Extinction openings and checks the counters
// against what the search reports and against each other: in a build
// with -tags searchstats, the moves counted are the nodes, each part is
// at most its whole, and the rules of Extinction's search all fire;
// without, every counter stays zero.
func TestStatsCount(t *testing.T) {
	v := variants.All[0]
	if v.Name != "extinction" {
		t.Fatalf("variants.All[0] is %s, want extinction", v.Name)
	}
	w, _ := DefaultWeights(v)
	s := New(w, 1) // a small table: entries of this search get replaced
	var all Stats
	var nodes int64
	// Without the counters one short search shows them zero.
	n, lim := 1, int64(20000)
	if StatsEnabled {
		n, lim = 4, 200000
	}
	for _, pos := range benchOpenings(v, n) {
		s.NewGame()
		r := s.Search(context.Background(), engines.NewGame(pos), limits.Limits{Nodes: lim}, nil)
		st := s.Stats()
		all.Add(&st)
		nodes += r.Nodes
		if !StatsEnabled {
			if st != (Stats{}) {
				t.Fatalf("counters without -tags searchstats: %v", st.Count)
			}
			continue
		}
		if got := st.Total(StatMoveMain) + st.Total(StatMoveQ); got != r.Nodes {
			t.Errorf("moves counted %d, nodes %d", got, r.Nodes)
		}
		if got, want := st.Total(StatNode)+st.Total(StatQNode), s.visits; got != want {
			t.Errorf("nodes and qnodes counted %d, visits %d", got, want)
		}
	}
	if !StatsEnabled {
		t.Skip("counters checked with -tags searchstats only")
	}
	// Parts at most their whole.
	for _, c := range []struct{ part, whole Stat }{
		{StatTTHit, StatTTProbe}, {StatTTDeep, StatTTHit}, {StatTTCut, StatTTDeep}, {StatTTMove, StatTTHit},
		{StatQTTHit, StatQTTProbe}, {StatQTTCut, StatQTTHit}, {StatQStandPat, StatQNode},
		{StatRFP, StatCanPrune}, {StatNullTry, StatCanPrune}, {StatNullCut, StatNullTry}, {StatNullFailCut, StatNullTry},
		{StatSingularExt, StatSingularTry}, {StatSingularNotBest, StatSingularExt},
		{StatLMR, StatSearched}, {StatLMRResearch, StatLMR}, {StatLMRConfirmed, StatLMRResearch},
		{StatPVSResearch, StatSearched}, {StatFailHighFirst, StatFailHigh}, {StatStoreQEvict, StatStoreEvict},
		{StatLastPieceWinDanger, StatLastPieceWin},
	} {
		if p, wh := all.Total(c.part), all.Total(c.whole); p > wh {
			t.Errorf("%s %d > %s %d", StatTable[c.part].Name, p, StatTable[c.whole].Name, wh)
		}
	}
	var kinds int64
	for _, k := range []Stat{StatStoreEmpty, StatStoreSame, StatStoreKept, StatStoreOld, StatStoreOther, StatStoreEvict} {
		kinds += all.Total(k)
	}
	if kinds != all.Total(StatStore) {
		t.Errorf("stores by kind %d, stores %d", kinds, all.Total(StatStore))
	}
	if all.Total(StatMoveMain) != all.Total(StatSearched) {
		t.Errorf("moves made %d, moves searched %d", all.Total(StatMoveMain), all.Total(StatSearched))
	}
	// Extinction has no check (no royal king), a new game's search meets
	// no entry of an earlier one, and a move made at a danger node that
	// leaves a last piece to take is scored by losesAtOnce (danger.lost),
	// not searched into a node that takes it: the other rules all fire.
	never := map[Stat]bool{StatCheckExt: true, StatStoreOld: true, StatLastPieceWinDanger: true}
	for k := range NumStats {
		if n := all.Total(k); n == 0 && !never[k] {
			t.Errorf("%s never counted in %d nodes", StatTable[k].Name, nodes)
		} else if n != 0 && never[k] {
			t.Errorf("%s counted %d times", StatTable[k].Name, n)
		}
	}
}
