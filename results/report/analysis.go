package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// Endings of games as the report groups them, in the order of the
// stacked bars: first the ends by the rules, then those decided outside
// the board, faults last.
var endings = []string{
	"extinction / mate",
	"draw by rule",
	"resignation",
	"adjudication: draw",
	"adjudication: resign",
	"max plies",
	"time forfeit",
	"engine crash",
	"illegal move",
	"protocol error",
	"other",
}

// endingOf puts a game's termination into one of endings. The arena
// records adjudications and faults with a reason in words; the kind is
// read back from it.
func endingOf(g results.Game) string {
	switch g.Termination {
	case results.TermExtinction, results.TermCheckmate:
		return "extinction / mate"
	case results.TermStalemate, results.TermRepetition, results.TermFiftyMoves, results.TermInsufficient:
		return "draw by rule"
	case results.TermResignation:
		return "resignation"
	case results.TermAdjudication:
		switch {
		case strings.Contains(g.Reason, "maximum length"):
			return "max plies"
		case strings.Contains(g.Reason, "resign"):
			return "adjudication: resign"
		}
		return "adjudication: draw"
	case results.TermTimeForfeit:
		return "time forfeit"
	case results.TermStall:
		return "stall"
	case results.TermEngineCrash:
		// An engine's protocol error is recorded as a disconnect (an
		// engine crash); its reason names the kind (player.Fault's text).
		if strings.Contains(g.Reason, "protocol error") {
			return "protocol error"
		}
		return "engine crash"
	case results.TermIllegalMove:
		return "illegal move"
	}
	return "other"
}

// fault is a game lost by a player fault.
type fault struct {
	ID      int
	Engine  string
	Ending  string
	Variant string
	Reason  string
	Final   drawing // the position the game ended in (the first drawnFaults faults)
}

// faultOf returns the fault that decided g, if any.
func faultOf(g results.Game) (fault, bool) {
	switch g.Termination {
	case results.TermTimeForfeit, results.TermIllegalMove, results.TermEngineCrash, results.TermStall:
	default:
		return fault{}, false
	}
	loser := ""
	switch g.Result {
	case results.WhiteWins:
		loser = g.Black
	case results.BlackWins:
		loser = g.White
	default:
		return fault{}, false
	}
	return fault{ID: g.ID, Engine: loser, Ending: endingOf(g), Variant: g.Variant, Reason: g.Reason}, true
}

// endingCounts counts, per engine, how its games ended.
func endingCounts(engines []string, games []results.Game) map[string]map[string]int {
	out := map[string]map[string]int{}
	for _, e := range engines {
		out[e] = map[string]int{}
	}
	for _, g := range games {
		end := endingOf(g)
		for _, e := range []string{g.White, g.Black} {
			if out[e] == nil {
				out[e] = map[string]int{}
			}
			out[e][end]++
			if g.White == g.Black {
				break
			}
		}
	}
	return out
}

// openingRow is how the games from one opening went.
type openingRow struct {
	N        int // 1-based, in order of first use
	Variant  string
	FEN      string
	Games    int
	White    float64 // White's points
	First    float64 // points of the engine listed first in the run
	FirstOf  map[string]bool
	Start    drawing      // the first drawnOpenings rows
	game     results.Game // the first game from it
	lopsided float64
}

func (o openingRow) WhitePct() float64 { return 100 * o.White / float64(o.Games) }
func (o openingRow) FirstPct() float64 { return 100 * o.First / float64(o.Games) }

