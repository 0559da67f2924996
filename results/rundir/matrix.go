package rundir

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"varena/results"
	"varena/results/stats"
)

// Matrix is the table of a per-variant SPRT (sprt.per_variant): one
// test of the first engine against the second in each variant, each
// stopping on its own decision.
type Matrix struct {
	Rows []MatrixRow `json:"rows"`
	// Verdict and ExitStatus are the worst of the rows' (see
	// worstVerdict): what `varena run` exits with.
	Verdict    string `json:"verdict"`
	ExitStatus int    `json:"exit_status"`
}

// MatrixRow is one variant's test: its counted games, their
// pentanomial counts, the Elo with its 95% interval from the pairs, the
// LLR with its bounds and the verdict. A variant left out (LeftOut says
// why: an engine does not play it) has no test.
type MatrixRow struct {
	Variant string         `json:"variant"`
	Games   int            `json:"games"`
	Penta   stats.Penta    `json:"penta"`
	Pairs   *stats.Summary `json:"pairs,omitempty"`
	stats.Status
	Problem    string `json:"problem,omitempty"`
	Verdict    string `json:"verdict"`
	ExitStatus int    `json:"exit_status"`
	LeftOut    string `json:"left_out,omitempty"`
}

// VerdictLeftOut is the verdict of a variant an engine does not play.
const VerdictLeftOut = "left out"

// variantTest is one variant's SPRT in a Tally: like the run's SPRT it
// counts the variant's pairs in schedule order only, so that where it
// stops does not depend on which game finished first.
type variantTest struct {
	name     string
	next     int // the next pair to count; 0: none left (the cap)
	pending  map[int][]results.Game
	penta    stats.Penta
	decision stats.Decision
	llr      float64
}

// newMatrix starts the tests of meta.Matrix, nil when the run is no
// per-variant SPRT.
func (t *Tally) newMatrix() {
	if t.meta.SPRT == nil || len(t.meta.Matrix) == 0 {
		return
	}
	for i, v := range t.meta.Matrix {
		vt := &variantTest{name: v, pending: map[int][]results.Game{}}
		vt.next = t.matrixNext(i, 0)
		t.matrix = append(t.matrix, vt)
	}
}

// matrixNext returns the first pair after pair after that this tally
// counts for variant i, or 0 when there is none left. The schedule of
// a per-variant SPRT plays the variants in turn (pair p plays
// Matrix[(p-1) mod len(Matrix)]); a shard counts its own pairs only
// (pairAt).
func (t *Tally) matrixNext(i, after int) int {
	n, stride := len(t.meta.Matrix), 1
	first := 1
	if t.meta.Shards > 1 {
		stride, first = t.meta.Shards, t.meta.Shard
	}
	p := first
	if after >= first {
		p = after + stride - (after-first)%stride
	}
	// Within n steps of the stride the pairs' variants repeat.
	for range n {
		if p > t.meta.Total/2 {
			return 0
		}
		if (p-1)%n == i {
			return p
		}
		p += stride
	}
	return 0
}

// addMatrix counts g in its variant's test (Add in a per-variant SPRT).
func (t *Tally) addMatrix(g results.Game) error {
	i := (g.Pair - 1) % len(t.matrix)
	vt := t.matrix[i]
	if g.Variant != vt.name {
		return fmt.Errorf("game %d: variant %s, but pair %d of this per-variant SPRT plays %s", g.ID, g.Variant, g.Pair, vt.name)
	}
	if vt.decision != stats.Continue {
		t.past++
		return nil
	}
	vt.pending[g.Pair] = append(vt.pending[g.Pair], g)
	for vt.decision == stats.Continue && vt.next > 0 {
		gs := vt.pending[vt.next]
		if len(gs) < 2 {
			break
		}
		delete(vt.pending, vt.next)
		slices.SortFunc(gs, func(a, b results.Game) int { return a.ID - b.ID })
		var scores [2]float64
		for k, g := range gs {
			if err := t.count(g); err != nil {
				return err
			}
			ws, _ := g.WhiteScore()
			scores[k] = ws
			if g.White != t.names[0] {
				scores[k] = 1 - ws
			}
		}
		if err := vt.penta.AddPair(scores[0], scores[1]); err != nil {
			return fmt.Errorf("pair %d: %w", g.Pair, err)
		}
		vt.next = t.matrixNext(i, vt.next)
		if st, err := t.meta.SPRT.Test(vt.penta); err == nil {
			vt.decision, vt.llr = st.Decision, st.LLR
		}
		if vt.decision != stats.Continue {
			for _, gs := range vt.pending {
				t.past += len(gs)
			}
			clear(vt.pending)
		}
	}
	t.decision = t.matrixDecision()
	return nil
}

