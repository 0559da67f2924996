package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/search"
	"varena/engines/uci"
	"varena/engines/variants"
	"varena/tuning"
)

var measureCmd = &command{
	name:      "measure",
	usageLine: "varena measure -positions FILE [-engine PATH] [-variant V] [-n N] [-nodes N,N,...] [-eval N] [-eval-nodes N] [-ref-nodes N] [-hash MB] [-weights FILE] [-param NAME=VALUE]...",
	short:     "measure the built-in search against a UCI engine: depth, branching, pruning, hash, evaluation error",
	long: `
Measure searches positions of FILE (EPD, as datagen writes it) with the
built-in engine and with a UCI engine (Fairy-Stockfish by default), each
from a new game and under node limits, and prints Markdown tables
(docs/strength.md reads them):

  - per depth, the nodes each engine took to finish it (median over the
    positions that finished it) and the effective branching factor (the
    geometric mean over the positions of nodes(d)/nodes(d-1));
  - per node limit of -nodes, the depth each finished (median);
  - per node limit, the built-in search's counters: every pruning,
    reduction and extension rule, its re-searches, the hash table's
    probes, cutoffs and replacements, and quiescence's share; these
    need a binary built with -tags searchstats (without, the tables say
    so and are left out);
  - with -eval N, the evaluation's error on N quiet positions (whose
    quiescence score is the static evaluation): the static evaluation
    and a search of -eval-nodes nodes,
    each against the UCI engine's score of a -ref-nodes search (on the
    built-in engine's scale: the factor fitted by least squares is
    printed), and the UCI engine's own depth-1 score beside them; by
    size of the score, by material left and by last pieces of a species.

-n positions are taken, spread evenly over FILE, for the depth part and
-eval for the evaluation part. -param sets a search parameter of the
built-in engine (one of the spin options varena uci lists from
FutilityMargin on), to measure a value before an A/B of it; -weights
gives the built-in engine a weights file (the evaluation's error of new
weights before a match of them). The engines
search one at a time; node limits keep the figures valid on a busy
machine.
`,
	setFlags: measureFlags,
}

func measureFlags(fs *flag.FlagSet) runFunc {
	positions := fs.String("positions", "", "EPD file of the positions (e.g. varena datagen's output)")
	enginePath := fs.String("engine", "/usr/games/fairy-stockfish", "the UCI engine to compare with")
	variant := fs.String("variant", "extinction", "variant: "+fmt.Sprint(variants.Names()))
	n := fs.Int("n", 50, "positions for the depth and counter tables")
	nodes := fs.String("nodes", "20000,100000,300000,1000000", "node limits, comma-separated, increasing")
	evalN := fs.Int("eval", 0, "quiet positions for the evaluation error (0: none)")
	evalNodes := fs.Int64("eval-nodes", 100000, "node limit of the built-in engine's search in the evaluation part")
	refNodes := fs.Int64("ref-nodes", 300000, "node limit of the UCI engine's reference score in the evaluation part")
	hash := fs.Int("hash", 16, "hash table of each engine (MB)")
	weightsFile := fs.String("weights", "", "YAML weights file of the built-in engine (default: built in)")
	params := search.DefaultParams()
	fs.Func("param", "NAME=VALUE: a search parameter of the built-in engine (repeatable; varena uci lists them as options)", func(kv string) error {
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("%q: want NAME=VALUE", kv)
		}
		return params.SetString(strings.TrimSpace(name), value)
	})
	return func(ctx context.Context, pos []string, std stdio) error {
		if len(pos) > 0 {
			return usagef("unexpected argument %q", pos[0])
		}
		v, err := std.variants.ByName(*variant)
		if err != nil {
			return usageError{err}
		}
		limits, err := parseNodeList(*nodes)
		switch {
		case err != nil:
			return usageError{fmt.Errorf("-nodes: %w", err)}
		case *positions == "":
			return usagef("-positions FILE is required")
		case *n < 0 || *evalN < 0:
			return usagef("-n and -eval must be 0 or more")
		case *evalNodes < 1 || *refNodes < 1:
			return usagef("-eval-nodes and -ref-nodes must be 1 or more")
		case *hash < 1:
			return usagef("-hash must be 1 or more")
		}
		set, err := readPositions(*positions, v)
		if err != nil {
			return err
		}
		w, err := weightsOf(v, *weightsFile)
		if err != nil {
			return err
		}
		m := &measurer{variant: v, hash: *hash, params: params, weights: w, out: std.out}
		if err := m.start(ctx, *enginePath); err != nil {
			return err
		}
		defer m.close()
		if *n > 0 {
			if err := m.depths(ctx, spread(set, *n), limits); err != nil {
				return err
			}
		}
		if *evalN > 0 {
			if err := m.evalError(ctx, spread(set, *evalN), *evalNodes, *refNodes); err != nil {
				return err
			}
		}
		return nil
	}
}

// parseNodeList reads -nodes: whole numbers above 0, increasing.
func parseNodeList(s string) ([]int64, error) {
	var out []int64
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a node count above 0", f)
		}
		if len(out) > 0 && n <= out[len(out)-1] {
			return nil, fmt.Errorf("%d after %d: the limits must increase", n, out[len(out)-1])
		}
		out = append(out, n)
	}
	return out, nil
}

