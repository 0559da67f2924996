package search

import "varena/engines"

// The search's counters: how often each pruning, reduction and extension
// rule fires, how often one of them turns out wrong where the search
// itself finds out (a reduced move re-searched, a null move that failed),
// and what the hash table does. They are for measurement (varena measure,
// docs/strength.md), counted only in a build with -tags searchstats:
// elsewhere statsOn is a false constant, every "if statsOn" is compiled
// away, and the search pays nothing.

// Stat names one counter.
type Stat uint8

// The counters. A comment names the count the counter is a share of
// (its base in StatTable), when it has one.
const (
	StatNode               Stat = iota // main-search nodes (negamax with depth left), by depth
	StatQNode                          // quiescence nodes
	StatMoveMain                       // moves made in the main search (nodes as "go nodes" counts them)
	StatMoveQ                          // moves made in quiescence
	StatTTProbe                        // hash probes of main-search nodes
	StatTTHit                          // of StatTTProbe: an entry of the position
	StatTTDeep                         // of StatTTHit: deep enough for a cutoff
	StatTTCut                          // of StatTTHit: the entry settled the node
	StatTTMove                         // of StatTTHit: the entry has a move
	StatQTTProbe                       // hash probes in quiescence
	StatQTTHit                         // of StatQTTProbe: an entry of the position
	StatQTTCut                         // of StatQTTHit: the entry settled the node
	StatQStandPat                      // of StatQNode: the static score stood (>= beta)
	StatQDelta                         // captures dropped by delta pruning
	StatQSEE                           // captures dropped for losing by static exchange
	StatStore                          // hash stores
	StatStoreEmpty                     // of StatStore: into an empty slot
	StatStoreSame                      // of StatStore: over the same position's entry
	StatStoreKept                      // of StatStore: refused, the same position's entry of this search is deeper
	StatStoreOld                       // of StatStore: over another position's entry of an earlier search
	StatStoreOther                     // of StatStore: over another position's entry of this search, not deeper than the new one
	StatStoreEvict                     // of StatStore: over another position's deeper entry of this search, by depth of the lost entry
	StatStoreQEvict                    // of StatStoreEvict: the new entry is quiescence's (depth 0)
	StatLastPieceWin                   // of StatNode: a capture of a last piece ends the node
	StatLastPieceWinDanger             // of StatLastPieceWin: the move before it was made at a node with a last piece attacked (danger), and left a last piece to take
	StatCheckExt                       // of StatNode: in check, a ply deeper
	StatDangerExt                      // of StatNode: a last piece attacked, a ply deeper
	StatCanPrune                       // of StatNode: a node where reverse futility and the null move may prune
	StatRFP                            // of StatCanPrune: reverse futility returned
	StatNullTry                        // of StatCanPrune: a null move searched
	StatNullCut                        // of StatNullTry: it failed high, the node returned
	StatNullFailCut                    // of StatNullTry: it failed low, and a real move then failed high (the pass saw a threat that was not there)
	StatIIR                            // of StatNode: internal iterative reduction
	StatSingularTry                    // of StatNode: a singular search
	StatSingularExt                    // of StatSingularTry: the hash move was singular, extended
	StatSingularNotBest                // of StatSingularExt: the extended move was not the node's best in the end
	StatFutileNode                     // of StatNode: a node where futility prunes quiet moves
	StatFutility                       // moves pruned by futility
	StatLMP                            // moves pruned by late-move pruning
	StatHistoryPrune                   // moves pruned by their history
	StatSEEQuiet                       // quiet moves pruned by static exchange
	StatSEECapture                     // captures pruned by static exchange
	StatDangerLost                     // moves at a danger node scored lost unsearched: they leave a last piece to take (losesAtOnce)
	StatSearched                       // moves searched in the main search
	StatLMR                            // of StatSearched: searched reduced first
	StatLMRPlies                       // plies taken off by those reductions
	StatLMRResearch                    // of StatLMR: the reduced search beat alpha, searched again at full depth
	StatLMRConfirmed                   // of StatLMRResearch: the full-depth search beat alpha too (the reduction would have hidden the move)
	StatPVSResearch                    // of StatSearched: a null-window search landed inside the window, searched again with it
	StatFailHigh                       // of StatNode: nodes that failed high
	StatFailHighFirst                  // of StatFailHigh: on the first move searched
	StatFailLow                        // of StatNode: nodes where no move beat alpha
	StatAspLow                         // root: an aspiration window failed low, by iteration depth
	StatAspHigh                        // root: an aspiration window failed high, by iteration depth
	NumStats                           // the number of counters
)

// StatDepths is how many depths the counters keep apart: depth d is
// counted under min(d, StatDepths-1), quiescence under 0.
const StatDepths = 16

