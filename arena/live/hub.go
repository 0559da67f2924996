package live

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"time"

	"varena/arena"
	"varena/engines"
	"varena/engines/variants"
	"varena/results"
	"varena/results/rules"
	"varena/results/rundir"
	"varena/results/stats"
)

// Bounds of what the hub keeps and sends.
const (
	recentGames = 40                     // finished games listed (and kept with their moves)
	maxClients  = 64                     // browsers at once; more get 503
	minInterval = 200 * time.Millisecond // between two snapshots
)

// Hub follows a run and keeps the snapshot the page shows. Its Watcher
// methods are safe for concurrent use and never block on a reader.
type Hub struct {
	dir string // the run directory (an event's round): the journal read for old games
	// rules replays and draws the run's games by their variants' rules:
	// the built-ins and the run's variants.ini.
	rules  rules.Referee
	notify chan struct{}

	mu        sync.Mutex
	meta      rundir.Meta
	scheduled int
	started   time.Time
	before    int            // games already done when the hub started
	pending   []results.Game // finished, not yet folded into the tally
	seen      map[int]bool
	live      map[int]*liveGame
	recent    []results.Game // the last finished games, newest last
	running   bool
	ended     bool
	note      string // how the run ended, or a problem
	loaded    bool   // filled from the directory (Load), not watching the run
	// summary is the run's own statistics (the recorder's, UseSummary)
	// when the hub watches a run in this process; without it (varena
	// serve) the hub replays the journal's games into a tally itself.
	summary func() (*rundir.Summary, error)
	span    journalSpan // of the finished games, the elapsed time when loaded

	clientsMu sync.Mutex
	clients   map[*client]struct{}
	last      []byte // the latest snapshot, for a new client
	closed    chan struct{}
	endedOut  chan struct{} // closed once a snapshot of the ended run is out
	endOnce   sync.Once
}

// liveGame is a game in progress.
type liveGame struct {
	spec  arena.GameSpec
	moves []results.Move
	pos   engines.Position // now
	last  arena.LiveMove   // the latest, for its clocks and limits
}

// client is one browser's mailbox: at most one snapshot waits.
type client struct {
	ch chan []byte
}

// NewHub returns a hub for the run directory dir. Run starts its
// snapshot loop.
func NewHub(dir string, vs *variants.Set) *Hub {
	return &Hub{dir: dir, rules: rules.Referee{Variants: vs}, notify: make(chan struct{}, 1), seen: map[int]bool{},
		live: map[int]*liveGame{}, clients: map[*client]struct{}{}, closed: make(chan struct{}),
		endedOut: make(chan struct{}), started: time.Now()}
}

// Started implements arena.Watcher.
func (h *Hub) Started(meta rundir.Meta, scheduled int, done []results.Game) {
	h.mu.Lock()
	h.meta, h.scheduled, h.running, h.started = meta, scheduled, true, time.Now()
	for _, g := range done {
		if !h.seen[g.ID] {
			h.seen[g.ID] = true
			h.pending = append(h.pending, g)
			h.before++
			h.span.add(g)
		}
	}
	h.mu.Unlock()
	h.wake()
}

// NextRound implements arena.RoundWatcher: the hub follows the event's
// next round, a run of its own in dir whose games are numbered from 1
// again, so what it knew of the round before goes.
func (h *Hub) NextRound(dir string) {
	h.mu.Lock()
	h.dir, h.scheduled, h.before = dir, 0, 0
	h.seen, h.live = map[int]bool{}, map[int]*liveGame{}
	h.pending, h.recent, h.span = nil, nil, journalSpan{}
	h.mu.Unlock()
	h.wake()
}

// runDir is the directory of the run the hub follows.
func (h *Hub) runDir() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.dir
}

// UseSummary implements arena.SummaryWatcher.
func (h *Hub) UseSummary(summary func() (*rundir.Summary, error)) {
	h.mu.Lock()
	h.summary = summary
	h.mu.Unlock()
}

// Moved implements arena.Watcher.
func (h *Hub) Moved(m arena.LiveMove) {
	h.mu.Lock()
	g := h.live[m.Game.ID]
	if g == nil || m.Ply == 0 {
		g = &liveGame{spec: m.Game}
		h.live[m.Game.ID] = g
	}
	if m.Ply > 0 {
		g.moves = append(g.moves, m.Move)
	}
	g.pos, g.last = m.Pos, m
	h.mu.Unlock()
	h.wake()
}

