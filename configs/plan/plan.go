package plan

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"varena/configs"
	"varena/engines"
	"varena/engines/search"
	"varena/engines/variants"
)

// Plan is a run resolved: everything the arena needs to play it and to
// fingerprint it, read once.
type Plan struct {
	Name string
	// File is the config's path ("" for a built-in run); Source names it
	// in messages (At).
	File, Source string
	Seed         uint64
	Concurrency  int // workers; 0: the number of CPUs
	// Out is the config's output directory, relative to the working
	// folder ("" when the config names none).
	Out string
	// ProtocolLog is the config's protocol log, relative to the working
	// folder ("" for none).
	ProtocolLog string
	// Multi is set when the config lists its variants (variants:), even
	// one: each variant's settings are then named with it.
	Multi           bool
	VariantSchedule string
	Tournament      configs.Tournament
	Adjudication    configs.Adjudication
	SPRT            *configs.SPRT
	// Limit is the run's own time control, the one of every engine
	// without its own (in the run's setup).
	Limit configs.TimeControl
	// VariantFile is the absolute path of the run's variants.ini, ""
	// for none; VariantSet holds its variants as the checker loaded them
	// (with its content's hash), beside the built-ins.
	VariantFile string
	VariantSet  *variants.Set
	Variants    []Variant
	Engines     []Engine
}

// Content is a file a run names, read: its bytes, the name it is shown
// with in messages and its hash (what the fingerprint records).
type Content struct {
	Name string
	Data []byte
	Hash string
}

// NewContent returns data named name, hashed.
func NewContent(name string, data []byte) *Content {
	return &Content{Name: name, Data: data, Hash: Hash(data)}
}

// Hash is the hash of a file's content in a run's fingerprint: "sha256:"
// and the first 16 hex digits.
func Hash(data []byte) string { return variants.ContentHash(data) }

// Variant is a variant of the run with the openings its games start
// from.
type Variant struct {
	*engines.Variant
	// Openings with their defaults applied (configs.Openings.For).
	Openings configs.Openings
	// OwnOpenings is set when the variant's entry gives its openings;
	// else they are the run's.
	OwnOpenings bool
	// Limit is the variant's own time control, nil when it has none.
	Limit *configs.TimeControl
	// Book is the openings' book (a file or the variant's built-in
	// book); nil when the games start from random openings or the
	// initial position.
	Book *Content
}

// Engine is an engine entry of the run, resolved.
type Engine struct {
	configs.Engine
	// PlayerSeed is the seed of a random or greedy player: the entry's,
	// else the run's.
	PlayerSeed uint64
	// Limit is the engine's time control outside any variant's: its own,
	// else the run's.
	Limit configs.TimeControl
	// Limits is the engine's time control in each variant of the run.
	Limits map[string]configs.TimeControl
	// WeightsData is what a built-in engine (alphabeta, greedy) plays
	// each variant with: the file its entry names (Engine.Weights), else
	// the shipped weights, else (a variant of the variant_file) the
	// words for weights derived from the rules.
	WeightsData map[string]*Content
	// Program is an external engine's program, found (configs.Run's
	// EngineCommand); ProgramErr says why it was not.
	Program    string
	ProgramErr error
	// WorkDir is an external engine's working folder (its entry's Dir),
	// relative to varena's ("" for varena's own).
	WorkDir string
}

// derivedWeights stands for the weights the built-in engine derives from
// a variants.ini variant's rules: the file's content, in the
// fingerprint, holds them.
const derivedWeights = "derived from the variant's rules"