// StatInfo describes a counter: its name, what it counts, and the counter
// it is a share of (Base; the counter itself when it is none).
type StatInfo struct {
	Name string
	Doc  string
	Base Stat
}

// StatTable describes every counter, in Stat order.
var StatTable = [NumStats]StatInfo{
	StatNode:               {"node", "main-search nodes (negamax with depth left)", StatNode},
	StatQNode:              {"qnode", "quiescence nodes", StatQNode},
	StatMoveMain:           {"move.main", "moves made in the main search", StatMoveMain},
	StatMoveQ:              {"move.q", "moves made in quiescence", StatMoveQ},
	StatTTProbe:            {"tt.probe", "hash probes of main-search nodes", StatTTProbe},
	StatTTHit:              {"tt.hit", "an entry of the position", StatTTProbe},
	StatTTDeep:             {"tt.deep", "the entry deep enough for a cutoff", StatTTHit},
	StatTTCut:              {"tt.cut", "the entry settled the node", StatTTHit},
	StatTTMove:             {"tt.move", "the entry has a move", StatTTHit},
	StatQTTProbe:           {"qtt.probe", "hash probes in quiescence", StatQTTProbe},
	StatQTTHit:             {"qtt.hit", "an entry of the position", StatQTTProbe},
	StatQTTCut:             {"qtt.cut", "the entry settled the node", StatQTTHit},
	StatQStandPat:          {"q.standpat", "the static score stood", StatQNode},
	StatQDelta:             {"q.delta", "captures dropped by delta pruning", StatQDelta},
	StatQSEE:               {"q.see", "captures dropped by static exchange", StatQSEE},
	StatStore:              {"store", "hash stores", StatStore},
	StatStoreEmpty:         {"store.empty", "into an empty slot", StatStore},
	StatStoreSame:          {"store.same", "over the same position's entry", StatStore},
	StatStoreKept:          {"store.kept", "refused: the same position's entry is deeper", StatStore},
	StatStoreOld:           {"store.old", "over another position's entry of an earlier search", StatStore},
	StatStoreOther:         {"store.other", "over another position's entry, not deeper", StatStore},
	StatStoreEvict:         {"store.evict", "over another position's deeper entry (by its depth)", StatStore},
	StatStoreQEvict:        {"store.qevict", "the same, by a quiescence entry", StatStoreEvict},
	StatLastPieceWin:       {"lastpiece.win", "a capture of a last piece ends the node", StatNode},
	StatLastPieceWinDanger: {"lastpiece.danger", "the move before was made with a last piece attacked (danger)", StatLastPieceWin},
	StatCheckExt:           {"ext.check", "in check: a ply deeper", StatNode},
	StatDangerExt:          {"ext.danger", "a last piece attacked: a ply deeper", StatNode},
	StatCanPrune:           {"canprune", "reverse futility and null move allowed", StatNode},
	StatRFP:                {"rfp", "reverse futility returned", StatCanPrune},
	StatNullTry:            {"null.try", "a null move searched", StatCanPrune},
	StatNullCut:            {"null.cut", "the null move failed high", StatNullTry},
	StatNullFailCut:        {"null.failcut", "failed low, then a real move failed high", StatNullTry},
	StatIIR:                {"iir", "internal iterative reduction", StatNode},
	StatSingularTry:        {"singular.try", "a singular search", StatNode},
	StatSingularExt:        {"singular.ext", "the hash move singular: extended", StatSingularTry},
	StatSingularNotBest:    {"singular.notbest", "the extended move not best in the end", StatSingularExt},
	StatFutileNode:         {"futile.node", "a node where futility prunes", StatNode},
	StatFutility:           {"prune.futility", "moves pruned by futility", StatSearched},
	StatLMP:                {"prune.lmp", "moves pruned by late-move pruning", StatSearched},
	StatHistoryPrune:       {"prune.history", "moves pruned by history", StatSearched},
	StatSEEQuiet:           {"prune.seequiet", "quiet moves pruned by static exchange", StatSearched},
	StatSEECapture:         {"prune.seecapture", "captures pruned by static exchange", StatSearched},
	StatDangerLost:         {"danger.lost", "moves scored lost unsearched: a last piece left to take", StatSearched},
	StatSearched:           {"searched", "moves searched in the main search", StatSearched},
	StatLMR:                {"lmr", "searched reduced first", StatSearched},
	StatLMRPlies:           {"lmr.plies", "plies taken off by the reductions", StatLMR},
	StatLMRResearch:        {"lmr.research", "reduced search beat alpha: full depth again", StatLMR},
	StatLMRConfirmed:       {"lmr.confirmed", "the full-depth search beat alpha too", StatLMRResearch},
	StatPVSResearch:        {"pvs.research", "null window inside the window: searched again", StatSearched},
	StatFailHigh:           {"failhigh", "nodes that failed high", StatNode},
	StatFailHighFirst:      {"failhigh.first", "on the first move searched", StatFailHigh},
	StatFailLow:            {"faillow", "nodes where no move beat alpha", StatNode},
	StatAspLow:             {"asp.low", "root window failed low (by iteration)", StatAspLow},
	StatAspHigh:            {"asp.high", "root window failed high (by iteration)", StatAspHigh},
}

