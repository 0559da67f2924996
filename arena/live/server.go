package live

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"varena/engines/variants"
)

// DefaultAddr is where the page is served unless told otherwise:
// loopback only. Another interface needs an explicit address.
const DefaultAddr = "127.0.0.1:8080"

// writeTimeout is how long a write to a browser may block before the
// browser is dropped (a stalled client, a dead tunnel).
var writeTimeout = 10 * time.Second

// heartbeat keeps proxies and SSH tunnels from closing an idle stream.
const heartbeat = 15 * time.Second

//go:embed page.html
var pageHTML []byte

// Server serves a hub's page, or an event's report.
type Server struct {
	hub     *Hub
	srv     *http.Server
	ln      net.Listener
	reports reportCache
	// event is the directory of the event whose report the server
	// serves (ListenEvent); its variants are eventVariants.
	event         string
	eventVariants *variants.Set
}

// ListenAddr completes an address given on the command line: a bare
// ":PORT" or "PORT" means loopback, so that serving another interface
// always takes an explicit host (0.0.0.0:8080, or the interface's
// address).
func ListenAddr(addr string) string {
	if addr == "" {
		return DefaultAddr
	}
	if _, err := strconv.Atoi(addr); err == nil {
		return "127.0.0.1:" + addr
	}
	if host, port, err := net.SplitHostPort(addr); err == nil && host == "" {
		return net.JoinHostPort("127.0.0.1", port)
	}
	return addr
}

// Listen opens the address (see ListenAddr) and returns a server for the
// hub, not yet serving.
func Listen(addr string, hub *Hub) (*Server, error) {
	return listen(addr, &Server{hub: hub})
}

// ListenEvent opens the address (see ListenAddr) and returns a server,
// not yet serving, of the report of the event (a Swiss or a knockout)
// whose directory is dir, its games of the variants of vs: built afresh
// when the event's record or a round's files change. Each round's live
// page is the server of its own directory (Listen).
func ListenEvent(addr, dir string, vs *variants.Set) (*Server, error) {
	return listen(addr, &Server{event: dir, eventVariants: vs})
}

func listen(addr string, s *Server) (*Server, error) {
	ln, err := net.Listen("tcp", ListenAddr(addr))
	if err != nil {
		return nil, fmt.Errorf("live view: %w", err)
	}
	s.ln = ln
	h := s.Handler()
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		h = loopbackHosts(h)
	}
	s.srv = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: time.Minute}
	return s, nil
}

// URL is the page's address.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() + "/" }

// Serve serves until Shutdown; it returns nil after a Shutdown.
func (s *Server) Serve() error {
	err := s.srv.Serve(s.ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown ends the browsers' streams (the hub's Close) and waits for
// the handlers, at most until ctx ends; then it closes what is left:
// with the page of an ended run, which closes its stream, Chromium left
// a connection that kept http.Server.Shutdown waiting past 2 s (the
// browser tests of cmd/varena). The page has all it needs by then.
func (s *Server) Shutdown(ctx context.Context) error {
	if s.hub != nil {
		s.hub.Close()
	}
	err := s.srv.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		return s.srv.Close()
	}
	return err
}

// Handler returns the routes: the page, its stream and JSON, one game,
// and the report. Nothing else exists; no request reaches a file by its
// path.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	plain := make(plainLimit, maxPlain) // the streams have their own bound, maxClients
	if s.event != "" {
		mux.HandleFunc("GET /{$}", plain.wrap(s.eventReport))
		mux.HandleFunc("GET /report.html", plain.wrap(s.eventReport))
		return secure(mux)
	}
	mux.HandleFunc("GET /{$}", plain.wrap(s.page))
	mux.HandleFunc("GET /events", s.events)
	mux.HandleFunc("GET /api/state", plain.wrap(s.state))
	mux.HandleFunc("GET /api/game/{id}", plain.wrap(s.game))
	mux.HandleFunc("GET /report.html", plain.wrap(s.report))
	return secure(mux)
}

// loopbackHosts refuses requests to a loopback server that name another
// host: a web page elsewhere cannot point its own name at 127.0.0.1 (DNS
// rebinding) and read the run. An SSH tunnel keeps the name localhost.
func loopbackHosts(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if hst, _, err := net.SplitHostPort(host); err == nil {
			host = hst
		}
		ip := net.ParseIP(strings.Trim(host, "[]"))
		if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			http.Error(w, "this server answers to localhost only", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// secure sets headers that keep the page to itself: no framing, no
// sniffing, scripts and connections only from the page and this server.
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; frame-ancestors 'none'")
		h.ServeHTTP(w, r)
	})
}

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(pageHTML)
}

func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	data := s.hub.Snapshot()
	if data == nil {
		data = []byte("{}")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(data)
}

func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil || id < 0 {
		http.Error(w, "bad game id", http.StatusBadRequest)
		return
	}
	g, err := s.hub.game(id)
	if errors.Is(err, errNoGame) {
		http.Error(w, fmt.Sprintf("no game %d", id), http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, "journal unreadable", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(g)
}

// report serves the run's report.html, built once per state of its
// directory (see reportCache). The hub's directory is read under its
// lock: an event's hub moves on to each round's.
func (s *Server) report(w http.ResponseWriter, r *http.Request) {
	page, err := s.reports.get(s.hub.runDir(), s.hub.rules.Variants)
	writeReport(w, page, err, "the run directory")
}

// eventReport serves the event's report.html, built once per state of
// its rounds (see reportCache).
func (s *Server) eventReport(w http.ResponseWriter, r *http.Request) {
	page, err := s.reports.getEvent(s.event, s.eventVariants)
	writeReport(w, page, err, "the event's directory")
}

// writeReport writes a report page, or says that dir (what it was built
// from) cannot be read yet.
func writeReport(w http.ResponseWriter, page []byte, err error, dir string) {
	if err != nil {
		http.Error(w, "no report: "+dir+" is not readable yet", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(page)
}

// events streams snapshots as server-sent events. A browser that does
// not read is dropped once a write has blocked for writeTimeout; one that
// reads slowly gets the newest snapshot and misses those in between.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	c, first := s.hub.subscribe()
	if c == nil {
		http.Error(w, "too many viewers", http.StatusServiceUnavailable)
		return
	}
	defer s.hub.unsubscribe(c)
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	send := func(data []byte) bool {
		rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		var err error
		if data == nil {
			_, err = w.Write([]byte(": ping\n\n"))
		} else {
			_, err = fmt.Fprintf(w, "data: %s\n\n", data)
		}
		return err == nil && rc.Flush() == nil
	}
	if first == nil {
		first = []byte("{}")
	}
	if !send(first) {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.closed:
			return
		case data := <-c.ch:
			if !send(data) {
				return
			}
		case <-tick.C:
			if !send(nil) {
				return
			}
		}
	}
}