// sample is a position of the file, with where it came from.
type sample struct {
	pos   engines.Position
	where string // FILE:LINE
}

// readPositions reads the positions of an EPD file.
func readPositions(path string, v *engines.Variant) ([]sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("positions: %w", err)
	}
	defer f.Close()
	var set []sample
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", path, line)
		r, err := tuning.ParseRecord(text)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		pos, err := engines.ParseFEN(v, r.FEN)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		set = append(set, sample{pos, where})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("positions: %s: %w", path, err)
	}
	if len(set) == 0 {
		return nil, fmt.Errorf("positions: %s: no positions", path)
	}
	return set, nil
}

// spread returns n of set spread evenly over it (all when it has no more):
// a datagen file holds its games one after the other, and positions of
// one game are much alike.
func spread[T any](set []T, n int) []T {
	if n >= len(set) {
		return set
	}
	out := make([]T, n)
	for i := range out {
		out[i] = set[i*len(set)/n]
	}
	return out
}

// measurer holds the two engines of a measurement.
type measurer struct {
	variant  *engines.Variant
	startPos engines.Position // the variant's start position
	hash     int
	params   search.Params   // the built-in engine's (-param)
	weights  *search.Weights // the built-in engine's (-weights, else the variant's built-in ones)
	out      io.Writer
	ours     *search.Searcher
	theirs   *uci.Engine

	mu    sync.Mutex
	infos []uci.Info // the UCI engine's info lines of the search under way
}

func (m *measurer) start(ctx context.Context, path string) error {
	m.ours = search.New(m.weights, m.hash)
	m.ours.SetParams(m.params)
	start, err := engines.ParseFEN(m.variant, m.variant.StartFEN)
	if err != nil {
		return fmt.Errorf("%s: start position: %w", m.variant.Name, err)
	}
	m.startPos = start
	m.theirs, err = uci.Start(ctx, uci.EngineConfig{
		Command: path,
		Options: map[string]string{"Hash": strconv.Itoa(m.hash), "Threads": "1"},
		Protocol: func(sent bool, line string) {
			if sent || !strings.HasPrefix(line, "info ") {
				return
			}
			if in, err := uci.ParseInfo(line); err == nil && in.Depth > 0 && in.Score.Kind != uci.NoScore {
				m.mu.Lock()
				m.infos = append(m.infos, in)
				m.mu.Unlock()
			}
		},
	})
	if err != nil {
		return fmt.Errorf("engine %s: %w", path, err)
	}
	return nil
}

func (m *measurer) close() {
	if m.theirs != nil {
		m.theirs.Close()
	}
}

// searchOurs searches pos from a new game to lim, returning the nodes at
// the end of each finished iteration (by depth, from 1), the result and
// the counters.
func (m *measurer) searchOurs(ctx context.Context, pos engines.Position, lim limits.Limits) (depthNodes []int64, res search.Result, st search.Stats) {
	m.ours.NewGame()
	res = m.ours.Search(ctx, engines.NewGame(pos), lim, func(in search.Info) {
		depthNodes = setDepth(depthNodes, in.Depth, in.Nodes)
	})
	return depthNodes, res, m.ours.Stats()
}