// Stats are the counters of one search, each by depth.
type Stats struct {
	Count [NumStats][StatDepths]int64
}

// Total returns counter k summed over the depths.
func (st *Stats) Total(k Stat) int64 {
	var n int64
	for _, c := range st.Count[k] {
		n += c
	}
	return n
}

// Add adds o's counts to st.
func (st *Stats) Add(o *Stats) {
	for k := range st.Count {
		for d := range st.Count[k] {
			st.Count[k][d] += o.Count[k][d]
		}
	}
}

// StatsEnabled reports whether this build counts (-tags searchstats);
// without it every counter stays zero.
const StatsEnabled = statsOn

// countLastPieceWin counts a node won by taking a last piece, and apart
// those whose parent was in danger.
func (s *Searcher) countLastPieceWin(ply, depth int) {
	if !statsOn {
		return
	}
	s.count(StatLastPieceWin, depth, 1)
	if ply > 0 && s.statsPly[ply-1].danger {
		s.count(StatLastPieceWinDanger, depth, 1)
	}
}

// noteDanger records, for the counters of the children, whether the side
// to move at ply has a last piece attacked.
func (s *Searcher) noteDanger(ply int, danger bool) {
	if statsOn {
		s.statsPly[ply].danger = danger
	}
}

// statsPly is what the counters keep per ply of the search path.
type statsPly struct {
	danger bool // the node's side to move had a last piece attacked
}

// Stats returns the counters of the last search (since Search or
// Quiesce began); all zero unless StatsEnabled.
func (s *Searcher) Stats() Stats { return s.stats }

// count adds n to counter k at depth d. Without statsOn it is empty, and
// so is its call once inlined.
func (s *Searcher) count(k Stat, d int, n int64) {
	if statsOn {
		s.stats.Count[k][max(0, min(d, StatDepths-1))] += n
	}
}

// countStore classifies a store of key at depth with bound by the slot
// table.slotFor picks for it and the entry it meets there, before
// table.store writes it (or not).
func (s *Searcher) countStore(key uint64, depth int, bound uint8) {
	if !statsOn {
		return
	}
	_, e, place := s.tt.slotFor(key, depth, bound, s.reuseTT)
	s.count(StatStore, depth, 1)
	switch {
	case place == placeEmpty:
		s.count(StatStoreEmpty, depth, 1)
	case place == placeKept:
		s.count(StatStoreKept, depth, 1)
	case place == placeSame:
		s.count(StatStoreSame, depth, 1)
	case place == placeOld:
		s.count(StatStoreOld, depth, 1)
	case int(e.depth) > depth:
		s.count(StatStoreEvict, int(e.depth), 1)
		if depth == 0 {
			s.count(StatStoreQEvict, int(e.depth), 1)
		}
	default:
		s.count(StatStoreOther, depth, 1)
	}
}

// HashFull returns the permille of the hash table's slots that hold an
// entry of the last search, from its first thousand slots (as UCI
// "hashfull" reports it).
func (s *Searcher) HashFull() int {
	t := s.tt
	n := min(1000/bucketSlots, len(t.buckets))
	used := 0
	for i := range t.buckets[:n] {
		for j := range t.buckets[i] {
			if e := t.buckets[i][j].load(); e.bound != boundNone && e.gen == t.gen {
				used++
			}
		}
	}
	return used * 1000 / (n * bucketSlots)
}

// countHit counts a hash hit e at a node of depth.
func (s *Searcher) countHit(e *ttEntry, depth int) {
	if !statsOn {
		return
	}
	s.count(StatTTHit, depth, 1)
	if int(e.depth) >= depth {
		s.count(StatTTDeep, depth, 1)
	}
	if e.move != engines.NullMove {
		s.count(StatTTMove, depth, 1)
	}
}

// countFailHigh counts a node of depth that failed high on its
// searched-th move searched (from 1); nullFailed: its null move had
// failed low.
func (s *Searcher) countFailHigh(depth, searched int, nullFailed bool) {
	if !statsOn {
		return
	}
	s.count(StatFailHigh, depth, 1)
	if searched == 1 {
		s.count(StatFailHighFirst, depth, 1)
	}
	if nullFailed {
		s.count(StatNullFailCut, depth, 1)
	}
}

// countQPrune counts a capture quiescence drops: by delta pruning when
// delta, else by static exchange.
func (s *Searcher) countQPrune(delta bool) {
	if delta {
		s.count(StatQDelta, 0, 1)
	} else {
		s.count(StatQSEE, 0, 1)
	}
}
