package search

import (
	"context"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/wide"
	"varena/engines/widesearch"
)

// A variant of the general rules engine (engines.Variant.Wide: boards
// over 64 squares, hoppers, lame leapers, mobility regions) is searched
// by package widesearch, on the rules engine's own positions: its
// Weights hold that package's evaluation, and Searcher.Search hands such
// a game to a widesearch.Searcher of its own, made on first use with the
// same hash size. Its Limits, Info and Result map one to one (the same
// mate scores); it searches with one thread.

// wideWeights returns the default weights of a wide variant:
// widesearch's evaluation derived from its rules (no weights file is
// shipped for these variants; ParseWeights reads a tuned one).
func wideWeights(v *engines.Variant) *Weights {
	return &Weights{variant: v, wide: widesearch.DefaultEval(v.Wide())}
}

// searchWide is Search of a game of a wide variant.
func (s *Searcher) searchWide(ctx context.Context, game *engines.Game, lim limits.Limits, info func(Info)) Result {
	s.wideSearcher(game.Position().Variant())
	wl := widesearch.Limits{Depth: lim.Depth, Nodes: lim.Nodes, MoveTime: lim.MoveTime,
		WTime: lim.WTime, BTime: lim.BTime, WInc: lim.WInc, BInc: lim.BInc,
		MovesToGo: lim.MovesToGo, Infinite: lim.Infinite}
	for _, m := range lim.SearchMoves {
		wl.SearchMoves = append(wl.SearchMoves, wide.Move(m))
	}
	var winfo func(widesearch.Info)
	if info != nil {
		winfo = func(i widesearch.Info) {
			info(Info{Depth: i.Depth, SelDepth: i.SelDepth, Score: i.Score, Nodes: i.Nodes, Time: i.Time, PV: narrowMoves(i.PV)})
		}
	}
	r := s.ws.Search(ctx, game.Wide(), wl, winfo)
	return Result{Move: engines.Move(r.Move), Score: r.Score, Depth: r.Depth, Nodes: r.Nodes, Time: r.Time, PV: narrowMoves(r.PV)}
}

// wideSearcher readies s.ws for a position of v: made on first use, with
// the searcher's weights when they are v's.
func (s *Searcher) wideSearcher(v *engines.Variant) {
	if s.ws == nil {
		s.ws = widesearch.New(s.hashMB)
	}
	if s.w != nil && s.w.wide != nil && s.w.variant == v && s.wsEval != s.w.wide {
		s.ws.SetEval(s.w.wide)
		s.wsEval = s.w.wide
	}
}

// narrowMoves returns wide moves as the engines.Moves that hold them.
func narrowMoves(ms []wide.Move) []engines.Move {
	if ms == nil {
		return nil
	}
	out := make([]engines.Move, len(ms))
	for i, m := range ms {
		out[i] = engines.Move(m)
	}
	return out
}