// Finished implements arena.Watcher.
func (h *Hub) Finished(g results.Game) {
	h.mu.Lock()
	delete(h.live, g.ID)
	if !h.seen[g.ID] {
		h.seen[g.ID] = true
		h.pending = append(h.pending, g)
		h.span.add(g)
	}
	h.mu.Unlock()
	h.wake()
}

// End marks the run as over (note says how), so that the page stops
// waiting; games still shown in progress were not finished.
func (h *Hub) End(note string) {
	h.mu.Lock()
	h.running, h.ended, h.note = false, true, note
	h.live = map[int]*liveGame{}
	h.mu.Unlock()
	h.wake()
}

// Load fills the hub from a run directory, for `varena serve`: its meta
// and the games its journal holds (what it could read of a damaged one).
func (h *Hub) Load() error {
	meta, err := rundir.ReadMeta(h.dir)
	if err != nil {
		return err
	}
	games, skipped, err := results.SalvageJournal(filepath.Join(h.dir, rundir.JournalFile))
	if err != nil {
		return err
	}
	h.Started(meta, meta.Total, games)
	h.mu.Lock()
	h.running, h.loaded = false, true
	h.endIfCompleteLocked()
	if len(skipped) > 0 {
		h.note = "skipped: " + skipped[0]
		if len(skipped) > 1 {
			h.note += " (and more: see varena report)"
		}
	}
	h.mu.Unlock()
	return nil
}

// Follow reads the journal again whenever it grows, until ctx ends, so
// that `varena serve` of a directory another process (another machine,
// through a shared file system) is writing shows its new games.
func (h *Hub) Follow(ctx context.Context, every time.Duration) {
	path := filepath.Join(h.dir, rundir.JournalFile)
	var size int64 = -1
	if st, err := os.Stat(path); err == nil {
		size = st.Size()
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-h.closed:
			return
		case <-t.C:
		}
		st, err := os.Stat(path)
		if err != nil || st.Size() == size {
			continue
		}
		size = st.Size()
		games, _, err := results.SalvageJournal(path)
		if err != nil {
			continue
		}
		for _, g := range games {
			h.mu.Lock()
			seen := h.seen[g.ID]
			h.mu.Unlock()
			if !seen {
				h.Finished(g)
			}
		}
		h.mu.Lock()
		h.endIfCompleteLocked()
		h.mu.Unlock()
		h.wake()
	}
}

// endIfCompleteLocked marks a served directory's run as ended once its
// journal holds every game of the schedule, so that the page of a
// finished run says so (a run still playing elsewhere, which Follow
// watches, is not). A shard's directory holds a part of the schedule
// only, and a run that stopped early (an SPRT's verdict) cannot be told
// from one that is still playing: those stay open. h.mu is held.
func (h *Hub) endIfCompleteLocked() {
	if h.ended || h.meta.Shards > 1 || h.meta.Total == 0 || len(h.seen) < h.meta.Total {
		return
	}
	h.ended = true
	if h.note == "" {
		h.note = "run finished"
	}
}

