package rundir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"varena/results"
)

// Setup describes what a run was configured to play, in words, for the
// report's header. The arena makes it from the run's config
// (arena.SetupOf) and writes it beside the journal, so that a
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