// matrixDecision is the run's decision: Continue while a variant's test
// with pairs left is undecided, then H0 when any variant accepted H0,
// else H1. A variant undecided at its cap leaves the run to end with
// its schedule.
func (t *Tally) matrixDecision() stats.Decision {
	decided := stats.Continue
	for _, vt := range t.matrix {
		switch {
		case vt.decision == stats.AcceptH0:
			decided = stats.AcceptH0
		case vt.decision == stats.AcceptH1:
			if decided == stats.Continue {
				decided = stats.AcceptH1
			}
		case vt.next > 0:
			return stats.Continue
		}
	}
	return decided
}

// PerVariant reports whether the tally's run is a per-variant SPRT.
func (t *Tally) PerVariant() bool { return t.matrix != nil }

// VariantDecided reports whether the test of variant v in a per-variant
// SPRT has decided: its games left are not played.
func (t *Tally) VariantDecided(v string) bool {
	return t.VariantDecision(v) != stats.Continue
}

// VariantDecision is the decision of variant v's test in a per-variant
// SPRT (Continue for a variant it does not test).
func (t *Tally) VariantDecision(v string) stats.Decision {
	for _, vt := range t.matrix {
		if vt.name == v {
			return vt.decision
		}
	}
	return stats.Continue
}

// VariantPairs returns the pairs the test of variant v has counted.
func (t *Tally) VariantPairs(v string) int {
	for _, vt := range t.matrix {
		if vt.name == v {
			return vt.penta.Pairs()
		}
	}
	return 0
}

// MatrixLeft returns, in a per-variant SPRT, the games its undecided
// tests may still count (their pairs not counted yet, up to the cap):
// what the run has left to play at most, for its ETA. ok is false for
// other runs.
func (t *Tally) MatrixLeft() (games int, ok bool) {
	if t.matrix == nil {
		return 0, false
	}
	for i, vt := range t.matrix {
		if vt.decision != stats.Continue {
			continue
		}
		for p := vt.next; p > 0; p = t.matrixNext(i, p) {
			games += 2
		}
	}
	return games, true
}

// matrixFrontier is the first pair not counted yet of the undecided
// variants, 0 when none is left: what PairsCounted+1 is in a run's SPRT.
func (t *Tally) matrixFrontier() int {
	f := 0
	for _, vt := range t.matrix {
		if vt.decision == stats.Continue && vt.next > 0 && (f == 0 || vt.next < f) {
			f = vt.next
		}
	}
	return f
}

// matrixWaiting is the number of finished games the variants' tests
// have not counted yet.
func (t *Tally) matrixWaiting() int {
	n := 0
	for _, vt := range t.matrix {
		for _, gs := range vt.pending {
			n += len(gs)
		}
	}
	return n
}

// matrixProgress is the progress text of a per-variant SPRT.
func (t *Tally) matrixProgress() string {
	var h0, h1 int
	for _, vt := range t.matrix {
		switch vt.decision {
		case stats.AcceptH0:
			h0++
		case stats.AcceptH1:
			h1++
		}
	}
	return fmt.Sprintf("matrix %d/%d decided (H1 %d, H0 %d)", h0+h1, len(t.matrix), h1, h0)
}

// matrixSummary is the matrix of the tests so far; a test whose pairs
// ran out undecided is VerdictLimit.
func (t *Tally) matrixSummary() (*Matrix, error) {
	m := &Matrix{}
	test := *t.meta.SPRT
	lo, hi := test.Bounds()
	for _, vt := range t.matrix {
		row := MatrixRow{Variant: vt.name, Games: vt.penta.Games(), Penta: vt.penta, Status: stats.Status{Lower: lo, Upper: hi}}
		if vt.penta.Pairs() > 0 {
			if sum, err := stats.Summarize(vt.penta); err == nil {
				row.Pairs = &sum
			}
			st, err := test.Test(vt.penta)
			var reach *stats.OutOfReachError
			switch {
			case errors.As(err, &reach):
				row.Problem = "sprt: " + reach.Error()
			case err != nil:
				return nil, fmt.Errorf("sprt of %s: %w", vt.name, err)
			default:
				row.Status = st
			}
		}
		row.Verdict, row.ExitStatus = verdictOf(row.Decision, vt.next == 0)
		m.Rows = append(m.Rows, row)
	}
	for _, v := range t.meta.Variants {
		if why, ok := t.meta.LeftOut[v]; ok {
			m.Rows = append(m.Rows, MatrixRow{Variant: v, Status: stats.Status{Lower: lo, Upper: hi}, Verdict: VerdictLeftOut, LeftOut: why})
		}
	}
	m.Verdict, m.ExitStatus = worstVerdict(m.Rows)
	return m, nil
}

