package results

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
)

// SalvageJournal reads what it can of a journal that may be damaged, for
// reports and viewers, which show what survives rather than refuse: every
// line that is a valid record is kept (the first of two with one ID), and
// each line that is not is named in skipped as "path:line: why". The
// file is not changed. Runs and merges use ReadJournal and OpenJournal,
// which refuse damage in the middle, since skipping a game there would
// change the results. A record a check refuses is skipped, named with
// the reason.
func SalvageJournal(path string, checks ...Check) (games []Game, skipped []string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("results: %w", err)
	}
	defer f.Close()
	return salvage(f, path, checks)
}

// salvage is SalvageJournal of what r reads, named path in skipped: the
// fuzz test reads its inputs from memory, since a file per input made
// its executions slow enough to meet the fuzzer's stop deadline under
// load.
func salvage(r io.Reader, path string, checks []Check) (games []Game, skipped []string, err error) {
	seen := map[int]bool{}
	br := bufio.NewReaderSize(r, 64<<10)
	for lineNo := 1; ; lineNo++ {
		line, rerr := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			g, perr := parseLine(line)
			var refused error
			if perr == nil && !seen[g.ID] {
				refused = runChecks(checks, g)
			}
			switch {
			case perr != nil && rerr == io.EOF && line[len(line)-1] != '\n':
				skipped = append(skipped, fmt.Sprintf("%s:%d: half-written last line (a run was stopped while writing it)", path, lineNo))
			case perr != nil:
				skipped = append(skipped, fmt.Sprintf("%s:%d: bad journal line: %v", path, lineNo, perr))
			case seen[g.ID]:
				skipped = append(skipped, fmt.Sprintf("%s:%d: game %d again (the first record is kept)", path, lineNo, g.ID))
			case refused != nil:
				skipped = append(skipped, fmt.Sprintf("%s:%d: game %d: %v", path, lineNo, g.ID, refused))
			default:
				seen[g.ID] = true
				games = append(games, g)
			}
		}
		if rerr == io.EOF {
			return games, skipped, nil
		}
		if rerr != nil {
			return games, skipped, fmt.Errorf("results: read journal %s: %w", path, rerr)
		}
	}
}
