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

// ShardFile records, in a directory played with -shard i/n, which shard
// of how many it holds and whether it has played its part. A cluster
// resubmits one task of an array with its own numbering (Slurm's
// SLURM_ARRAY_TASK_COUNT is 1 inside `sbatch --array=2`), so a shard
// directory must say what it is. meta.json records which shard it is, so
// that a later run on it with another i/n is refused (checkMeta); this
// record adds how far the shard has got, so that a merge can tell a
// missing or unfinished shard from a complete one, and a heartbeat that
// tells the other shards of an SPRT it still plays (peers).
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

// WriteShard records rec in dir.
func WriteShard(dir string, rec ShardRecord) error {
	return results.WriteFileAtomic(filepath.Join(dir, ShardFile), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rec)
	})
}
