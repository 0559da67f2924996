package rundir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"varena/results"
)

// MetaDiff lists, one line each, how run b differs from run a in what
// changes games ("engine ab-d3: depth 3 -> 5"); nil when they agree.
// Two metas of which one has no Settings (an older varena's) are
// compared on what both record.
func MetaDiff(a, b Meta) []string {
	return metaDiff(a, b, func(string) bool { return true })
}

// metaDiff is MetaDiff over the settings whose key passes keep.
func metaDiff(a, b Meta, keep func(key string) bool) []string {
	sa, sb := legacySettings(a), legacySettings(b)
	if a.Settings != nil && b.Settings != nil {
		sa, sb = a.Settings, b.Settings
	}
	return diffSettings(sa, sb, keep)
}

// legacySettings are the settings an older varena's meta.json recorded.
func legacySettings(m Meta) map[string]string {
	s := map[string]string{
		"name":             m.Name,
		"seed":             strconv.FormatUint(m.Seed, 10),
		"variants":         strings.Join(m.Variants, ", "),
		"tournament: type": m.Tournament,
		"engines":          strings.Join(m.Engines, ", "),
		"games in all":     strconv.Itoa(m.Total),
	}
	if m.SPRT != nil {
		sp := m.SPRT
		s["sprt"] = fmt.Sprintf("elo0 %g, elo1 %g, alpha %g, beta %g, %s", sp.Elo0, sp.Elo1, sp.Alpha, sp.Beta, sp.Model)
	}
	return s
}

// CheckMeta writes meta.json in a new output directory, or checks that an
// existing one describes the same run: a journal is only resumed by the
// run that wrote it, with the same settings. A meta.json of an older
// varena, which fingerprinted less, is compared on what it holds and
// then rewritten with the full fingerprint (note says so).
func CheckMeta(out string, m Meta, note func(format string, args ...any)) error {
	path := filepath.Join(out, MetaFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		if st, err := os.Stat(filepath.Join(out, JournalFile)); err == nil && st.Size() > 0 {
			// Without it the journal's settings are unknown: resuming
			// would mix games of two settings without a word.
			return fmt.Errorf("%s holds %s but no %s, which records the settings its games were played with: restore %s, or give another -out",
				out, JournalFile, MetaFile, MetaFile)
		}
		return writeMeta(path, m)
	}
	if err != nil {
		return err
	}
	var old Meta
	if err := json.Unmarshal(data, &old); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	diffs := metaDiff(old, m, func(k string) bool { return !capKeys[k] })
	capDiffs := metaDiff(old, m, func(k string) bool { return capKeys[k] })
	if len(diffs) > 0 {
		return fmt.Errorf("%s holds run %s played with other settings; give another -out, or undo the changes:\n  %s",
			out, old.Name, strings.Join(diffs, "\n  "))
	}
	if old.Shards > 1 && (old.Shard != m.Shard || old.Shards != m.Shards) {
		return fmt.Errorf("%s holds shard %s of run %s; this run plays %s: give another -out, or the same -shard",
			out, shardText(old), old.Name, shardText(m))
	}
	if old.Shards == 0 && m.Shards > 1 {
		// A shard's directory made before meta.json recorded shards.
		if err := writeMeta(path, m); err != nil {
			return err
		}
	}
	if old.Settings == nil {
		note("%s: meta.json of an older varena recorded only the names, seed, variants, type and game count: those agree; the other settings (limits, options, openings, weights) cannot be compared and are recorded from now on", out)
		return writeMeta(path, m)
	}
	if len(capDiffs) > 0 {
		// The journal's games are checked against the new schedule
		// (arena) before anything is played.
		note("%s: the run's length changed (%s): it continues to %d games in all", out, strings.Join(capDiffs, "; "), m.Total)
		return writeMeta(path, m)
	}
	return nil
}

// shardText is "2/4", or "the whole schedule".
func shardText(m Meta) string {
	if m.Shards > 1 {
		return fmt.Sprintf("%d/%d", m.Shard, m.Shards)
	}
	return "the whole schedule"
}

// capKeys are the settings that bound how long a run is without changing
// what its games are: the schedule of a longer run starts with the games
// of the shorter one (NewSchedule emits round by round, pair by pair), so
// raising them on a run's directory continues the run and lowering them
// stops it earlier, as datagen -games does. Where a change would give a
// game id another game (games per pairing with several rounds), the
// journal check refuses it by the games themselves.
var capKeys = map[string]bool{"tournament: games": true, "tournament: rounds": true, "games in all": true}

func writeMeta(path string, m Meta) error {
	return results.WriteFileAtomic(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(m)
	})
}

// ReadMeta reads a run's meta.json.
func ReadMeta(dir string) (Meta, error) {
	var m Meta
	data, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("%s: %w", filepath.Join(dir, MetaFile), err)
	}
	return m, nil
}
