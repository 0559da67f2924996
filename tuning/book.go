package tuning

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"varena/arena/openings"
	"varena/engines"
	"varena/engines/limits"
	"varena/engines/search"
	"varena/results"
	"varena/results/rundir"
)

// BookOptions configure MakeBook.
type BookOptions struct {
	Variant *engines.Variant
	Weights *search.Weights // the built-in engine's weights (scores)
	Count   int             // positions in the book when done
	Plies   int             // random plies of each candidate (default 8)
	// Lo and Hi bound the kept scores, in centipawns from White's view
	// (both 0: the default window -50..50).
	Lo, Hi      int
	Nodes       int64 // node limit of the scoring search (default 5000)
	Seed        uint64
	Concurrency int // candidates at once; 0: one per CPU
	Hash        int // MB of transposition table per worker (default 8)
	// Pair, when set (weak, strong node limits), also plays each
	// candidate that the window keeps as a colour-reversed pair: the
	// built-in engine at Pair[0] nodes against itself at Pair[1] nodes.
	// A pair that each colour won (1-1, the weak engine winning with
	// the colour the strong one won with) says the position, not the
	// engines, decided the games: the candidate is dropped.
	Pair      [2]int64
	PairPlies int // a pair game longer than this is a draw (default 300)
	// Command is the command line that made the book, for its header
	// (default: one built from the options).
	Command  string
	Progress io.Writer
	Log      io.Writer
}

func (o *BookOptions) fillDefaults() {
	if o.Plies == 0 {
		o.Plies = 8
	}
	if o.Lo == 0 && o.Hi == 0 {
		o.Lo, o.Hi = -50, 50
	}
	if o.Nodes == 0 {
		o.Nodes = 5000
	}
	if o.Concurrency <= 0 {
		o.Concurrency = runtime.NumCPU()
	}
	if o.Hash <= 0 {
		o.Hash = 8
	}
	if o.PairPlies <= 0 {
		o.PairPlies = 300
	}
	if o.Command == "" {
		o.Command = fmt.Sprintf("varena book -variant %s -count %d -plies %d -window %d,%d -nodes %d -seed %d",
			o.Variant.Name, o.Count, o.Plies, o.Lo, o.Hi, o.Nodes, o.Seed)
		if o.paired() {
			o.Command += fmt.Sprintf(" -pair %d,%d", o.Pair[0], o.Pair[1])
		}
	}
}

func (o *BookOptions) paired() bool { return o.Pair != [2]int64{} }

// settings is the header line that says what a book's positions depend
// on: a resume with other settings is refused. The count, concurrency
// and output file are not in it.
func (o *BookOptions) settings() string {
	s := fmt.Sprintf("# settings: variant %s, plies %d, window %d,%d (White's view), nodes %d, seed %d, weights fnv64:%016x, openings %s",
		o.Variant.Name, o.Plies, o.Lo, o.Hi, o.Nodes, o.Seed, o.Weights.Fingerprint(), openings.RandomOpeningRule)
	if o.paired() { // absent otherwise: books made before the filter still resume
		s += fmt.Sprintf(", pair %d,%d nodes (1-1 pairs dropped, draw after %d plies)", o.Pair[0], o.Pair[1], o.PairPlies)
	}
	return s
}

// maxCandidatesPer bounds the candidates tried per position asked for:
// a window random play almost never reaches ends with an error rather
// than running on.
const maxCandidatesPer = 200

// BookStats say what a MakeBook call did.
type BookStats struct {
	Positions  int // positions in the book
	Resumed    int // positions found in the file at the start
	Candidates int // candidates scored by this call
	Elapsed    time.Duration
}

