package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"varena/engines/search"
)

// The tables of varena measure, and the small statistics they need.

// writeDepthTable prints, per depth, how many positions each engine
// finished it in within limit nodes, the median nodes it took and the
// effective branching factor. ours and theirs hold per position the nodes
// at the end of each depth (from 1). The median is over all positions,
// one that did not finish the depth counting as more than the limit: the
// same set at every depth (the positions that finish a deep iteration
// are the easy ones). The table ends where both medians pass the limit.
func writeDepthTable(w io.Writer, name string, ours, theirs [][]int64, limit int64) {
	fmt.Fprintf(w, "| depth | varena: positions | nodes (median) | EBF | %s: positions | nodes (median) | EBF |\n", name)
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|")
	for d := 1; ; d++ {
		o, okO := depthCells(ours, d, limit)
		t, okT := depthCells(theirs, d, limit)
		if !okO && !okT {
			break
		}
		fmt.Fprintf(w, "| %d | %s | %s |\n", d, o, t)
	}
}

// depthCells are one engine's cells of depth d: positions that finished
// it, median nodes and effective branching factor; ok is false when the
// median is past limit.
func depthCells(runs [][]int64, d int, limit int64) (cells string, ok bool) {
	nodes := make([]float64, len(runs))
	finished := 0
	for i, r := range runs {
		nodes[i] = math.Inf(1)
		if len(r) >= d && r[d-1] > 0 {
			nodes[i] = float64(r[d-1])
			finished++
		}
	}
	ebf := "-"
	if b, ok := branching(runs, d); ok {
		ebf = fmt.Sprintf("%.2f", b)
	}
	med := median(nodes)
	if math.IsInf(med, 1) {
		return fmt.Sprintf("%d | > %d | %s", finished, limit, ebf), false
	}
	return fmt.Sprintf("%d | %.0f | %s", finished, med, ebf), true
}

