package rundir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"varena/results"
)

// ErrUnrecorded is CheckSettings' error for work that exists without the
// record of its settings: resuming it could mix two settings unseen.
var ErrUnrecorded = errors.New("holds work without the record of its settings")

// CheckSettings is the side record of what long work (an SPSA tune's
// directory, a datagen file) was made with, so that a resume with other
// settings is refused: when path does not exist it is written from want
// as JSON, unless the work file already holds something (ErrUnrecorded);
// otherwise the settings that differ are returned, one line each, as
// "key old -> new" with JSON field paths for keys ("limits.nodes 1000 ->
// 2000"), and none when they agree. A run directory's meta.json, which
// also records shards and caps, is CheckMeta's.
func CheckSettings(path, work string, want any) ([]string, error) {
	wantJSON, err := json.MarshalIndent(want, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	have, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		if st, err := os.Stat(work); err == nil && st.Size() > 0 {
			return nil, ErrUnrecorded
		}
		return nil, results.WriteFileAtomic(path, func(w io.Writer) error {
			_, err := w.Write(append(wantJSON, '\n'))
			return err
		})
	}
	if err != nil {
		return nil, err
	}
	var a, b any
	if err := json.Unmarshal(have, &a); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := json.Unmarshal(wantJSON, &b); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	sa, sb := map[string]string{}, map[string]string{}
	flatten("", a, sa)
	flatten("", b, sb)
	return diffSettings(sa, sb, func(string) bool { return true }), nil
}

// flatten records each leaf of a decoded JSON value under its dotted
// path, lists by index.
func flatten(key string, v any, out map[string]string) {
	join := func(k string) string {
		if key == "" {
			return k
		}
		return key + "." + k
	}
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			flatten(join(k), x, out)
		}
	case []any:
		for i, x := range v {
			flatten(join(fmt.Sprint(i)), x, out)
		}
	default:
		b, _ := json.Marshal(v)
		out[key] = string(b)
	}
}

// diffSettings lists the keys (passing keep) whose values differ between
// a and b, sorted, as "key x -> y"; a key only one side has shows
// "(none)" on the other.
func diffSettings(a, b map[string]string, keep func(key string) bool) []string {
	keys := slices.Sorted(maps.Keys(a))
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var diffs []string
	for _, k := range keys {
		x, okx := a[k]
		y, oky := b[k]
		if !keep(k) || okx && oky && x == y {
			continue
		}
		if !okx {
			x = "(none)"
		}
		if !oky {
			y = "(none)"
		}
		diffs = append(diffs, fmt.Sprintf("%s %s -> %s", k, x, y))
	}
	return diffs
}
