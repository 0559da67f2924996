package rundir

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"varena/engines/variants"
	"varena/results"
	"varena/results/rules"
)

// Recorder is the single writer of a run directory's records: every
// finished game goes through Record, which writes the journal first, so
// that a game is counted only once it is safe on disk, then the PGN,
// then the tally. Opening it resumes the directory: the journal's games
// are read back, the PGN is rebuilt from them and they are counted, so
// that one owner holds the journal, the PGN and the statistics from the
// first game read to the summary written.
//
// The directory must be locked (LockDir) and its meta checked
// (CheckMeta) by the caller. One goroutine, the run's consumer, calls
// it; only Summary may be called from others (the live page's), at the
// cost of holding Record back while it computes.
type Recorder struct {
	dir     string
	journal *results.Journal
	pgn     io.WriteCloser
	tally   *Tally
	done    []results.Game
	mu      sync.Mutex // the tally's writes (Record) against Summary

	// Where each game is in games.pgn, so that Finish can put the file in
	// game id order by copying its pieces, without the journal (reading
	// that back is a replay of every game). shuffled says that a game went
	// in after one with a larger id (several workers finish out of order);
	// lost that a PGN write failed, so the pieces are not known and the
	// journal is read after all.
	pgnIndex []pgnPiece
	pgnSize  int64
	shuffled bool
	lost     bool
}

// pgnPiece is one game's text in games.pgn.
type pgnPiece struct {
	id       int
	off, len int64
}

// ErrStopped wraps the error of stop when it ended the journal's reading.
var ErrStopped = errors.New("stopped")

// OpenRecorder opens the records of the run directory dir, described by
// meta, whose games are of the variants of vs (nil: the built-ins): it
// reads the journal back (each game replayed by their rules, CheckGame;
// stop, called after each, may end the reading of a long journal at a
// signal, and the error then wraps ErrStopped), rebuilds games.pgn from
// it, the source of truth, so that a crash between the two writes never
// leaves them apart, and counts its games in the tally.
func OpenRecorder(dir string, meta Meta, vs *variants.Set, stop func() error) (*Recorder, error) {
	var stopped bool
	check := func(results.Game) error {
		if stop == nil {
			return nil
		}
		err := stop()
		stopped = stopped || err != nil
		return err
	}
	journal, done, err := results.OpenJournal(filepath.Join(dir, JournalFile), rules.Referee{Variants: vs}.CheckGame, check)
	if err != nil {
		if stopped {
			return nil, fmt.Errorf("%w: %w", ErrStopped, err)
		}
		return nil, err
	}
	rec := &Recorder{dir: dir, journal: journal, tally: NewTally(meta), done: done}
	sorted := SortedByID(done)
	pgnPath := filepath.Join(dir, PGNFile)
	err = results.WriteFileAtomic(pgnPath, func(w io.Writer) error {
		for _, g := range sorted {
			if err := rec.writePGN(w, g); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		journal.Close()
		return nil, err
	}
	pgn, err := os.OpenFile(pgnPath, os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		journal.Close()
		return nil, err
	}
	rec.pgn = pgn
	for _, g := range sorted {
		if err := rec.tally.Add(g); err != nil {
			rec.abandon()
			return nil, err
		}
	}
	return rec, nil
}

// Done returns the games the journal held when the recorder opened, in
// journal order.
func (rec *Recorder) Done() []results.Game { return rec.done }

// Dropped is the number of half-written journal lines of an interrupted
// write that opening dropped.
func (rec *Recorder) Dropped() int { return rec.journal.Dropped() }

// JournalPath is the journal's file.
func (rec *Recorder) JournalPath() string { return rec.journal.Path() }

// Tally is the count of the games recorded so far, the resumed ones
// included: its cheap views (Played, SPRTDecision, ProgressText) may be
// asked per game.
func (rec *Recorder) Tally() *Tally { return rec.tally }

// Record journals g, then writes its PGN and counts it. counted says
// that g is in the journal and so in the counts: a game the journal
// holds is played, even when its PGN could not be written (a full disk
// said "157 of 240 games played" with 158 in the journal).
func (rec *Recorder) Record(g results.Game) (counted bool, err error) {
	if err := rec.journal.Append(g); err != nil {
		return false, fmt.Errorf("journal: %w", err)
	}
	pgnErr := rec.writePGN(rec.pgn, g)
	rec.lost = rec.lost || pgnErr != nil
	rec.mu.Lock()
	err = rec.tally.Add(g)
	rec.mu.Unlock()
	if err != nil {
		return true, err
	}
	if pgnErr != nil {
		return true, fmt.Errorf("pgn: %w", pgnErr)
	}
	return true, nil
}

// Summary computes the statistics of the games recorded (a fit: not per
// game). It is safe to call from any goroutine.
func (rec *Recorder) Summary() (*Summary, error) {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec.tally.Summary()
}

// CloseJournal syncs and closes the journal: its error is a lost write.
// Record must not be called after it.
func (rec *Recorder) CloseJournal() error {
	if err := rec.journal.Close(); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// Finish writes sum as the directory's summary.json and puts games.pgn
// in game id order (rewritten from the journal only when games went in
// out of order); the journal must be closed (CloseJournal).
func (rec *Recorder) Finish(sum *Summary) error {
	if err := results.WriteFileAtomic(filepath.Join(rec.dir, SummaryFile), sum.WriteJSON); err != nil {
		return err
	}
	rec.pgn.Close() // before the rewrite replaces it
	switch {
	case !rec.shuffled:
		return nil
	case rec.lost:
		return OrderPGN(rec.dir)
	}
	return rec.sortPGN()
}

// writePGN writes g's PGN to w, the end of games.pgn, and notes where it
// went.
func (rec *Recorder) writePGN(w io.Writer, g results.Game) error {
	cw := countingWriter{w: w}
	err := results.WritePGN(&cw, g)
	if n := len(rec.pgnIndex); n > 0 && g.ID < rec.pgnIndex[n-1].id {
		rec.shuffled = true
	}
	rec.pgnIndex = append(rec.pgnIndex, pgnPiece{id: g.ID, off: rec.pgnSize, len: cw.n})
	rec.pgnSize += cw.n
	return err
}

// sortPGN rewrites games.pgn with its games in id order, from its own
// pieces.
func (rec *Recorder) sortPGN() error {
	path := filepath.Join(rec.dir, PGNFile)
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("pgn: %w", err)
	}
	defer f.Close()
	pieces := slices.SortedFunc(slices.Values(rec.pgnIndex), func(a, b pgnPiece) int { return cmp.Compare(a.id, b.id) })
	// Each piece is read into one buffer and written: io.Copy to the
	// buffered writer would take its ReadFrom, which allocates 32 KB a
	// piece, a game.
	buf := make([]byte, 64<<10)
	err = results.WriteFileAtomic(path, func(w io.Writer) error {
		for _, p := range pieces {
			for off, end := p.off, p.off+p.len; off < end; {
				n := min(end-off, int64(len(buf)))
				if _, err := f.ReadAt(buf[:n], off); err != nil {
					return err
				}
				if _, err := w.Write(buf[:n]); err != nil {
					return err
				}
				off += n
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("pgn: %w", err)
	}
	return nil
}

// countingWriter counts what goes through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// abandon closes the files of a recorder whose run ends early; the
// records stay as they are.
func (rec *Recorder) abandon() {
	rec.journal.Close()
	rec.pgn.Close()
}

// Abandon closes the files of a run that ends with an error before its
// summary: every game recorded is in the journal.
func (rec *Recorder) Abandon() { rec.abandon() }