// MakeBook writes a book of Count positions to path (an EPD file): the
// positions of random openings (openings.RandomOpening, so none is decided
// at once) of Plies plies that a fresh search of the built-in engine at
// Nodes nodes scores, from White's view, within [Lo, Hi] centipawns,
// each position once. A line holds the position's FEN fields, hmvc and
// fmvn, the score from the side to move's view as EPD's ce, and the
// candidate's number as id; the header comments give the command and
// the settings.
//
// Candidate i (from 1) depends only on the seed and i, and candidates
// are taken in order, so the same settings give the same book whatever
// the concurrency. A book left by an interrupted call is resumed (a
// half-written last line dropped) from the candidate after its last;
// -count may be raised to add positions. When ctx ends, MakeBook keeps
// what is written and returns ctx's error.
func MakeBook(ctx context.Context, path string, opt BookOptions) (BookStats, error) {
	opt.fillDefaults()
	start := time.Now()
	var st BookStats
	switch {
	case opt.Count <= 0:
		return st, fmt.Errorf("book: %d positions: want 1 or more", opt.Count)
	case opt.Lo > opt.Hi:
		return st, fmt.Errorf("book: window %d,%d: the low bound is above the high one", opt.Lo, opt.Hi)
	case opt.Plies < 0:
		return st, fmt.Errorf("book: %d plies: want 0 or more", opt.Plies)
	case opt.paired() && (opt.Pair[0] < 1 || opt.Pair[1] <= opt.Pair[0]):
		return st, fmt.Errorf("book: pair %d,%d nodes: want the weak engine's limit, 1 or more, below the strong one's", opt.Pair[0], opt.Pair[1])
	}
	// One writer at a time, as for datagen: two calls on one book would
	// interleave their positions. A call that ends before its header
	// leaves nothing behind.
	own, err := rundir.OwnFile(path)
	if err != nil {
		return st, fmt.Errorf("book: %w", err)
	}
	defer own.End()
	settings := opt.settings()
	seen, next, err := resumeBook(path, opt.Variant, settings)
	if err != nil {
		return st, err
	}
	st.Resumed, st.Positions = len(seen), len(seen)
	if st.Positions >= opt.Count {
		return st, writeBookHeader(path, opt.Command, settings)
	}
	if next == 1 {
		if err := writeBookHeader(path, opt.Command, settings); err != nil {
			return st, err
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return st, fmt.Errorf("book: %w", err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)

	type scored struct {
		i    int
		line string // "" when not kept
		key  uint64
	}
	wctx, stop := context.WithCancel(ctx) // ends the workers when the book is full
	defer stop()
	jobs := make(chan int)
	out := make(chan scored, opt.Concurrency)
	var wg sync.WaitGroup
	for range opt.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newBookWorker(&opt)
			for i := range jobs {
				c, ok := w.candidate(wctx, &opt, i)
				if !ok {
					return
				}
				select {
				case out <- scored{i, c.line, c.key}:
				case <-wctx.Done():
					return
				}
			}
		}()
	}
	last := next - 1 + maxCandidatesPer*opt.Count
	go func() {
		defer close(jobs)
		for i := next; i <= last; i++ {
			select {
			case jobs <- i:
			case <-wctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()

	bar := newProgress(opt.Progress, opt.Log, "book", "positions", "", opt.Count, st.Positions, 0)
	pending := map[int]scored{}
	done := next - 1 // candidates decided, in order
	var werr error
	for c := range out {
		pending[c.i] = c
		for st.Positions < opt.Count && werr == nil {
			c, ok := pending[done+1]
			if !ok {
				break
			}
			delete(pending, done+1)
			done++
			st.Candidates++
			if c.line == "" || seen[c.key] {
				continue
			}
			seen[c.key] = true
			st.Positions++
			if _, werr = w.WriteString(c.line + "\n"); werr == nil {
				werr = w.Flush() // a whole line at a time reaches the file
			}
		}
		bar.update(st.Positions, fmt.Sprintf("%d candidates, %.0f%% kept", done, 100*float64(st.Positions)/float64(max(done, 1))))
		if st.Positions >= opt.Count || werr != nil {
			stop()
			break
		}
	}
	bar.finish()
	st.Elapsed = time.Since(start)
	if werr != nil {
		return st, fmt.Errorf("book: writing %s: %w", path, werr)
	}
	if err := f.Sync(); err != nil {
		return st, fmt.Errorf("book: %w", err)
	}
	if st.Positions < opt.Count {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		return st, fmt.Errorf("book: %d of %d positions after %d candidates: the window %d,%d is too narrow for %d random plies; widen it or change -plies",
			st.Positions, opt.Count, done, opt.Lo, opt.Hi, opt.Plies)
	}
	f.Close()
	return st, writeBookHeader(path, opt.Command, settings)
}

// candidate is a scored candidate: its book line ("" when not kept)
// and its position's key for deduplication.
type candidate struct {
	line string
	key  uint64
}

// bookWorker holds one worker's searchers: the scoring one, and with
// BookOptions.Pair the weak and strong sides of the pair games.
type bookWorker struct {
	score, weak, strong *search.Searcher
}

func newBookWorker(opt *BookOptions) *bookWorker {
	w := &bookWorker{score: search.New(opt.Weights, opt.Hash)}
	if opt.paired() {
		w.weak, w.strong = search.New(opt.Weights, opt.Hash), search.New(opt.Weights, opt.Hash)
	}
	return w
}

// candidate makes and scores candidate i; its line is "" when it is not
// kept. ok is false when ctx ended first.
func (w *bookWorker) candidate(ctx context.Context, opt *BookOptions, i int) (candidate, bool) {
	s := w.score
	op, err := openings.RandomOpening(opt.Variant, opt.Plies, opt.Seed, uint64(i))
	if err != nil {
		return candidate{}, ctx.Err() == nil // no opening: not kept
	}
	pos, err := engines.ParseFEN(opt.Variant, op.FEN)
	if err != nil {
		return candidate{}, ctx.Err() == nil
	}
	s.NewGame()
	r := s.Search(ctx, engines.NewGame(pos), limits.Limits{Nodes: opt.Nodes}, nil)
	if ctx.Err() != nil {
		return candidate{}, false
	}
	white := r.Score
	if pos.SideToMove() == engines.Black {
		white = -white
	}
	c := candidate{key: fenKey(op.FEN)}
	if limits.MateIn(r.Score) != 0 || white < opt.Lo || white > opt.Hi {
		return c, true
	}
	if opt.paired() {
		weak, strong := playSide{w.weak, opt.Pair[0]}, playSide{w.strong, opt.Pair[1]}
		first, ok := playOut(ctx, pos, weak, strong, opt.PairPlies)
		if !ok {
			return candidate{}, false
		}
		second, ok := playOut(ctx, pos, strong, weak, opt.PairPlies)
		if !ok {
			return candidate{}, false
		}
		if first == second && first != engines.Draw {
			return c, true // one colour won both games: 1-1
		}
	}
	c.line = bookLine(op.FEN, r.Score, i)
	return c, true
}

// playSide is a side of a play-out: a searcher and its node limit.
type playSide struct {
	s     *search.Searcher
	nodes int64
}

// playOut plays a game from pos, each side searching afresh (a new game
// for its hash table), and returns its result: a draw after maxPlies
// plies. ok is false when ctx ended first.
func playOut(ctx context.Context, pos engines.Position, white, black playSide, maxPlies int) (engines.Result, bool) {
	white.s.NewGame()
	black.s.NewGame()
	g := engines.NewGame(pos)
	for ply := 0; ; ply++ {
		if o := g.Outcome(); o.Result != engines.Ongoing {
			return o.Result, true
		}
		if ply == maxPlies {
			return engines.Draw, true
		}
		side := white
		if g.Position().SideToMove() == engines.Black {
			side = black
		}
		r := side.s.Search(ctx, g, limits.Limits{Nodes: side.nodes}, nil)
		if ctx.Err() != nil {
			return engines.Ongoing, false
		}
		g.Play(r.Move)
	}
}

// bookLine writes a book position: the four FEN fields, the move
// counters as hmvc and fmvn, ce (side to move's view) and id.
func bookLine(fen string, ce, id int) string {
	pos, counters := engines.PositionFields(strings.Fields(fen))
	var b strings.Builder
	b.WriteString(strings.Join(pos, " "))
	if len(counters) >= 2 {
		fmt.Fprintf(&b, " hmvc %s; fmvn %s;", counters[0], counters[1])
	}
	fmt.Fprintf(&b, " ce %d; id \"%d\";", ce, id)
	return b.String()
}

// writeBookHeader writes the header of a new book, or rewrites the
// command line of an existing one (a raised -count) keeping the rest.
func writeBookHeader(path, command, settings string) error {
	head := "# made by: " + command + "\n" + settings + "\n" +
		"# each line: a position, ce = its score in centipawns from the side to move's view, id = the candidate it came from\n"
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("book: %w", err)
	}
	body := data
	for len(body) > 0 && body[0] == '#' {
		nl := bytes.IndexByte(body, '\n')
		if nl < 0 {
			body = nil
			break
		}
		body = body[nl+1:]
	}
	if bytes.HasPrefix(data, []byte(head)) && len(data)-len(body) == len(head) {
		return nil
	}
	return results.WriteFileAtomic(path, func(w io.Writer) error {
		if _, err := io.WriteString(w, head); err != nil {
			return err
		}
		_, err := w.Write(body)
		return err
	})
}

// resumeBook reads the book at path, if any: it checks that its
// settings line is the same, drops a half-written last line, and
// returns the positions kept (for deduplication) and the next
// candidate.
func resumeBook(path string, v *engines.Variant, settings string) (seen map[uint64]bool, next int, err error) {
	seen = map[uint64]bool{}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return seen, 1, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("book: %w", err)
	}
	if len(data) == 0 {
		return seen, 1, nil
	}
	end := bytes.LastIndexByte(data, '\n') + 1 // drop a half-written last line
	var old string
	next = 1
	for off, n := 0, 1; off < end; n++ {
		nl := bytes.IndexByte(data[off:end], '\n')
		text := strings.TrimSpace(string(data[off : off+nl]))
		off += nl + 1
		switch {
		case strings.HasPrefix(text, "# settings:"):
			old = text
			continue
		case text == "" || strings.HasPrefix(text, "#"):
			continue
		}
		id, fen, err := parseBookLine(text)
		if err == nil {
			_, err = engines.ParseFEN(v, fen)
		}
		if err != nil {
			return nil, 0, fmt.Errorf("book: %s:%d: %w", path, n, err)
		}
		if id < next {
			return nil, 0, fmt.Errorf("book: %s:%d: candidate %d after %d: not written by varena book in order", path, n, id, next-1)
		}
		next = id + 1
		seen[fenKey(fen)] = true
	}
	if old == "" {
		return nil, 0, fmt.Errorf("book: %s exists without a \"# settings:\" line: not a book of varena book to resume; choose another -out", path)
	}
	if old != settings {
		return nil, 0, fmt.Errorf("book: %s was made with other settings (%s); to resume it use the same ones, or choose another -out",
			path, strings.TrimPrefix(old, "# settings: "))
	}
	if end < len(data) {
		if err := os.Truncate(path, int64(end)); err != nil {
			return nil, 0, fmt.Errorf("book: %w", err)
		}
	}
	return seen, next, nil
}

// parseBookLine reads a book line's candidate id and FEN (four fields,
// plus the counters of hmvc and fmvn).
func parseBookLine(text string) (id int, fen string, err error) {
	f := strings.Fields(text)
	if len(f) < 4 {
		return 0, "", fmt.Errorf("%q: want four FEN fields then EPD operations", text)
	}
	pos, rest := engines.PositionFields(f)
	fen = strings.Join(pos, " ")
	ops := map[string]string{}
	for _, op := range strings.Split(strings.Join(rest, " "), ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(op), " ")
		if k != "" {
			ops[k] = strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	id, err = strconv.Atoi(ops["id"])
	if err != nil || id < 1 {
		return 0, "", fmt.Errorf("%q: no candidate id (id \"N\")", text)
	}
	if h, m := ops["hmvc"], ops["fmvn"]; h != "" && m != "" {
		fen += " " + h + " " + m
	}
	return id, fen, nil
}