// verdictOf is a test's verdict and exit status: its decision, else
// VerdictLimit when its games ran out, else VerdictOpen.
func verdictOf(d stats.Decision, ranOut bool) (string, int) {
	switch {
	case d == stats.AcceptH1:
		return VerdictH1, ExitH1
	case d == stats.AcceptH0:
		return VerdictH0, ExitH0
	case ranOut:
		return VerdictLimit, ExitLimit
	}
	return VerdictOpen, 1
}

// worstVerdict is the verdict of a matrix for CI: H0 accepted in any
// variant fails it (ExitH0, whatever the others); else a test not
// finished leaves it open (1); else a test undecided at its cap gives
// ExitLimit; else every test accepted H1 (ExitH1). Left-out variants
// count for nothing: their engines said they do not play them.
func worstVerdict(rows []MatrixRow) (string, int) {
	rank := map[string]int{VerdictH0: 4, VerdictOpen: 3, VerdictLimit: 2, VerdictH1: 1}
	worst, status := "", ExitH1
	for _, r := range rows {
		if rank[r.Verdict] > rank[worst] {
			worst, status = r.Verdict, r.ExitStatus
		}
	}
	if worst == "" {
		return VerdictOpen, 1 // nothing tested
	}
	return worst, status
}

// MatrixLine is the one-line verdict of a per-variant SPRT, the last line
// of its text summary, e.g.
//
//	SPRT matrix [-10, 5] normalized: H0 accepted (worst of 10 variants: H1 7, H0 1, game limit 2)
func (s *Summary) MatrixLine() string {
	m := s.Matrix
	if m == nil || s.Meta.SPRT == nil {
		return ""
	}
	count := map[string]int{}
	tested := 0
	for _, r := range m.Rows {
		count[r.Verdict]++
		if r.Verdict != VerdictLeftOut {
			tested++
		}
	}
	var parts []string
	for _, v := range []struct{ verdict, word string }{{VerdictH1, "H1"}, {VerdictH0, "H0"}, {VerdictLimit, "game limit"}, {VerdictOpen, "not finished"}, {VerdictLeftOut, "left out"}} {
		if n := count[v.verdict]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", v.word, n))
		}
	}
	sp := s.Meta.SPRT
	return fmt.Sprintf("SPRT matrix [%g, %g] %s: %s (worst of %d variants: %s)", sp.Elo0, sp.Elo1, sp.Model, m.Verdict, tested, strings.Join(parts, ", "))
}

// writeMatrix prints the matrix, a row per variant.
func (s *Summary) writeMatrix(b *strings.Builder) {
	m := s.Matrix
	w := len("Variant")
	for _, r := range m.Rows {
		w = max(w, len(r.Variant))
	}
	fmt.Fprintf(b, "%-*s %6s  %-24s %-28s %-22s %s\n", w, "Variant", "Games", "Pentanomial", "Elo [95%]", "LLR (bounds)", "Verdict")
	for _, r := range m.Rows {
		if r.LeftOut != "" {
			fmt.Fprintf(b, "%-*s %6s  %-24s %-28s %-22s %s: %s\n", w, r.Variant, "-", "-", "-", "-", r.Verdict, r.LeftOut)
			continue
		}
		elo := "-"
		if p := r.Pairs; p != nil {
			elo = IntervalText(p.Elo, p.Score)
		}
		llr := fmt.Sprintf("%s (%.2f, %.2f)", stats.Fixed(r.LLR, 2), r.Lower, r.Upper)
		if r.Problem != "" {
			llr = "-"
		}
		fmt.Fprintf(b, "%-*s %6d  %-24s %-28s %-22s %s\n", w, r.Variant, r.Games, r.Penta.String(), elo, llr, r.Verdict)
	}
}

// IntervalText writes an Elo estimate with its 95% interval, as the
// matrix shows it in every view: "+12.3 [4.2, 20.4]"; a score of 100% or
// 0%, whose estimate is infinite, as eloText does ("+inf (95%: > 84.1)").
func IntervalText(in stats.Interval, score float64) string {
	if score == 0 || score == 1 {
		return eloText(in, score)
	}
	return fmt.Sprintf("%s [%s, %s]", stats.Signed(in.Value, 1), stats.Fixed(in.Lower, 1), stats.Fixed(in.Upper, 1))
}
