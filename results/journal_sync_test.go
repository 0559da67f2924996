package results

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// fakeSync replaces the journal's fsync for a test: each sync records the
// file's size when it began, and may be held up or fail.
type fakeSync struct {
	mu      sync.Mutex
	sizes   []int64     // file size at each sync
	started []time.Time // when each sync began
	hold    chan struct{}
	err     error
}

func installFakeSync(t *testing.T) *fakeSync {
	t.Helper()
	fs := &fakeSync{}
	old := syncFile
	syncFile = func(f *os.File) error {
		st, err := f.Stat()
		if err != nil {
			return err
		}
		fs.mu.Lock()
		fs.sizes = append(fs.sizes, st.Size())
		fs.started = append(fs.started, time.Now())
		hold, ferr := fs.hold, fs.err
		fs.mu.Unlock()
		if hold != nil {
			<-hold
		}
		return ferr
	}
	t.Cleanup(func() { syncFile = old })
	return fs
}

func (fs *fakeSync) count() int {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return len(fs.sizes)
}

func (fs *fakeSync) lastSize() int64 {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if len(fs.sizes) == 0 {
		return -1
	}
	return fs.sizes[len(fs.sizes)-1]
}

// waitSyncs waits until n syncs have begun; it fails after a second.
func (fs *fakeSync) waitSyncs(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for fs.count() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d syncs after a second, want %d", fs.count(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// TestJournalGroupCommit checks Append's guarantee: the line is written
// when Append returns, and synced by one fsync shared by the games of the
// next SyncDelay, never while Append waits.
func TestJournalGroupCommit(t *testing.T) {
	fs := installFakeSync(t)
	path := filepath.Join(t.TempDir(), "run.jsonl")
	j, _, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()

	appended := time.Now()
	for id := 1; id <= 50; id++ {
		if err := j.Append(game(id, Draw)); err != nil {
			t.Fatal(err)
		}
		// Written before Append returned: another reader (or the next
		// run, after a kill -9) sees the whole line.
		games, err := ReadJournal(path)
		if err != nil || len(games) != id {
			t.Fatalf("after Append(%d) the file holds %d games (%v)", id, len(games), err)
		}
	}
	elapsed := time.Since(appended)
	fs.waitSyncs(t, 1)
	fs.mu.Lock()
	delay := fs.started[0].Sub(appended)
	fs.mu.Unlock()
	if delay < SyncDelay/2 {
		t.Errorf("first sync %v after the first Append; want about SyncDelay (%v): syncs are grouped", delay, SyncDelay)
	}
	if n, most := fs.count(), int(elapsed/SyncDelay)+2; n > most {
		t.Errorf("%d syncs for 50 appends in %v: not grouped (want at most %d)", n, elapsed, most)
	}
	time.Sleep(2 * SyncDelay)
	if got, want := fs.lastSize(), fileSize(t, path); got != want {
		t.Errorf("the last sync saw %d bytes, the file has %d: lines left unsynced", got, want)
	}
	t.Logf("50 appends, %d sync(s), the first %v after the first append", fs.count(), delay.Round(time.Millisecond))

	// A slow disk does not slow Append: with a sync hanging, appends go on
	// and get a sync of their own once it is done.
	hold := make(chan struct{})
	fs.mu.Lock()
	fs.hold = hold
	fs.mu.Unlock()
	before := fs.count()
	if err := j.Append(game(100, WhiteWins)); err != nil {
		t.Fatal(err)
	}
	fs.waitSyncs(t, before+1) // now hanging
	start := time.Now()
	for id := 101; id <= 110; id++ {
		if err := j.Append(game(id, BlackWins)); err != nil {
			t.Fatal(err)
		}
	}
	if took := time.Since(start); took > SyncDelay {
		t.Errorf("10 appends took %v while a sync hung", took)
	}
	fs.mu.Lock()
	fs.hold = nil
	fs.mu.Unlock()
	close(hold)
	fs.waitSyncs(t, before+2)
	if got, want := fs.lastSize(), fileSize(t, path); got != want {
		t.Errorf("the sync after the slow one saw %d bytes, the file has %d", got, want)
	}
}

// TestJournalCloseSyncs checks that Close syncs what is pending, and that
// nothing syncs after Close.
func TestJournalCloseSyncs(t *testing.T) {
	fs := installFakeSync(t)
	path := filepath.Join(t.TempDir(), "run.jsonl")
	j, _, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if fs.count() != 0 {
		t.Errorf("closing a journal with nothing written synced %d times", fs.count())
	}

	j, _, err = OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= 3; id++ {
		if err := j.Append(game(id, Draw)); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if fs.count() != 1 || fs.lastSize() != fileSize(t, path) {
		t.Errorf("Close: %d syncs, the last of %d bytes; want 1 of %d", fs.count(), fs.lastSize(), fileSize(t, path))
	}
	time.Sleep(2 * SyncDelay)
	if fs.count() != 1 {
		t.Errorf("%d syncs after Close, want none", fs.count()-1)
	}
}

// TestJournalSyncError checks that a failed background sync stops the
// journal: the next Append and Close report it.
func TestJournalSyncError(t *testing.T) {
	fs := installFakeSync(t)
	fs.err = errors.New("disk on fire")
	path := filepath.Join(t.TempDir(), "run.jsonl")
	j, _, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Append(game(1, Draw)); err != nil {
		t.Fatal(err)
	}
	fs.waitSyncs(t, 1)
	for deadline := time.Now().Add(time.Second); ; time.Sleep(time.Millisecond) {
		j.mu.Lock()
		recorded := j.syncErr != nil
		j.mu.Unlock()
		if recorded {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the failed sync was not recorded within a second")
		}
	}
	err = j.Append(game(2, Draw))
	if err == nil || !errors.Is(err, fs.err) {
		t.Errorf("Append after a failed sync: %v, want the sync's error", err)
	}
	if err := j.Close(); err == nil || !errors.Is(err, fs.err) {
		t.Errorf("Close after a failed sync: %v, want the sync's error", err)
	}
	// The line written before the failure is in the file all the same.
	data, _ := os.ReadFile(path)
	if bytes.Count(data, []byte("\n")) != 1 {
		t.Errorf("the file holds %q", data)
	}
}
