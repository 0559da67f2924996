package rundir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"varena/configs"
	"varena/results"
)

// Setup describes what a run was configured to play, in words, for the
// report's header. The arena writes it beside the journal, so that a
// report made later from the directory alone still shows the engines'
// options and limits.
type Setup struct {
	Name         string          `json:"name"`
	Config       string          `json:"config,omitempty"` // the YAML file, "" for the built-in default
	Tournament   string          `json:"tournament"`       // e.g. "round-robin, 2 games per pairing, 1 round"
	Schedule     string          `json:"schedule,omitempty"`
	Seed         uint64          `json:"seed"`
	Concurrency  int             `json:"concurrency,omitempty"`
	Adjudication string          `json:"adjudication"`
	SPRT         string          `json:"sprt,omitempty"`
	Variants     []VariantSetup  `json:"variants"`
	Engines      []EngineSetup   `json:"engines"`
	Extra        json.RawMessage `json:"extra,omitempty"` // room for later fields
}

// VariantSetup is a variant of the run with its openings and limit.
type VariantSetup struct {
	Name     string `json:"name"`
	Openings string `json:"openings"`
	Limit    string `json:"limit"`
}

// EngineSetup is an engine of the run with what makes it what it is.
type EngineSetup struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Command string `json:"command,omitempty"`
	Options string `json:"options,omitempty"` // name=value, sorted
	Limit   string `json:"limit,omitempty"`   // its own limit, when it has one
	Plays   string `json:"plays,omitempty"`
}

// SetupOf describes a run's config.
func SetupOf(r *configs.Run) Setup {
	s := Setup{Name: r.Name, Config: r.File, Seed: r.Seed, Concurrency: r.Concurrency}
	t := r.Tournament
	s.Tournament = t.Type
	if t.Type == configs.Gauntlet && t.Challenger != "" {
		s.Tournament += " of " + t.Challenger
	}
	if t.Games > 0 {
		s.Tournament += fmt.Sprintf(", %d game(s) per pairing", t.Games)
	}
	if t.Rounds > 1 {
		s.Tournament += fmt.Sprintf(", %d rounds", t.Rounds)
	}
	if t.Adaptive != nil {
		s.Tournament += fmt.Sprintf(", adaptive: rounds after the first play the neighbours in the ranking under %g%% LOS", 100*t.Adaptive.LOS)
	}
	if len(r.Variants) > 0 {
		s.Schedule = r.VariantSchedule
		if s.Schedule == "" {
			s.Schedule = "all"
		}
		s.Schedule = "variants: " + s.Schedule
	}
	s.Adjudication = adjudicationText(r.Adjudication)
	if p := r.SPRT; p != nil {
		model := p.Model
		if model == "" {
			model = "normalized"
		}
		s.SPRT = fmt.Sprintf("elo0 %g, elo1 %g, alpha %g, beta %g, %s", p.Elo0, p.Elo1, p.Alpha, p.Beta, model)
	}
	for _, v := range r.VariantNames() {
		s.Variants = append(s.Variants, VariantSetup{Name: v, Openings: openingsText(r.OpeningsFor(v)), Limit: limitOf(r, v)})
	}
	for _, e := range r.Engines {
		es := EngineSetup{Name: e.Name, Kind: e.Kind, Command: strings.TrimSpace(e.Command + " " + strings.Join(e.Args, " "))}
		var opts []string
		for k, v := range e.Options {
			opts = append(opts, k+"="+v)
		}
		for k, v := range e.Weights {
			opts = append(opts, "weights."+k+"="+v)
		}
		if e.Hash > 0 {
			opts = append(opts, fmt.Sprintf("hash=%dMB", e.Hash))
		}
		if e.Seed != 0 {
			opts = append(opts, fmt.Sprintf("seed=%d", e.Seed))
		}
		if e.Restart != "" {
			opts = append(opts, "restart="+e.Restart)
		}
		if e.History != "" {
			opts = append(opts, "history="+e.History)
		}
		sort.Strings(opts)
		es.Options = strings.Join(opts, ", ")
		if e.TimeControl != nil {
			es.Limit = e.TimeControl.String()
		}
		switch {
		case len(e.Plays) > 0:
			es.Plays = strings.Join(e.Plays, ", ")
		case len(e.Declines) > 0:
			es.Plays = "all but " + strings.Join(e.Declines, ", ")
		}
		s.Engines = append(s.Engines, es)
	}
	return s
}

// limitOf is the variant's limit for an engine without its own.
func limitOf(r *configs.Run, variant string) string {
	for _, v := range r.Variants {
		if v.Name == variant && v.TimeControl != nil {
			return v.TimeControl.String()
		}
	}
	return r.TimeControl.String()
}

func openingsText(o configs.Openings) string {
	switch {
	case o.Builtin():
		return "built-in book"
	case o.File == "" && o.Plies > 0:
		return fmt.Sprintf("start position + %d random plies", o.Plies)
	case o.File == "":
		return "start position"
	}
	order := o.Order
	if order == "" {
		order = "sequential"
	}
	s := fmt.Sprintf("book %s (%s", filepath.Base(o.File), order)
	if o.Start > 1 {
		s += fmt.Sprintf(", from opening %d", o.Start)
	}
	s += ")"
	if o.Format == configs.FormatPGN && o.Plies > 0 {
		s += fmt.Sprintf(", %d plies of each game", o.Plies)
	}
	return s
}

func adjudicationText(a configs.Adjudication) string {
	var parts []string
	if d := a.Draw; d != nil {
		parts = append(parts, fmt.Sprintf("draw from move %d after %d moves within %d cp", d.MoveNumber, d.Moves, d.Score))
	}
	if r := a.Resign; r != nil {
		parts = append(parts, fmt.Sprintf("resign after %d moves at %d cp", r.Moves, r.Score))
	}
	if a.MaxPlies > 0 {
		parts = append(parts, fmt.Sprintf("draw at %d plies", a.MaxPlies))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}

// WriteSetup writes the setup into a run directory.
func WriteSetup(dir string, s Setup) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return results.WriteFileAtomic(filepath.Join(dir, SetupFile), func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// ReadSetup reads a run directory's setup; nil when it has none.
func ReadSetup(dir string) (*Setup, error) {
	path := filepath.Join(dir, SetupFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var s Setup
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &s, nil
}

// CopySetup copies the setup of run directory from into to, if from has
// one: a merge of shards writes what a run writes, and the shards of one
// run share one setup.
func CopySetup(from, to string) error {
	s, err := ReadSetup(from)
	if err != nil || s == nil {
		return err
	}
	return WriteSetup(to, *s)
}
