package rundir

import (
	"fmt"
	"path/filepath"

	"varena/results"
)

// OrderPGN rewrites a run's games.pgn from its journal in game id order
// when games finished out of it (several workers, or a resume), so that
// the PGN of a run is the same whatever the concurrency, the resumes or
// the shards merged into it (merge writes id order too). While the run
// plays, games are appended as they finish; a crash before this rewrite
// leaves them complete, in finish order, and the next run rewrites them.
func OrderPGN(outDir string) error {
	games, err := results.ReadJournal(filepath.Join(outDir, JournalFile))
	if err != nil {
		return fmt.Errorf("pgn: %w", err)
	}
	for i := 1; i < len(games); i++ {
		if games[i].ID < games[i-1].ID {
			return WritePGNFile(filepath.Join(outDir, PGNFile), SortedByID(games))
		}
	}
	return nil
}
