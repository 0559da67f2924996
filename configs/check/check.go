package check

import (
	"varena/configs"
	"varena/engines/search"
	"varena/engines/variants"
)

// Validating returns the full checker without side effects: a run's
// variant_file is read and its sections checked, but nothing is
// registered, so any number of configs (two files that define the same
// section name among them) may be checked in one process.
func Validating() configs.Checker {
	return configs.Checker{Variants: variants.Playable(), SearchOption: search.CheckParam,
		EvalWeight: EvalWeight, LoadVariants: loadNames, Commands: true}
}

// Playing returns the full checker of a config about to be played: as
// Validating, but the variants of a run's variant_file are registered,
// so that the games, the journal's replay and the report find them by
// name.
func Playing() configs.Checker {
	c := Validating()
	c.LoadVariants = variants.RegisterFileNames
	return c
}

// loadNames reads the variants.ini at path and returns the names of the
// sections it can play and the reasons of those it cannot.
func loadNames(path string) ([]string, map[string]error, error) {
	vs, refused, err := variants.LoadSectionsFile(path)
	if err != nil {
		return nil, nil, err
	}
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = v.Name
	}
	return names, refused, nil
}

// EvalWeight reports whether name is a weight of the variant's default
// evaluation.
func EvalWeight(variant, name string) bool {
	v, err := variants.ByName(variant)
	if err != nil {
		return false
	}
	w, err := search.DefaultWeights(v)
	if err != nil {
		return false
	}
	_, ok := w.Get(name)
	return ok
}
