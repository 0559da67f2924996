package results

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"time"
)

// ErrDuplicate is returned by Journal.Append for a game whose ID the
// journal already holds, and by OpenJournal and ReadJournal for a file
// that holds an ID twice
// or read from it twice.
var ErrDuplicate = errors.New("game ID already in the journal")

// ErrConflict is returned by Merge when two inputs hold different records
// under the same game ID.
var ErrConflict = errors.New("conflicting records")

// SyncDelay is how long after an Append the journal's file is synced to
// disk at the latest (group commit; see Journal.Append). A kill loses
// nothing written; only a machine crash can lose the games of the last
// SyncDelay. Every fsync costs the harness CPU (about 5% of it at 50 ms
// in a fast match of external engines), so it is not shorter.
const SyncDelay = 200 * time.Millisecond

// syncFile is the fsync of the journal's file (replaced by tests).
var syncFile = (*os.File).Sync

// Journal is the arena's record of finished games: a JSON Lines file, one
// Game per line, written as each game finishes and synced to disk within
// SyncDelay. It is the source of truth of a run; re-running a run reopens
// it and resumes, never replaying or counting a finished game twice.
//
// A Journal is meant for one writer (the arena's results consumer); its
// methods are nevertheless safe for concurrent use. Two processes must
// not append to the same file.
type Journal struct {
	mu      sync.Mutex
	path    string
	f       *os.File
	size    int64 // bytes of complete, good lines
	ids     map[int]bool
	dropped int
	line    []byte // the line being appended, its buffer reused
	err     error  // set when the file may hold a partial write, or a sync failed
	syncErr error  // a failed background sync, for Close

	// Group commit: timer is the pending sync of lines written since
	// the last sync began (nil: none pending). syncing is held during
	// a sync, so that Close waits for it; it is taken before mu.
	timer   *time.Timer
	syncing sync.Mutex
}

// OpenJournal opens the journal at path, creating it if it is missing, and
// returns the games it holds, in file order.
//
// A last line that is incomplete (no trailing newline: the process was
// killed while writing it) or not a valid record is dropped, and the file
// is truncated to the end of the last good line so that appending can
// continue; Dropped tells how many lines were dropped (0 or 1). A bad
// line followed by other lines is an error naming path:line. A game whose
// ID appeared on an earlier line is skipped (the first record wins) and
// counted by Duplicates.
//
// Each check, if given, vets every record read (the arena replays it by
// the rules, see rules.Referee.CheckGame): a record it refuses is an error naming
// path:line and the reason, wherever it stands, since a whole line that
// is false is no torn write.
func OpenJournal(path string, checks ...Check) (*Journal, []Game, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("results: %w", err)
	}
	sc, err := scanJournal(f, path, checks)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if sc.size != sc.good {
		// Cut the half-written or bad last line; O_APPEND makes the next
		// write land at the new end.
		if err := f.Truncate(sc.good); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("results: repair journal: %w", err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("results: repair journal: %w", err)
		}
	}
	j := &Journal{
		path:    path,
		f:       f,
		size:    sc.good,
		ids:     sc.ids,
		dropped: sc.dropped,
	}
	return j, sc.games, nil
}

// ReadJournal reads the games of the journal at path without changing the
// file, for read-only use (rating, merging, reports). An incomplete or bad
// last line is ignored, as the journal may be in use; a bad line in the
// middle is an error naming path:line, and so is a game whose ID
// appeared on an earlier line, and one a check refuses (see OpenJournal).
func ReadJournal(path string, checks ...Check) ([]Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	defer f.Close()
	sc, err := scanJournal(f, path, checks)
	if err != nil {
		return nil, err
	}
	return sc.games, nil
}

// DecodeJournal reads journal lines from r as ReadJournal reads its file
// (name names it in errors), for a caller that reads through a reader of
// its own: one that counts the bytes for a progress bar, or stops when
// the user does. An error of r ends the read and is returned wrapped.
func DecodeJournal(r io.Reader, name string, checks ...Check) ([]Game, error) {
	sc, err := scanJournal(r, name, checks)
	if err != nil {
		return nil, err
	}
	return sc.games, nil
}

// ReadJournalFrom reads the games of the journal at path from byte
// offset on, as ReadJournal reads them from its start, and returns the
// offset after its last whole good line, where the next read resumes: a
// follower of a journal another process writes reads each line once.
// Line numbers in errors count from offset.
func ReadJournalFrom(path string, offset int64, checks ...Check) (games []Game, next int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, offset, fmt.Errorf("results: %w", err)
	}
	defer f.Close()
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return nil, offset, fmt.Errorf("results: %w", err)
	}
	name := path
	if offset > 0 {
		name = fmt.Sprintf("%s (from byte %d)", path, offset)
	}
	sc, err := scanJournal(f, name, checks)
	if err != nil {
		return nil, offset, err
	}
	return sc.games, offset + sc.good, nil
}