func (h *Hub) wake() {
	select {
	case h.notify <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Run keeps the snapshot up to date until ctx ends or Close is called.
func (h *Hub) Run(ctx context.Context) {
	tally := (*rundir.Tally)(nil)
	var tallyMeta *rundir.Meta
	for {
		select {
		case <-ctx.Done():
			return
		case <-h.closed:
			return
		case <-h.notify:
		}
		h.mu.Lock()
		source := h.summary
		if source == nil && (tally == nil || tallyMeta == nil || !sameMeta(*tallyMeta, h.meta)) {
			m := h.meta
			tallyMeta = &m
			tally = rundir.NewTally(m)
		}
		pending := h.pending
		h.pending = nil
		played := len(h.seen)
		h.mu.Unlock()
		var sum *rundir.Summary // an error leaves the standings empty, not the page
		if source != nil {
			sum, _ = source()
		} else {
			for _, g := range pending {
				tally.Add(g) // a bad record is the journal's concern; the view shows what adds up
			}
			sum, _ = tally.Summary()
		}
		if sum != nil {
			played = sum.Played
		}
		data, ended := h.snapshot(sum, played, pending)
		h.publish(data)
		if ended {
			h.endOnce.Do(func() { close(h.endedOut) })
		}
		// At most one snapshot per minInterval, however fast games go.
		select {
		case <-ctx.Done():
			return
		case <-h.closed:
			return
		case <-time.After(minInterval):
		}
	}
}

func sameMeta(a, b rundir.Meta) bool {
	return a.Name == b.Name && slices.Equal(a.Engines, b.Engines) && slices.Equal(a.Variants, b.Variants)
}

// Close ends Run and every browser's stream.
func (h *Hub) Close() {
	h.clientsMu.Lock()
	defer h.clientsMu.Unlock()
	select {
	case <-h.closed:
	default:
		close(h.closed)
	}
}

// subscribe adds a browser; nil when there are too many.
func (h *Hub) subscribe() (*client, []byte) {
	h.clientsMu.Lock()
	defer h.clientsMu.Unlock()
	if len(h.clients) >= maxClients {
		return nil, nil
	}
	c := &client{ch: make(chan []byte, 1)}
	h.clients[c] = struct{}{}
	return c, h.last
}

func (h *Hub) unsubscribe(c *client) {
	h.clientsMu.Lock()
	defer h.clientsMu.Unlock()
	delete(h.clients, c)
}

// Clients returns the number of browsers following the stream.
func (h *Hub) Clients() int {
	h.clientsMu.Lock()
	defer h.clientsMu.Unlock()
	return len(h.clients)
}

// publish offers a snapshot to every browser without waiting: a full
// mailbox has its older snapshot replaced.
func (h *Hub) publish(data []byte) {
	h.clientsMu.Lock()
	defer h.clientsMu.Unlock()
	h.last = data
	for c := range h.clients {
		select {
		case c.ch <- data:
		default:
			select {
			case <-c.ch: // drop the one it has not read
			default:
			}
			select {
			case c.ch <- data:
			default:
			}
		}
	}
}

// Snapshot returns the latest snapshot (JSON), nil before the first.
func (h *Hub) Snapshot() []byte {
	h.clientsMu.Lock()
	defer h.clientsMu.Unlock()
	return h.last
}

// State is the snapshot the page shows (served as JSON).
type State struct {
	Name       string   `json:"name"`
	Variants   []string `json:"variants"`
	Tournament string   `json:"tournament"`
	Scheduled  int      `json:"scheduled"` // games this process plays in all
	Total      int      `json:"total"`     // games of the whole schedule
	Played     int      `json:"played"`
	Running    bool     `json:"running"`
	Ended      bool     `json:"ended"`
	Note       string   `json:"note,omitempty"`
	ElapsedS   float64  `json:"elapsed_s"`
	ETAS       float64  `json:"eta_s"` // -1: unknown
	PerMinute  float64  `json:"games_per_minute"`

	Standings []rundir.Standing      `json:"standings"`
	Ratings   stats.Table            `json:"ratings"`
	Cross     *Cross                 `json:"crosstable,omitempty"`
	SPRT      *rundir.SPRTState      `json:"sprt,omitempty"`
	Matrix    *rundir.Matrix         `json:"matrix,omitempty"` // a per-variant SPRT's
	Recent    []Brief                `json:"recent"`
	Live      []Live                 `json:"live"`
	Boards    map[string]rules.Board `json:"boards"` // variant -> its board
	Letters   map[string]string      `json:"letters,omitempty"`
	PriorNote string                 `json:"prior_note,omitempty"` // why ratings differ from a pairing's Elo
	RankedBy  string                 `json:"ranked_by,omitempty"`  // the standings' order (rundir.RankByPoints or RankByScore)
}

// Cross is the crosstable in standings order.
type Cross struct {
	Names []string   `json:"names"`
	Cells [][]string `json:"cells"`
}

// Brief is a finished game in the list.
type Brief struct {
	ID          int    `json:"id"`
	Variant     string `json:"variant"`
	White       string `json:"white"`
	Black       string `json:"black"`
	Result      string `json:"result"`
	Termination string `json:"termination"`
	Plies       int    `json:"plies"`
}

// Live is a game in progress.
type Live struct {
	ID      int      `json:"id"`
	Variant string   `json:"variant"`
	White   string   `json:"white"`
	Black   string   `json:"black"`
	Moves   []string `json:"moves"` // SAN
	FEN     string   `json:"fen"`
	LastUCI string   `json:"last_uci,omitempty"`
	Sides   [2]Side  `json:"sides"` // White, Black
}

// WaitEnded waits until the snapshot of the ended run (End) has been
// offered to the browsers, or ctx ends.
func (h *Hub) WaitEnded(ctx context.Context) {
	select {
	case <-h.endedOut:
	case <-ctx.Done():
	}
}

// snapshot builds the State JSON from the statistics of every finished
// game (sum, nil when they could not be computed) and the games
// finished since the last one. It also says whether the run has ended.
func (h *Hub) snapshot(sum *rundir.Summary, played int, newGames []results.Game) ([]byte, bool) {
	h.mu.Lock()
	st := State{Name: h.meta.Name, Variants: h.meta.Variants, Tournament: h.meta.Tournament,
		Scheduled: h.scheduled, Total: h.meta.Total, Played: played, Running: h.running,
		Ended: h.ended, Note: h.note, ETAS: -1, Boards: map[string]rules.Board{}}
	for _, g := range newGames {
		if _, ok := g.WhiteScore(); ok {
			h.recent = append(h.recent, g)
		}
	}
	if n := len(h.recent) - recentGames; n > 0 {
		h.recent = slices.Delete(h.recent, 0, n)
	}
	elapsed := time.Since(h.started)
	if h.loaded {
		elapsed = h.span.length()
	}
	st.ElapsedS = elapsed.Seconds()
	if now := st.Played - h.before; now > 0 && h.running {
		per := elapsed / time.Duration(now)
		st.PerMinute = float64(now) / elapsed.Minutes()
		if left := h.scheduled - st.Played; left >= 0 {
			st.ETAS = (per * time.Duration(left)).Seconds()
		}
	}
	for i := len(h.recent) - 1; i >= 0; i-- {
		g := h.recent[i]
		st.Recent = append(st.Recent, Brief{ID: g.ID, Variant: g.Variant, White: g.White, Black: g.Black,
			Result: g.Result, Termination: g.Termination, Plies: len(g.Moves)})
	}
	ids := make([]int, 0, len(h.live))
	for id := range h.live {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		g := h.live[id]
		l := Live{ID: id, Variant: g.spec.Variant, White: g.spec.White, Black: g.spec.Black,
			Moves: make([]string, len(g.moves)), FEN: g.pos.FEN()}
		for i, m := range g.moves {
			l.Moves[i] = m.SAN
		}
		if len(g.moves) > 0 {
			l.LastUCI = g.moves[len(g.moves)-1].UCI
		}
		l.Sides = sidesOf(g)
		st.Live = append(st.Live, l)
	}
	h.mu.Unlock()
	for _, v := range st.Variants {
		if b, err := h.rules.BoardOf(v); err == nil {
			st.Boards[v] = b
		}
	}
	if sum != nil {
		st.Standings, st.Ratings, st.SPRT, st.Letters = sum.Standings, sum.Ratings, sum.SPRT, sum.Letters
		st.Matrix = sum.Matrix
		st.PriorNote, st.RankedBy = sum.PriorNote(), sum.RankedBy
		if len(sum.Standings) >= 2 {
			st.Cross = crossOf(sum)
		}
	}
	data, err := json.Marshal(st)
	if err != nil {
		return []byte(`{"note":"internal error: snapshot"}`), st.Ended
	}
	return data, st.Ended
}

// crossOf lays out the crosstable as the text tables do.
func crossOf(s *rundir.Summary) *Cross {
	c := &Cross{}
	for _, r := range s.Standings {
		c.Names = append(c.Names, r.Name)
	}
	cells := map[[2]string]string{}
	for _, p := range s.Pairings {
		cells[[2]string{p.A, p.B}] = rundir.CellText(p, false, s.Letters, s.Meta.Variants, s.PerGameCells())
		cells[[2]string{p.B, p.A}] = rundir.CellText(p, true, s.Letters, s.Meta.Variants, s.PerGameCells())
	}
	for _, row := range c.Names {
		var r []string
		for _, col := range c.Names {
			r = append(r, cells[[2]string{row, col}])
		}
		c.Cells = append(c.Cells, r)
	}
	return c
}