// Resolve reads every file of a checked run (configs.Load, Parse or
// Complete) and returns its plan. Its errors name the file or entry
// that failed.
func Resolve(r *configs.Run) (*Plan, error) {
	p := &Plan{Name: r.Name, File: r.File, Source: r.Source, Seed: r.Seed, Concurrency: r.Concurrency,
		Multi: len(r.Variants) > 0, VariantSchedule: r.VariantSchedule, Tournament: r.Tournament,
		Adjudication: r.Adjudication, SPRT: r.SPRT, Limit: r.TimeControl}
	if r.Out != "" {
		p.Out = r.Out
		if !filepath.IsAbs(p.Out) && r.File != "" {
			p.Out = r.Path(p.Out)
		}
	}
	if r.ProtocolLog != "" {
		p.ProtocolLog = r.Path(r.ProtocolLog)
	}
	if r.VariantFile != "" {
		if r.VariantSet == nil {
			return nil, fmt.Errorf("variant_file %s: not loaded: the run was not checked with its variants (configs.Checker.LoadVariants)", r.Path(r.VariantFile))
		}
		abs, err := filepath.Abs(r.Path(r.VariantFile))
		if err != nil {
			return nil, fmt.Errorf("variant_file: %w", err)
		}
		p.VariantFile, p.VariantSet = abs, r.VariantSet
	}
	for _, name := range r.VariantNames() {
		v, err := resolveVariant(r, name)
		if err != nil {
			return nil, err
		}
		p.Variants = append(p.Variants, v)
	}
	for _, e := range r.Engines {
		pe, err := resolveEngine(r, e)
		if err != nil {
			return nil, fmt.Errorf("%s: engine %s: %w", r.At(e.Line), e.Name, err)
		}
		p.Engines = append(p.Engines, pe)
	}
	return p, nil
}

func resolveVariant(r *configs.Run, name string) (Variant, error) {
	ev, err := r.VariantSet.ByName(name)
	if err != nil {
		return Variant{}, err
	}
	v := Variant{Variant: ev, Openings: r.OpeningsFor(name)}
	for _, s := range r.Variants {
		if s.Name == name {
			v.OwnOpenings = s.Openings != nil
			v.Limit = s.TimeControl
		}
	}
	o := v.Openings
	switch {
	case o.File != "":
		data, err := r.ReadFile(o.File)
		if err != nil {
			return v, fmt.Errorf("openings: %w", err)
		}
		v.Book = NewContent(r.Path(o.File), data)
	case o.Builtin() && configs.HasBook(name):
		data, bookName, err := configs.Book(name)
		if err != nil {
			return v, fmt.Errorf("openings: %w", err)
		}
		v.Book = NewContent(bookName, data)
	}
	return v, nil
}

func resolveEngine(r *configs.Run, e configs.Engine) (Engine, error) {
	pe := Engine{Engine: e, PlayerSeed: e.Seed, Limit: r.EngineTimeControl(e.Name),
		Limits: map[string]configs.TimeControl{}}
	if pe.PlayerSeed == 0 {
		pe.PlayerSeed = r.Seed
	}
	for _, v := range r.VariantNames() {
		pe.Limits[v] = r.TimeControlFor(e.Name, v)
	}
	if e.External() {
		pe.Program, pe.ProgramErr = r.EngineCommand(e)
		if e.Dir != "" {
			pe.WorkDir = r.Path(e.Dir)
		}
	}
	if e.Kind != configs.KindAlphaBeta && e.Kind != configs.KindGreedy {
		return pe, nil
	}
	pe.WeightsData = map[string]*Content{}
	for _, v := range slices.Sorted(maps.Keys(e.Weights)) {
		// Through the run, so that an embedded run reads embedded files.
		data, err := r.ReadConfigFile(e.Weights[v])
		if err != nil {
			return pe, fmt.Errorf("weights: %w", err)
		}
		pe.WeightsData[v] = NewContent(r.Path(e.Weights[v]), data)
	}
	for _, v := range r.VariantNames() {
		if _, ok := pe.WeightsData[v]; ok || !e.Accepts(v) {
			continue
		}
		if !variants.Builtin(v) {
			pe.WeightsData[v] = NewContent(v, []byte(derivedWeights))
			continue
		}
		data, name, err := search.ShippedWeights(v)
		if err != nil {
			return pe, fmt.Errorf("weights: %w", err)
		}
		pe.WeightsData[v] = NewContent(name, data)
	}
	return pe, nil
}