// branching returns the effective branching factor at depth d: the
// geometric mean, over the runs that finished d, of nodes(d)/nodes(d-1).
func branching(runs [][]int64, d int) (float64, bool) {
	if d < 2 {
		return 0, false
	}
	sum, n := 0.0, 0
	for _, r := range runs {
		if len(r) >= d && r[d-2] > 0 && r[d-1] > 0 {
			sum += math.Log(float64(r[d-1]) / float64(r[d-2]))
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return math.Exp(sum / float64(n)), true
}

// depthAt returns the deepest depth of run finished within limit nodes.
func depthAt(run []int64, limit int64) int {
	d := 0
	for i, n := range run {
		if n > 0 && n <= limit {
			d = i + 1
		}
	}
	return d
}

// writeLimitTable prints the median and mean depth each engine finished
// within each node limit.
func writeLimitTable(w io.Writer, name string, limits []int64, ours, theirs [][]int64) {
	fmt.Fprintf(w, "| nodes | varena depth (median) | mean | %s depth (median) | mean |\n", name)
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|")
	for _, lim := range limits {
		o, t := depthsAt(ours, lim), depthsAt(theirs, lim)
		fmt.Fprintf(w, "| %d | %.0f | %.1f | %.0f | %.1f |\n", lim, median(o), mean(o), median(t), mean(t))
	}
}

func depthsAt(runs [][]int64, limit int64) []float64 {
	out := make([]float64, len(runs))
	for i, r := range runs {
		out[i] = float64(depthAt(r, limit))
	}
	return out
}

// writeStatTable prints every counter per node limit: its total per
// thousand nodes made, and its share of its base counter.
func writeStatTable(w io.Writer, limits []int64, stats []search.Stats, hashFull []int) {
	fmt.Fprint(w, "| counter | what |")
	for _, lim := range limits {
		fmt.Fprintf(w, " %d: per 1k nodes | share |", lim)
	}
	fmt.Fprint(w, "\n|---|---|")
	fmt.Fprint(w, strings.Repeat("---:|---:|", len(limits)))
	fmt.Fprintln(w)
	for k := range search.NumStats {
		info := search.StatTable[k]
		fmt.Fprintf(w, "| %s | %s |", info.Name, info.Doc)
		for i := range limits {
			st := &stats[i]
			made := st.Total(search.StatMoveMain) + st.Total(search.StatMoveQ)
			fmt.Fprintf(w, " %s | %s |", perThousand(st.Total(k), made), share(st, k, info.Base))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, "| hashfull | permille of the slots holding an entry of the search (mean) |")
	for i := range limits {
		fmt.Fprintf(w, " %d | |", hashFull[i])
	}
	fmt.Fprintln(w)
}

func perThousand(n, of int64) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", 1000*float64(n)/float64(of))
}

// share is counter k as a percentage of base (empty when k is its own
// base).
func share(st *search.Stats, k, base search.Stat) string {
	if k == base {
		return ""
	}
	return percent(st.Total(k), st.Total(base))
}

func percent(n, of int64) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

// depthColumns are the by-depth table's columns: a counter as a share of
// another (or, with base equal to k, the count itself).
var depthColumns = []struct {
	title   string
	k, base search.Stat
}{
	{"nodes", search.StatNode, search.StatNode},
	{"moves/node", search.StatSearched, search.StatNode},
	{"tt hit", search.StatTTHit, search.StatTTProbe},
	{"tt cut", search.StatTTCut, search.StatTTProbe},
	{"rfp", search.StatRFP, search.StatCanPrune},
	{"null try", search.StatNullTry, search.StatCanPrune},
	{"null cut", search.StatNullCut, search.StatNullTry},
	{"null fail, then cut", search.StatNullFailCut, search.StatNullTry},
	{"iir", search.StatIIR, search.StatNode},
	{"pruned/searched", search.StatFutility, search.StatSearched}, // all the move pruning rules: see prunedAt
	{"lmr", search.StatLMR, search.StatSearched},
	{"lmr plies", search.StatLMRPlies, search.StatLMR},
	{"lmr re-search", search.StatLMRResearch, search.StatLMR},
	{"lmr confirmed", search.StatLMRConfirmed, search.StatLMR},
	{"pvs re-search", search.StatPVSResearch, search.StatSearched},
	{"fail high", search.StatFailHigh, search.StatNode},
	{"on 1st move", search.StatFailHighFirst, search.StatFailHigh},
	{"singular ext", search.StatSingularExt, search.StatSingularTry},
	{"entries lost", search.StatStoreEvict, search.StatStoreEvict},
}

// movePruning are the rules that skip a move; the by-depth table adds
// them up.
var movePruning = []search.Stat{search.StatFutility, search.StatLMP, search.StatHistoryPrune, search.StatSEEQuiet, search.StatSEECapture}

// writeStatDepthTable prints the counters of depthColumns by depth: what
// is a share of a node or move at that depth of the main search.
func writeStatDepthTable(w io.Writer, st *search.Stats) {
	fmt.Fprint(w, "| depth |")
	for _, c := range depthColumns {
		fmt.Fprintf(w, " %s |", c.title)
	}
	fmt.Fprint(w, "\n|---:|")
	fmt.Fprint(w, strings.Repeat("---:|", len(depthColumns)))
	fmt.Fprintln(w)
	for d := 1; d < search.StatDepths; d++ {
		if st.Count[search.StatNode][d] == 0 {
			continue
		}
		fmt.Fprintf(w, "| %d |", d)
		for _, c := range depthColumns {
			n, of := st.Count[c.k][d], st.Count[c.base][d]
			switch {
			case c.k == search.StatFutility:
				n = 0
				for _, k := range movePruning {
					n += st.Count[k][d]
				}
				fmt.Fprintf(w, " %s |", ratio(n, of))
			case c.k == c.base:
				fmt.Fprintf(w, " %d |", n)
			case c.base == search.StatNode && c.k == search.StatSearched, c.k == search.StatLMRPlies:
				fmt.Fprintf(w, " %s |", ratio(n, of))
			default:
				fmt.Fprintf(w, " %s |", percent(n, of))
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\nDepth %d counts depth %d and deeper; \"entries lost\" is by the depth of the entry a shallower one of another position replaced.\n",
		search.StatDepths-1, search.StatDepths-1)
}

func ratio(n, of int64) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(n)/float64(of))
}

// lastKind says which sides have a species down to its last piece.
type lastKind uint8

const (
	lastNone  lastKind = 0
	lastMover lastKind = 1 // the side to move
	lastOther lastKind = 2 // its opponent
	lastBoth  lastKind = 3
)

func (k lastKind) String() string {
	return [...]string{"neither", "side to move", "opponent", "both"}[k]
}

// evalRow is one position of the evaluation part, every score from the
// side to move's view: the built-in engine's static evaluation,
// quiescence and search; the UCI engine's depth-1 score and reference
// score.
type evalRow struct {
	fen                      string
	material                 int // pieces but pawns and kings
	last                     lastKind
	static, search           int
	theirsD1, ref            int
	scaledD1, scaledRef, err float64 // set by writeEvalTables
}

// evalColumns are the estimates compared with the reference.
var evalColumns = []struct {
	title string
	get   func(r *evalRow) float64
}{
	{"varena static", func(r *evalRow) float64 { return float64(r.static) }},
	{"varena search", func(r *evalRow) float64 { return float64(r.search) }},
	{"theirs depth 1", func(r *evalRow) float64 { return r.scaledD1 }},
}

// fitScale returns k minimising sum (y - k x)^2 over the pairs with both
// below cap in size (a won position's score says little of the scale).
func fitScale(x, y []float64, cap float64) float64 {
	var xy, xx float64
	for i := range x {
		if math.Abs(x[i]) < cap && math.Abs(y[i]) < cap {
			xy += x[i] * y[i]
			xx += x[i] * x[i]
		}
	}
	if xx == 0 {
		return 1
	}
	return xy / xx
}

// writeEvalTables prints the evaluation error tables of rows: the fitted
// scale, then per estimate (evalColumns) the correlation, the mean
// absolute and mean signed error against the reference, overall and by
// bucket, and the positions where the built-in search was most
// optimistic.
func writeEvalTables(w io.Writer, name string, rows []evalRow, evalNodes, refNodes int64) {
	var ours, ref []float64
	for i := range rows {
		ours = append(ours, float64(rows[i].search))
		ref = append(ref, float64(rows[i].ref))
	}
	k := fitScale(ref, ours, 1500)
	for i := range rows {
		r := &rows[i]
		r.scaledD1, r.scaledRef = k*float64(r.theirsD1), k*float64(r.ref)
		r.err = float64(r.search) - r.scaledRef
	}
	fmt.Fprintf(w, "Reference: %s at %d nodes, times %.2f (least squares of varena's %d-node search on it, scores below 1500).\n",
		name, refNodes, k, evalNodes)
	fmt.Fprintf(w, "Error = estimate - reference, from the side to move's view: positive is optimistic. ")
	fmt.Fprintf(w, "The positions are quiet (quiescence = static evaluation), so the static column is quiescence's too.\n\n")
	fmt.Fprintln(w, "| estimate | pearson | spearman | mean abs error | mean error |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	scaled := make([]float64, len(rows))
	for i := range rows {
		scaled[i] = rows[i].scaledRef
	}
	for _, c := range evalColumns {
		x := make([]float64, len(rows))
		for i := range rows {
			x[i] = c.get(&rows[i])
		}
		mae, me := errors2(x, scaled)
		fmt.Fprintf(w, "| %s | %.3f | %.3f | %.0f | %+.0f |\n", c.title, pearson(x, scaled), spearman(x, scaled), mae, me)
	}
	buckets := []struct {
		title string
		key   func(r *evalRow) string
		order []string
	}{
		{"|reference|", func(r *evalRow) string { return scoreBucket(r.scaledRef) }, scoreBuckets},
		{"pieces left (no pawns, kings)", func(r *evalRow) string { return materialBucket(r.material) }, materialBuckets},
		{"a species down to its last piece", func(r *evalRow) string { return r.last.String() }, []string{"neither", "side to move", "opponent", "both"}},
	}
	for _, b := range buckets {
		fmt.Fprintf(w, "\n| %s | positions |", b.title)
		for _, c := range evalColumns {
			fmt.Fprintf(w, " %s: mean abs | mean |", c.title)
		}
		fmt.Fprint(w, "\n|---|---:|")
		fmt.Fprint(w, strings.Repeat("---:|---:|", len(evalColumns)))
		fmt.Fprintln(w)
		groups := map[string][]int{}
		for i := range rows {
			key := b.key(&rows[i])
			groups[key] = append(groups[key], i)
		}
		for _, key := range b.order {
			idx := groups[key]
			if len(idx) == 0 {
				continue
			}
			fmt.Fprintf(w, "| %s | %d |", key, len(idx))
			for _, c := range evalColumns {
				x, y := make([]float64, len(idx)), make([]float64, len(idx))
				for j, i := range idx {
					x[j], y[j] = c.get(&rows[i]), rows[i].scaledRef
				}
				mae, me := errors2(x, y)
				fmt.Fprintf(w, " %.0f | %+.0f |", mae, me)
			}
			fmt.Fprintln(w)
		}
	}
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rows[order[a]].err > rows[order[b]].err })
	fmt.Fprintf(w, "\nMost optimistic (varena search minus reference):\n\n")
	fmt.Fprintln(w, "| FEN | static | search | theirs depth 1 | reference |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	for _, i := range order[:min(8, len(order))] {
		r := &rows[i]
		fmt.Fprintf(w, "| `%s` | %d | %d | %.0f | %.0f |\n", r.fen, r.static, r.search, r.scaledD1, r.scaledRef)
	}
}

var scoreBuckets = []string{"0-50", "50-150", "150-300", "300-600", "600+"}

func scoreBucket(x float64) string {
	switch a := math.Abs(x); {
	case a < 50:
		return scoreBuckets[0]
	case a < 150:
		return scoreBuckets[1]
	case a < 300:
		return scoreBuckets[2]
	case a < 600:
		return scoreBuckets[3]
	}
	return scoreBuckets[4]
}

var materialBuckets = []string{"0-4", "5-8", "9-12", "13+"}

func materialBucket(n int) string {
	switch {
	case n <= 4:
		return materialBuckets[0]
	case n <= 8:
		return materialBuckets[1]
	case n <= 12:
		return materialBuckets[2]
	}
	return materialBuckets[3]
}

// errors2 returns the mean absolute and the mean signed difference x-y.
func errors2(x, y []float64) (mae, me float64) {
	for i := range x {
		d := x[i] - y[i]
		mae += math.Abs(d)
		me += d
	}
	n := float64(len(x))
	return mae / n, me / n
}

func mean(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := slices.Clone(x)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// pearson is the correlation of x and y (0 when either is constant).
func pearson(x, y []float64) float64 {
	mx, my := mean(x), mean(y)
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}

// spearman is the rank correlation of x and y: the correlation of their
// ranks (ties get their mean rank).
func spearman(x, y []float64) float64 {
	return pearson(ranks(x), ranks(y))
}

func ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return x[idx[a]] < x[idx[b]] })
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && x[idx[j+1]] == x[idx[i]] {
			j++
		}
		for t := i; t <= j; t++ {
			r[idx[t]] = float64(i+j) / 2
		}
		i = j + 1
	}
	return r
}