// Path returns the journal's file name.
func (j *Journal) Path() string { return j.path }

// Dropped returns the number of lines OpenJournal dropped from the end of
// the file (a game being written when the previous run stopped).
func (j *Journal) Dropped() int { return j.dropped }

// Has reports whether the journal holds the game with this ID.
func (j *Journal) Has(id int) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.ids[id]
}

// Len returns the number of games in the journal.
func (j *Journal) Len() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.ids)
}

// Append writes g as one line at the end of the journal. It refuses a
// game whose ID is already in the journal (ErrDuplicate) and a record that
// is not valid (a negative ID or an unknown result).
//
// Durability, exactly:
//   - The line is in the file, written by one write(2), when Append
//     returns: from then on the game survives the process being killed
//     (kill -9, a panic, os.Exit), as the kernel holds the data.
//   - It reaches the disk, surviving a crash of the machine or a power
//     cut, by an fsync that starts at most SyncDelay (200 ms) after
//     Append returned (later only while an earlier fsync is still
//     running), or in Close, whichever comes first. Lines appended
//     meanwhile share that fsync (group commit), so Append never waits
//     for the disk.
//
// A machine crash can thus lose the games of the last SyncDelay or so; a
// resumed run plays them again, as a torn or bad last line is dropped on
// reopening.
//
// If a write fails, the partial line is cut off again; if that or a sync
// fails, the journal refuses further appends (and Close reports the
// sync's error), since the file's content is then unknown. Reopening the
// file repairs it.
func (j *Journal) Append(g Game) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		return fmt.Errorf("results: journal %s: %w", j.path, os.ErrClosed)
	}
	if j.err != nil {
		return fmt.Errorf("results: journal %s unusable after an earlier error: %w", j.path, j.err)
	}
	if j.ids[g.ID] {
		return fmt.Errorf("results: journal %s: game %d: %w", j.path, g.ID, ErrDuplicate)
	}
	line, err := formatLine(j.line[:0], g)
	if err != nil {
		return fmt.Errorf("results: journal %s: game %d: %w", j.path, g.ID, err)
	}
	j.line = line
	n, err := j.f.Write(line)
	if err != nil {
		if n > 0 {
			if terr := j.f.Truncate(j.size); terr != nil {
				j.err = err
			}
		}
		return fmt.Errorf("results: journal %s: game %d: %w", j.path, g.ID, err)
	}
	j.size += int64(n)
	j.ids[g.ID] = true
	if j.timer == nil {
		j.timer = time.AfterFunc(SyncDelay, j.groupSync)
	}
	return nil
}

