package check

import (
	"varena/configs"
	"varena/engines/search"
	"varena/engines/variants"
)

// Validating returns the full checker. A run's variant_file is loaded
// into a variants.Set that the checked run holds (Run.VariantSet) and
// plays by; nothing is registered in the process, so any number of
// configs (two files that define the same section name among them) may
// be checked and played in one process.
func Validating() configs.Checker {
	return configs.Checker{Variants: variants.Playable(), SearchOption: search.CheckParam,
		EvalWeight: EvalWeight, LoadVariants: variants.LoadSet, Commands: true}
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
