package arena

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"varena/engines/variants"
	"varena/results/rundir"
)

// variantFileKey is the setting of meta.json that holds the hash of a
// run's variants.ini (see fingerprint).
const variantFileKey = "variant file"

// LoadRunVariants loads the variants of the variants.ini a run
// directory was played with, which its meta.json names, so that its
// games can be replayed by their rules (rate, report, serve). The Set is
// the built-ins only (nil) when the run has none, or dir is no run's
// directory; its Warnings are the file's. A file that is gone or whose
// content is not the one the games were played with is an error that
// says to give -variant-file. An event's directory has its rounds'
// file (every round plays the event's variants).
func LoadRunVariants(dir string) (*variants.Set, error) {
	m, err := rundir.ReadMeta(dir)
	if errors.Is(err, os.ErrNotExist) {
		if ed, err := ReadEventDir(dir); err == nil {
			if rounds := ed.RoundDirs(); len(rounds) > 0 {
				return LoadRunVariants(rounds[0])
			}
		}
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	want := m.Settings[variantFileKey]
	if want == "" {
		return nil, nil
	}
	meta := filepath.Join(dir, rundir.MetaFile)
	if m.VariantFile == "" {
		return nil, fmt.Errorf("%s: the run was played with a variants.ini (%s) whose path this meta.json does not record: give it with -variant-file", meta, want)
	}
	data, err := os.ReadFile(m.VariantFile)
	if err != nil {
		return nil, fmt.Errorf("%s: the run's variant file: %w (give the file with -variant-file)", meta, err)
	}
	if got := variants.ContentHash(data); got != want {
		return nil, fmt.Errorf("%s: the run's variant file %s is now %s, its games were played with %s: give that file with -variant-file", meta, m.VariantFile, got, want)
	}
	set, err := variants.ParseSet(data, m.VariantFile)
	if err != nil {
		return nil, fmt.Errorf("%s: the run's variant file: %w", meta, err)
	}
	return set, nil
}
