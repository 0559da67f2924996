package arena

import (
	"context"
	"slices"
	"strings"
	"sync"

	"varena/configs"
	"varena/configs/plan"
	"varena/engines"
	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// perVariant reports whether r is a per-variant SPRT (a regression
// matrix: sprt.per_variant).
func perVariant(r *plan.Plan) bool {
	return r.Tournament.Type == configs.SPRTTest && r.SPRT != nil && r.SPRT.PerVariant
}

// matrixMeta sets the matrix of a per-variant SPRT in m: the variants
// of the schedule, in its order, each with its own test, and the
// variants of the run an engine does not play, each with who.
func matrixMeta(m *rundir.Meta, r *plan.Plan, vs []*engines.Variant, sched *Schedule, accepts Accepts) {
	if !perVariant(r) || sched.plan == nil {
		return
	}
	m.Matrix = nil
	for _, sl := range sched.plan.slots {
		m.Matrix = append(m.Matrix, sl.v.Name)
	}
	for _, v := range vs {
		if slices.Contains(m.Matrix, v.Name) {
			continue
		}
		var not []string
		for _, e := range r.Engines {
			if !accepts(e.Name, v.Name) {
				not = append(not, e.Name)
			}
		}
		if m.LeftOut == nil {
			m.LeftOut = map[string]string{}
		}
		verb := " does not play it"
		if len(not) > 1 {
			verb = " do not play it"
		}
		m.LeftOut[v.Name] = strings.Join(not, " and ") + verb
	}
}

// matrixGate is the gate of a per-variant SPRT: a game of a variant
// whose test has decided is skipped, so the workers go to the variants
// still undecided, and the feed ends when every test has decided. The
// decisions are the tally's of the journal's games (and, on a shard
// following its peers, of every shard's), counted pair by pair in
// schedule order: a resumed run decides at the same pairs.
type matrixGate struct {
	mu    sync.Mutex
	tally *rundir.Tally // the games finished, when no peers are followed
	peers *peers        // the shards' combined tests; nil: none
	next  func(context.Context, GameSpec) gateVerdict
	logf  func(string, ...any)
}

// newMatrixGate makes the gate of a run with meta that has already
// played the games done. Its next (the peers' wait), when set, is asked
// about the games the matrix lets through.
func newMatrixGate(meta rundir.Meta, done []results.Game, combined *peers, logf func(string, ...any)) (*matrixGate, error) {
	m := &matrixGate{peers: combined, logf: logf}
	if combined == nil {
		m.tally = rundir.NewTally(meta)
		for _, g := range rundir.SortedByID(done) {
			if err := m.tally.Add(g); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// decided reports whether variant v's test has decided, and whether
// the whole run has.
func (m *matrixGate) decided(v string) (variant, all bool) {
	if p := m.peers; p != nil {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.tally.VariantDecided(v), p.decision != stats.Continue
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.tally.VariantDecided(v), m.tally.SPRTDecision() != stats.Continue
}

// gate decides on g as the feed asks.
func (m *matrixGate) gate(ctx context.Context, g GameSpec) gateVerdict {
	variant, all := m.decided(g.Variant)
	switch {
	case all:
		return gateEnd
	case variant:
		return gateSkip
	case m.next != nil:
		return m.next(ctx, g)
	}
	return gatePlay
}

// observe counts a worker's finished game in the gate's tally (the
// consumer's, before it records it) and notes each variant's decision
// as it falls.
func (m *matrixGate) observe(o outcome) {
	if m.tally == nil || o.err != nil {
		return // a failed game counts nowhere; with peers, they count
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	before := m.tally.VariantDecided(o.game.Variant)
	// A game the tally refuses, the recorder's refuses too, and
	// reports: the run stops there.
	if m.tally.Add(o.game) == nil && !before && m.tally.VariantDecided(o.game.Variant) {
		m.logf("SPRT of %s: %s after %d pairs; its games left are skipped", o.game.Variant, m.tally.VariantDecision(o.game.Variant), m.tally.VariantPairs(o.game.Variant))
	}
}