// searchTheirs searches pos with the UCI engine from a new game to lim,
// returning the nodes at the last info line of each depth (from 1) and
// its reply.
func (m *measurer) searchTheirs(ctx context.Context, s sample, lim limits.Limits) ([]int64, player.Reply, error) {
	if err := m.theirs.NewGame(ctx, m.variant); err != nil {
		return nil, player.Reply{}, fmt.Errorf("%s: %w", s.where, err)
	}
	m.mu.Lock()
	m.infos = m.infos[:0]
	m.mu.Unlock()
	r, err := m.theirs.Move(ctx, player.Request{Game: engines.NewGame(s.pos), Limits: lim})
	if err != nil {
		return nil, r, fmt.Errorf("%s: %w", s.where, err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var depthNodes []int64
	for _, in := range m.infos {
		depthNodes = setDepth(depthNodes, in.Depth, in.Nodes)
	}
	// Stopped by the node limit, Fairy-Stockfish (as Stockfish) prints
	// one more line for the iteration it did not finish.
	if n := len(depthNodes); lim.Nodes > 0 && n > 0 && depthNodes[n-1] >= lim.Nodes {
		depthNodes = depthNodes[:n-1]
	}
	return depthNodes, r, nil
}

// setDepth records that depth d ended at n nodes (a later line of the
// same depth, after a failed aspiration window, replaces an earlier).
func setDepth(list []int64, d int, n int64) []int64 {
	for len(list) < d {
		list = append(list, 0)
	}
	list[d-1] = n
	return list
}

// depths measures nodes per depth, depth per node limit and the counters.
func (m *measurer) depths(ctx context.Context, set []sample, nodeLimits []int64) error {
	var ours, theirs [][]int64
	stats := make([]search.Stats, len(nodeLimits))
	hashFull := make([]int, len(nodeLimits))
	decided := 0
	last := nodeLimits[len(nodeLimits)-1]
	for _, s := range set {
		// The UCI engine first: a position either engine finds decided
		// (a mate score) is left out, since a proven win ends our search
		// and lets Fairy-Stockfish run to depth 245 on a few nodes a ply.
		theirsDN, r, err := m.searchTheirs(ctx, s, limits.Limits{Nodes: last})
		if err != nil {
			return err
		}
		oursDN, res, lastStats := m.searchOurs(ctx, s.pos, limits.Limits{Nodes: last})
		if ctx.Err() != nil {
			return ctx.Err()
		}
		lastFull := m.ours.HashFull()
		if limits.MateIn(r.Score) != 0 || limits.MateIn(res.Score) != 0 {
			decided++
			continue
		}
		ours, theirs = append(ours, oursDN), append(theirs, theirsDN)
		for i, lim := range nodeLimits {
			st, full := lastStats, lastFull
			if lim != last {
				_, _, st = m.searchOurs(ctx, s.pos, limits.Limits{Nodes: lim})
				if ctx.Err() != nil {
					return ctx.Err()
				}
				full = m.ours.HashFull()
			}
			stats[i].Add(&st)
			hashFull[i] += full
		}
	}
	if len(ours) == 0 {
		return fmt.Errorf("depth: all %d positions decided (a mate score)", len(set))
	}
	name := m.theirs.Name()
	fmt.Fprintf(m.out, "## Depth (%d positions, %s; %d more left out, a mate score at %d nodes)\n\n",
		len(ours), m.variant.Name, decided, last)
	writeDepthTable(m.out, name, ours, theirs, last)
	fmt.Fprintln(m.out)
	writeLimitTable(m.out, name, nodeLimits, ours, theirs)
	fmt.Fprintln(m.out)
	if !search.StatsEnabled {
		fmt.Fprintln(m.out, "The counters need a binary built with -tags searchstats.")
		return nil
	}
	for i := range hashFull {
		hashFull[i] /= len(ours)
	}
	writeStatTable(m.out, nodeLimits, stats, hashFull)
	fmt.Fprintln(m.out)
	fmt.Fprintf(m.out, "### By depth at %d nodes\n\n", nodeLimits[len(nodeLimits)-1])
	writeStatDepthTable(m.out, &stats[len(stats)-1])
	return nil
}

// evalError measures the evaluation's error on the quiet positions of
// set.
func (m *measurer) evalError(ctx context.Context, set []sample, evalNodes, refNodes int64) error {
	var rows []evalRow
	skipped := 0
	for _, s := range set {
		pos := s.pos
		static := int(search.Evaluate(&pos, m.ours.Weights(), nil))
		m.ours.NewGame()
		q, ok := m.ours.Quiesce(&pos, 100000)
		if !ok || q != static || pos.InCheck() {
			skipped++
			continue
		}
		_, res, _ := m.searchOurs(ctx, pos, limits.Limits{Nodes: evalNodes})
		if ctx.Err() != nil {
			return ctx.Err()
		}
		_, d1, err := m.searchTheirs(ctx, s, limits.Limits{Depth: 1})
		if err != nil {
			return err
		}
		_, ref, err := m.searchTheirs(ctx, s, limits.Limits{Nodes: refNodes})
		if err != nil {
			return err
		}
		if limits.MateIn(res.Score) != 0 || limits.MateIn(ref.Score) != 0 || limits.MateIn(d1.Score) != 0 {
			skipped++
			continue
		}
		rows = append(rows, evalRow{
			fen: pos.FEN(), material: pieceCount(&pos), last: lastPieces(&pos, &m.startPos),
			static: static, search: res.Score, theirsD1: d1.Score, ref: ref.Score,
		})
	}
	if len(rows) == 0 {
		return errors.New("evaluation error: no quiet position without a mate score")
	}
	fmt.Fprintf(m.out, "## Evaluation error (%d quiet positions, %d left out: not quiet or a mate score)\n\n", len(rows), skipped)
	writeEvalTables(m.out, m.theirs.Name(), rows, evalNodes, refNodes)
	return nil
}

// pieceCount counts the pieces on the board but pawns and kings: the
// game's phase.
func pieceCount(pos *engines.Position) int {
	return (pos.Occupied() &^ (pos.ByType(engines.Pawn) | pos.ByType(engines.King))).Count()
}

// lastPieces says which sides have a species down to its last piece, of
// those that start with more than one (in Extinction the king and the
// queen are last pieces from the start): lastNone, lastMover (the side
// to move), lastOther or lastBoth.
func lastPieces(pos, start *engines.Position) lastKind {
	k := lastNone
	for i, side := range [2]engines.Color{pos.SideToMove(), pos.SideToMove().Other()} {
		for _, t := range pos.Variant().Species {
			if pos.PiecesOf(side, t).Count() == 1 && start.PiecesOf(side, t).Count() > 1 {
				k |= lastKind(1 << i)
				break
			}
		}
	}
	return k
}