// groupSync syncs the lines written since the last sync began. A line
// appended while it runs gets a sync of its own.
func (j *Journal) groupSync() {
	j.syncing.Lock()
	defer j.syncing.Unlock()
	j.mu.Lock()
	f := j.f
	j.timer = nil
	j.mu.Unlock()
	if f == nil {
		return // Close synced
	}
	err := syncFile(f)
	if err == nil {
		return
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.syncErr == nil {
		j.syncErr = fmt.Errorf("sync: %w", err)
		if j.err == nil {
			j.err = j.syncErr
		}
	}
}

// Close syncs what is not synced yet and closes the journal's file; it
// returns the error of a failed sync, including an earlier one in the
// background. Closing a closed journal does nothing.
func (j *Journal) Close() error {
	j.mu.Lock()
	f := j.f
	if f == nil {
		j.mu.Unlock()
		return nil
	}
	j.f = nil // a background sync from now on does nothing
	pending := j.timer != nil
	if pending {
		j.timer.Stop()
		j.timer = nil
	}
	j.mu.Unlock()

	j.syncing.Lock() // wait for a sync in progress
	var err error
	if pending {
		if err = syncFile(f); err != nil {
			err = fmt.Errorf("sync: %w", err)
		}
	}
	j.syncing.Unlock()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if err == nil {
		err = j.syncErr
	}
	if err != nil {
		return fmt.Errorf("results: journal %s: %w", j.path, err)
	}
	return nil
}

// Merge joins the games of several journals (shards of one run, or
// copies of it) by ID and returns them sorted by ID. A game present in
// several inputs with the same content is kept once, the first input's
// record; the same ID with different content is an error wrapping
// ErrConflict. Content is what the game is, not when it ran: a shard
// played again (another start time, duration, site or move times) merges
// with its first play (see withoutTiming).
func Merge(journals ...[]Game) ([]Game, error) {
	type entry struct {
		g   Game
		src int
	}
	byID := make(map[int]entry)
	for src, games := range journals {
		for _, g := range games {
			prev, ok := byID[g.ID]
			if !ok {
				byID[g.ID] = entry{g, src}
				continue
			}
			if a, b := withoutTiming(prev.g), withoutTiming(g); !sameGame(a, b) {
				return nil, fmt.Errorf("results: merge: game %d (%s-%s) differs between input %d and input %d: %s: %w",
					g.ID, prev.g.White, prev.g.Black, prev.src+1, src+1, gameDiff(a, b), ErrConflict)
			}
		}
	}
	out := make([]Game, 0, len(byID))
	for _, e := range byID {
		out = append(out, e.g)
	}
	slices.SortFunc(out, func(a, b Game) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

// journalScan is what scanJournal found in a journal file.
type journalScan struct {
	games   []Game
	ids     map[int]bool
	lines   map[int]int // game ID -> its line
	good    int64       // offset just past the last line to keep
	size    int64       // bytes read
	dropped int
}

// Check vets a record read from a journal: nil, or why it is false.
type Check func(Game) error

// runChecks applies checks to g, the first refusal winning.
func runChecks(checks []Check, g Game) error {
	for _, c := range checks {
		if err := c(g); err != nil {
			return err
		}
	}
	return nil
}

// scanJournal reads a journal from r; name is used in errors. See
// OpenJournal for how bad, duplicate and refused lines are treated.
func scanJournal(r io.Reader, name string, checks []Check) (journalScan, error) {
	sc := journalScan{ids: make(map[int]bool), lines: make(map[int]int)}
	br := bufio.NewReaderSize(r, 64<<10)
	var bad error // a bad line, fatal unless it turns out to be the last
	lineNo := 0
	for {
		line, rerr := br.ReadBytes('\n')
		if len(line) > 0 {
			lineNo++
			sc.size += int64(len(line))
			complete := line[len(line)-1] == '\n'
			switch {
			case len(bytes.TrimSpace(line)) == 0:
				// Blank lines are harmless; keep them unless they
				// follow the bad line or end the file unfinished.
				if bad == nil && complete {
					sc.good = sc.size
				}
			case bad != nil:
				return sc, bad
			case !complete:
				sc.dropped++
			default:
				g, err := parseLine(line)
				if err != nil {
					bad = fmt.Errorf("results: %s:%d: bad journal line: %w", name, lineNo, err)
					break
				}
				if first, dup := sc.lines[g.ID]; dup {
					return sc, fmt.Errorf("results: %s:%d: game %d is also on line %d (%s); a journal holds each game once, so two runs wrote to it or it was edited: keep the right line and delete the other: %w",
						name, lineNo, g.ID, first, sameOrNot(sc.games, g), ErrDuplicate)
				}
				if err := runChecks(checks, g); err != nil {
					return sc, fmt.Errorf("results: %s:%d: game %d: %w", name, lineNo, g.ID, err)
				}
				sc.ids[g.ID] = true
				sc.lines[g.ID] = lineNo
				sc.games = append(sc.games, g)
				sc.good = sc.size
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return sc, fmt.Errorf("results: read journal %s: %w", name, rerr)
		}
	}
	if bad != nil {
		sc.dropped++
	}
	return sc, nil
}

// sameOrNot says whether g agrees with the earlier record of its ID in
// games, for the duplicate's message.
func sameOrNot(games []Game, g Game) string {
	for i := len(games) - 1; i >= 0; i-- {
		if games[i].ID != g.ID {
			continue
		}
		if diff := gameDiff(games[i], g); diff != "" {
			return "the copies differ: " + diff
		}
		return "the copies agree"
	}
	return "?"
}

// parseLine decodes one journal line.
func parseLine(line []byte) (Game, error) {
	var g Game
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return g, errors.New("not a JSON object")
	}
	if fast, ok := decodeLine(line); ok {
		g = fast
	} else if err := json.Unmarshal(line, &g); err != nil {
		return Game{}, err
	}
	if err := check(g); err != nil {
		return Game{}, err
	}
	return g, nil
}

// formatLine appends g as one journal line, newline included, to dst.
func formatLine(dst []byte, g Game) ([]byte, error) {
	if err := check(g); err != nil {
		return nil, err
	}
	if dst == nil {
		dst = make([]byte, 0, 512+128*len(g.Moves))
	}
	return appendLine(dst, &g)
}

// check rejects records no run writes.
func check(g Game) error {
	if g.ID < 0 {
		return fmt.Errorf("negative game ID %d", g.ID)
	}
	if !validResult(g.Result) {
		return fmt.Errorf("game %d: bad result %q", g.ID, g.Result)
	}
	return nil
}

func validResult(r string) bool {
	return r == WhiteWins || r == BlackWins || r == Draw || r == Unfinished
}
