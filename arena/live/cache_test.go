package live

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"
)

// TestClientsThatNeverRead: 200 clients that ask for the report and
// never read leave the server small and /api/state quick. The report is
// built once for the journal's state (it was rebuilt per request: 468 MB
// and 2.7 s for /api/state), plain requests beyond maxPlain get 503 at
// once, and a write that blocks past writeTimeout drops its client, after
// which the report is served again.
func TestClientsThatNeverRead(t *testing.T) {
	old := writeTimeout
	writeTimeout = 500 * time.Millisecond
	defer func() { writeTimeout = old }()
	dir := playDir(t, testConfig, nil)
	hub := NewHub(dir, nil)
	if err := hub.Load(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go hub.Run(ctx)
	s := &Server{hub: hub}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	defer hub.Close()
	waitState(t, ts.URL, func(st State) bool { return st.Played > 0 })

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range 200 {
		c, err := net.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		if tc, ok := c.(*net.TCPConn); ok {
			tc.SetReadBuffer(1024)
		}
		fmt.Fprintf(c, "GET /report.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		conns = append(conns, c)
	}
	time.Sleep(100 * time.Millisecond) // the requests reach their handlers

	var slowest time.Duration
	for range 10 {
		began := time.Now()
		getState(t, ts.URL)
		slowest = max(slowest, time.Since(began))
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapInuse) - int64(before.HeapInuse)
	t.Logf("with 200 clients that never read: /api/state at most %v, heap in use %+d MB, %d report builds",
		slowest.Round(time.Millisecond), grew>>20, s.reports.builds)
	if slowest > time.Second {
		t.Errorf("/api/state took %v", slowest)
	}
	if grew > 100<<20 {
		t.Errorf("the heap grew by %d MB", grew>>20)
	}
	s.reports.mu.Lock()
	builds := s.reports.builds
	s.reports.mu.Unlock()
	if builds != 1 {
		t.Errorf("the report was built %d times for one state of the run", builds)
	}

	// The stalled writes time out, the slots come free, and the report
	// is served again, from the cache.
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get(ts.URL + "/report.html")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			break
		}
		if resp.StatusCode != http.StatusServiceUnavailable || time.Now().After(deadline) {
			t.Fatalf("GET /report.html: %s", resp.Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if s.reports.builds != 1 {
		t.Errorf("the report was rebuilt (%d builds) with its files unchanged", s.reports.builds)
	}
}