// openingRows groups the games by variant and start position. The first
// engine of a game is the one of its two players listed first in the run
// (the challenger of a gauntlet, engine A of a match).
func openingRows(meta rundir.Meta, games []results.Game) []openingRow {
	index := map[string]int{}
	for i, e := range meta.Engines {
		index[e] = i
	}
	var rows []openingRow
	at := map[[2]string]int{}
	for _, g := range games {
		ws, ok := g.WhiteScore()
		if !ok {
			continue
		}
		k := [2]string{g.Variant, g.StartFEN}
		i, ok := at[k]
		if !ok {
			i = len(rows)
			at[k] = i
			rows = append(rows, openingRow{N: i + 1, Variant: g.Variant, FEN: g.StartFEN, FirstOf: map[string]bool{}, game: g})
		}
		r := &rows[i]
		r.Games++
		r.White += ws
		first := g.White
		if index[g.Black] < index[g.White] {
			first = g.Black
		}
		r.FirstOf[first] = true
		if first == g.White {
			r.First += ws
		} else {
			r.First += 1 - ws
		}
	}
	for i := range rows {
		r := &rows[i]
		r.lopsided = max(math.Abs(r.WhitePct()-50), math.Abs(r.FirstPct()-50))
	}
	return rows
}

// convergencePoint is the ratings after the first Games games.
type convergencePoint struct {
	Games   int
	Ratings stats.Table
}

// maxPoints bounds the fits done for the convergence figure.
const maxPoints = 80

// analysis is what the report derives from the games by replaying them,
// in the order they finished, through one rundir.Tally: the summary, the
// ratings at up to maxPoints evenly spaced moments, and the SPRT each
// time a pair completes.
type analysis struct {
	sum     *rundir.Summary
	conv    []convergencePoint
	convErr error // a fit that failed on the way: no convergence figure
	sprt    []sprtPoint
}

// analyse replays the games once (see analysis).
func analyse(meta rundir.Meta, games []results.Game) (*analysis, error) {
	an := &analysis{}
	step := max(1, (len(games)+maxPoints-1)/maxPoints)
	last := 0
	sum, err := rundir.Replay(meta, games, func(i int, t *rundir.Tally) error {
		if an.convErr == nil && ((i+1)%step == 0 || i == len(games)-1) {
			s, err := t.Summary()
			if err != nil {
				an.convErr, an.conv = fmt.Errorf("after %d games: %w", i+1, err), nil
			} else {
				an.conv = append(an.conv, convergencePoint{Games: t.Played(), Ratings: s.Ratings})
			}
		}
		if meta.SPRT == nil || len(meta.Matrix) > 0 {
			return nil // a per-variant SPRT's tests are the matrix's rows
		}
		p, ok := t.MatchPenta()
		if !ok || p.Pairs() == last {
			return nil
		}
		last = p.Pairs()
		st, err := meta.SPRT.Test(p)
		if err != nil {
			return nil // a degenerate sample (all pairs alike): no LLR yet
		}
		pt := sprtPoint{Pairs: last, LLR: st.LLR}
		if sum, err := stats.Summarize(p); err == nil {
			// In the scale the test's bounds are stated in.
			pt.Elo, pt.HasElo = sum.Elo, true
			if meta.SPRT.Model == stats.Normalized {
				pt.Elo = sum.NElo
			}
		}
		an.sprt = append(an.sprt, pt)
		return nil
	})
	if err != nil {
		return nil, err
	}
	an.sum = sum
	return an, nil
}

// sprtPoint is the SPRT after a number of finished pairs.
type sprtPoint struct {
	Pairs  int
	LLR    float64
	Elo    stats.Interval // over pairs; zero before two pairs
	HasElo bool
}

// plies returns the game lengths of a variant.
func plies(games []results.Game, variant string) []float64 {
	var out []float64
	for _, g := range games {
		if g.Variant == variant {
			out = append(out, float64(len(g.Moves)))
		}
	}
	return out
}

// lopsidedFirst returns the rows sorted with the most lopsided first.
func lopsidedFirst(rows []openingRow) []openingRow {
	out := slices.Clone(rows)
	slices.SortStableFunc(out, func(a, b openingRow) int {
		switch {
		case a.lopsided > b.lopsided:
			return -1
		case a.lopsided < b.lopsided:
			return 1
		}
		return 0
	})
	return out
}

// overrunWarnings are the summary's warning lines for the moves that
// overstepped their time within the margin, from the games themselves.
func overrunWarnings(games []results.Game) []string {
	var s rundir.Summary
	for _, g := range games {
		s.Overruns = rundir.AddOverruns(s.Overruns, g)
	}
	return s.OverrunWarnings()
}
