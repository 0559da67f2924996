package live

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"varena/arena"
	"varena/engines/variants"
	"varena/results/report"
	"varena/results/rundir"
)

// maxPlain bounds the plain requests (the page, the state, a game, the
// report) served at once, as maxClients bounds the streams: 200 clients
// that asked and never read held 468 MB; a request over the bound gets
// 503 at once.
const maxPlain = 64

// plainLimit holds a slot per plain request being served.
type plainLimit chan struct{}

// wrap serves h within the limit, each request with a write deadline of
// writeTimeout, so that a client that never reads is dropped instead of
// holding its response and its goroutine.
func (l plainLimit) wrap(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		select {
		case l <- struct{}{}:
			defer func() { <-l }()
		default:
			http.Error(w, "too many requests", http.StatusServiceUnavailable)
			return
		}
		http.NewResponseController(w).SetWriteDeadline(time.Now().Add(writeTimeout))
		h(w, r)
	}
}

// reportCache keeps report.html as built for one state of the run
// directory, so that it is built once per journal state, not once per
// request (each build read the whole journal).
type reportCache struct {
	mu     sync.Mutex // held while building: one build at a time
	key    string
	page   []byte
	builds int // for tests
}

// reportFiles are the files report.Load reads; their sizes and times
// are the state a cached page belongs to.
var reportFiles = []string{rundir.JournalFile, rundir.MetaFile, rundir.SetupFile, rundir.SummaryFile}

// stateKey names the state of dir's report files.
func stateKey(dir string) string {
	var b bytes.Buffer
	for _, f := range reportFiles {
		if st, err := os.Stat(filepath.Join(dir, f)); err == nil {
			fmt.Fprintf(&b, "%s %d %d;", f, st.Size(), st.ModTime().UnixNano())
		} else {
			fmt.Fprintf(&b, "%s -;", f)
		}
	}
	return b.String()
}

// get returns the report page of dir as it now stands, built only when
// its files changed since the last build.
func (c *reportCache) get(dir string, vs *variants.Set) ([]byte, error) {
	return c.build(stateKey(dir), func(w io.Writer) error {
		run, err := report.Load(dir, vs)
		if err != nil {
			return err
		}
		return report.Write(w, run)
	})
}

// getEvent returns the report page of an event's directory as it now
// stands, built only when its record or a round's files changed since
// the last build.
func (c *reportCache) getEvent(dir string, vs *variants.Set) ([]byte, error) {
	ed, err := arena.ReadEventDir(dir)
	if err != nil {
		return nil, err
	}
	key := stateKey(dir) // the event's own files: none of a run's
	if st, err := os.Stat(filepath.Join(dir, rundir.EventFile)); err == nil {
		key += fmt.Sprintf("%s %d %d;", rundir.EventFile, st.Size(), st.ModTime().UnixNano())
	}
	for _, rd := range ed.RoundDirs() {
		key += rd + ":" + stateKey(rd)
	}
	return c.build(key, func(w io.Writer) error {
		ev, err := ed.Load(vs)
		if err != nil {
			return err
		}
		_, err = report.WriteEvent(w, ev)
		return err
	})
}

// build returns the page of the state key, written by write only when
// the key changed since the last build.
func (c *reportCache) build(key string, write func(io.Writer) error) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.page != nil && key == c.key {
		return c.page, nil
	}
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return nil, err
	}
	c.key, c.page = key, b.Bytes()
	c.builds++
	return c.page, nil
}
