package plan

import "varena/configs"

// At returns "SOURCE:LINE", the place of a line of the run's file in
// messages (an engine entry's Line), or SOURCE when line is 0.
func (p *Plan) At(line int) string { return configs.Place(p.Source, p.File, line) }

// VariantNames returns the names of the run's variants, in the config's
// order.
func (p *Plan) VariantNames() []string {
	names := make([]string, len(p.Variants))
	for i, v := range p.Variants {
		names[i] = v.Name
	}
	return names
}

// Variant returns the run's variant called name, or nil.
func (p *Plan) Variant(name string) *Variant {
	for i := range p.Variants {
		if p.Variants[i].Name == name {
			return &p.Variants[i]
		}
	}
	return nil
}

// Engine returns the engine called name, or nil.
func (p *Plan) Engine(name string) *Engine {
	for i := range p.Engines {
		if p.Engines[i].Name == name {
			return &p.Engines[i]
		}
	}
	return nil
}

// TimeControlFor returns the time control of an engine in a variant of
// the run (zero for an engine or variant not in it; random and greedy
// players may have none: they ignore limits).
func (p *Plan) TimeControlFor(engine, variant string) configs.TimeControl {
	if e := p.Engine(engine); e != nil {
		return e.Limits[variant]
	}
	return configs.TimeControl{}
}
