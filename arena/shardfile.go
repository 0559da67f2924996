package arena

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"varena/results"
)

// ShardFile records, in a directory played with -shard i/n, which shard
// of how many it holds and whether it has played its part. A cluster
// resubmits one task of an array with its own numbering (Slurm's
// SLURM_ARRAY_TASK_COUNT is 1 inside `sbatch --array=2`), so a shard
// directory must say what it is: a later run on it with another i/n is
// refused, and a merge can tell a missing or unfinished shard from a
// complete one.
const ShardFile = "shard.json"

// ShardRecord is the content of ShardFile.
type ShardRecord struct {
	Shard  int `json:"shard"`  // 1-based index
	Shards int `json:"shards"` // how many shards the run has
	// Games is the number of games of the schedule this shard plays;
	// Played how many of them are in its journal.
	Games  int `json:"games"`
	Played int `json:"played"`
	// Finished is true once the shard has played its part: every game,
	// or until its SPRT decided (Stopped then says so).
	Finished bool   `json:"finished"`
	Stopped  string `json:"stopped,omitempty"`
}

// String names the shard as the command line does: "2/4".
func (s ShardRecord) String() string { return fmt.Sprintf("%d/%d", s.Shard, s.Shards) }

// ReadShard reads dir's shard record; it returns nil and no error when
// dir has none (a run played on one machine, or a merge).
func ReadShard(dir string) (*ShardRecord, error) {
	path := filepath.Join(dir, ShardFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("shard record: %w", err)
	}
	var s ShardRecord
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if s.Shards < 1 || s.Shard < 1 || s.Shard > s.Shards {
		return nil, fmt.Errorf("%s: shard %d of %d is not a shard", path, s.Shard, s.Shards)
	}
	return &s, nil
}

// checkShard refuses to play shard i/n into dir when dir already holds
// another shard (or a whole run), so that a task resubmitted with the
// wrong numbering cannot fill a shard's directory with other games.
func checkShard(dir string, i, n int, hasGames bool) error {
	have, err := ReadShard(dir)
	if err != nil {
		return err
	}
	want := ShardRecord{Shard: i, Shards: n}
	switch {
	case have == nil && hasGames && n > 0:
		return fmt.Errorf("%s holds a run played without -shard; shard %s belongs in a directory of its own", dir, want)
	case have == nil:
		return nil
	case n == 0:
		return fmt.Errorf("%s holds shard %s of this run; resume it with -shard %s", dir, have, have)
	case have.Shard != i || have.Shards != n:
		return fmt.Errorf("%s holds shard %s of this run, not %s: a resubmitted task must keep the run's shard count (give -shard i/%d with the index of the task)",
			dir, have, want, have.Shards)
	}
	return nil
}

// writeShard records rec in dir.
func writeShard(dir string, rec ShardRecord) error {
	return results.WriteFileAtomic(filepath.Join(dir, ShardFile), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rec)
	})
}
