package search

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Params are the search's tuning constants: pruning margins, reductions
// and windows. They are integers so that SPSA, UCI spin options and run
// configs handle them alike; fractional ones are in hundredths. The
// searcher reads them from its Params value, so two searchers with
// different parameters can play each other in one process.
type Params struct {
	FutilityMargin   int // centipawns per ply: quiet moves near the leaves below alpha by this are skipped
	RFPMargin        int // centipawns per ply: reverse futility, a static score above beta by this stands
	LMRBase          int // hundredths: reduction = base + ln(depth)*ln(moveIndex)/divisor
	LMRDivisor       int // hundredths
	NullMoveBase     int // plies: null-move reduction = base + depth/divisor
	NullMoveDivisor  int
	Aspiration       int // centipawns: half-width of the first root window
	DeltaMargin      int // centipawns: positional swing a capture may still bring in quiescence
	LMPBase          int // late-move pruning: quiet moves tried at depth d are base+d*d (half when not improving)
	LMPDepth         int // plies: late-move pruning applies at this depth left and below
	FutilityDepth    int // plies: futility pruning applies at this depth left and below
	SEEQuietMargin   int // centipawns per ply: a quiet move losing more by exchange is pruned
	SEECaptureMargin int // centipawns per ply squared: a capture losing more by exchange is pruned
	HistoryPrune     int // a quiet move with history below -this*depth is pruned at depth <= 3
	SingularMargin   int // centipawns per ply: the singular search's window below the hash score
	DangerReach      int // hundredths of the root depth: a node with a last piece attacked is extended up to this ply
}

// Param describes one parameter of Params: its name (the UCI option and
// run-config key), default, bounds and meaning.
type Param struct {
	Name     string
	Default  int
	Min, Max int
	Doc      string
	field    func(*Params) *int
}

// ParamTable lists every search parameter. The defaults are the values
// the searcher was measured with; the bounds keep the search sound (no
// negative margins, no reduction that skips the whole subtree).
var ParamTable = []Param{
	{"FutilityMargin", 200, 50, 500, "futility margin per ply of depth (centipawns)", func(p *Params) *int { return &p.FutilityMargin }},
	{"LMRBase", 50, 0, 200, "late-move reduction base (hundredths of a ply)", func(p *Params) *int { return &p.LMRBase }},
	{"LMRDivisor", 200, 100, 500, "late-move reduction divisor of ln(depth)*ln(move) (hundredths)", func(p *Params) *int { return &p.LMRDivisor }},
	{"NullMoveBase", 2, 1, 5, "null-move reduction base (plies)", func(p *Params) *int { return &p.NullMoveBase }},
	{"NullMoveDivisor", 4, 2, 10, "null-move reduction: one more ply per this many of depth", func(p *Params) *int { return &p.NullMoveDivisor }},
	{"Aspiration", 35, 5, 200, "half-width of the first aspiration window (centipawns)", func(p *Params) *int { return &p.Aspiration }},
	{"DeltaMargin", 200, 0, 1000, "delta-pruning margin in quiescence (centipawns)", func(p *Params) *int { return &p.DeltaMargin }},
	{"RFPMargin", 120, 30, 400, "reverse futility margin per ply of depth (centipawns)", func(p *Params) *int { return &p.RFPMargin }},
	{"LMPBase", 3, 1, 20, "late-move pruning: quiet moves tried at depth d are base+d*d, half when not improving", func(p *Params) *int { return &p.LMPBase }},
	{"LMPDepth", 4, 0, 12, "late-move pruning applies at this depth left and below (plies)", func(p *Params) *int { return &p.LMPDepth }},
	{"FutilityDepth", 2, 0, 8, "futility pruning of quiet moves applies at this depth left and below (plies)", func(p *Params) *int { return &p.FutilityDepth }},
	{"SEEQuietMargin", 60, 0, 400, "SEE pruning of quiet moves: exchange loss allowed per ply (centipawns)", func(p *Params) *int { return &p.SEEQuietMargin }},
	{"SEECaptureMargin", 25, 0, 200, "SEE pruning of captures: exchange loss allowed per ply squared (centipawns)", func(p *Params) *int { return &p.SEECaptureMargin }},
	{"HistoryPrune", 4000, 0, 16384, "a quiet move with history below -this*depth is pruned at depth <= 3", func(p *Params) *int { return &p.HistoryPrune }},
	{"SingularMargin", 2, 1, 10, "singular extension: window below the hash score per ply of depth (centipawns)", func(p *Params) *int { return &p.SingularMargin }},
	{"DangerReach", 200, 0, 400, "a node with a last piece attacked is searched a ply deeper up to this ply, in hundredths of the iteration's depth", func(p *Params) *int { return &p.DangerReach }},
}

// DefaultParams returns every parameter at its default.
func DefaultParams() Params {
	var p Params
	for _, d := range ParamTable {
		*d.field(&p) = d.Default
	}
	return p
}

// LookupParam returns the description of the parameter name (case
// ignored, as UCI option names are).
func LookupParam(name string) (Param, bool) {
	for _, d := range ParamTable {
		if strings.EqualFold(d.Name, name) {
			return d, true
		}
	}
	return Param{}, false
}

// Get returns the value of the parameter name.
func (p *Params) Get(name string) (int, bool) {
	d, ok := LookupParam(name)
	if !ok {
		return 0, false
	}
	return *d.field(p), true
}

// Set sets the parameter name to v, refusing unknown names and values out
// of the parameter's bounds.
func (p *Params) Set(name string, v int) error {
	d, ok := LookupParam(name)
	if !ok {
		return fmt.Errorf("unknown search parameter %q (known: %s)", name, strings.Join(ParamNames(), ", "))
	}
	if v < d.Min || v > d.Max {
		return fmt.Errorf("search parameter %s: %d out of range %d-%d", d.Name, v, d.Min, d.Max)
	}
	*d.field(p) = v
	return nil
}

// SetString sets the parameter name from its text value (a whole number,
// as a UCI option or a run config gives it).
func (p *Params) SetString(name, value string) error {
	n, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil {
		if d, ok := LookupParam(name); ok {
			return fmt.Errorf("search parameter %s: want a whole number from %d to %d, have %q", d.Name, d.Min, d.Max, value)
		}
	}
	return p.Set(name, n)
}

// CheckParam reports whether SetString would accept name and value.
func CheckParam(name, value string) error {
	p := DefaultParams()
	return p.SetString(name, value)
}

// ParamNames returns the names of the parameters in table order.
func ParamNames() []string {
	names := make([]string, len(ParamTable))
	for i, d := range ParamTable {
		names[i] = d.Name
	}
	return names
}

// lmrTable is the late-move reduction in plies by depth and move index.
type lmrTable [64][64]int8

func (t *lmrTable) fill(p *Params) {
	base, div := float64(p.LMRBase)/100, float64(p.LMRDivisor)/100
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(max(1, min(60, int(base+math.Log(float64(d))*math.Log(float64(i))/div))))
		}
	}
}
