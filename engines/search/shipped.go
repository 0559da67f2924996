package search

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
)

// The weights shipped with varena live beside their parser, so that the
// engine needs no config package to evaluate: a tune (`varena tune`)
// writes files in the same format, and a run names them per engine.
//
//go:embed weights/*.yaml
var shipped embed.FS

// WeightsPath returns the path, relative to the repository, of a
// variant's shipped weights: the name their messages give.
func WeightsPath(variant string) string { return "engines/search/weights/" + variant + ".yaml" }

// ShippedWeights returns the embedded weights of a variant and the name
// to use for it in messages; a variant without a file is an error that
// wraps fs.ErrNotExist.
func ShippedWeights(variant string) (data []byte, name string, err error) {
	data, err = shipped.ReadFile("weights/" + variant + ".yaml")
	if err != nil {
		return nil, "", fmt.Errorf("no shipped weights for variant %q: %w", variant, err)
	}
	return data, WeightsPath(variant), nil
}

// errNoFile reports whether err is ShippedWeights' error for a variant
// that has no weights file.
func errNoFile(err error) bool { return errors.Is(err, fs.ErrNotExist) }
