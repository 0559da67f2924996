package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/limits"
	"varena/engines/search"
	"varena/engines/variants"
)

// ServerOptions configure Serve. Zero fields take their defaults.
type ServerOptions struct {
	// Variant is the initial UCI_Variant (default: the first of
	// variants.All, extinction).
	Variant string
	// Hash is the initial transposition table size in MB (default 16).
	Hash int
	// MaxHash is the largest Hash the option accepts (default 4096).
	MaxHash int
	// Weights is a YAML weights file for the initial variant; empty means
	// the variant's built-in weights.
	Weights string
	// Variants holds the variants of a variants.ini (varena uci
	// -variant-file) that UCI_Variant offers besides the built-ins, as
	// VariantPath then adds those of its files; nil: none.
	Variants *variants.Set

	// reuse, when not nil, is a searcher of Hash MB to serve with instead
	// of a new one, reset to the defaults and a new game first: a fuzz
	// test's sessions then cost microseconds, not the milliseconds of
	// allocating and clearing a searcher's megabytes.
	reuse *reusedSearcher
}

// reusedSearcher is a searcher that outlives sessions, and the size of
// its table.
type reusedSearcher struct {
	searcher *search.Searcher
	hash     int
}

// Server defaults and limits.
const (
	defaultHash    = 16
	defaultMaxHash = 4096
	maxLineBytes   = 1 << 20 // longer input lines are ignored with a message
)

// Serve speaks UCI on in and out: the engine side, for cutechess-cli,
// fastchess and GUIs. It returns nil after "quit" or at the end of in,
// ctx.Err() when ctx ends, or the error of a failed write. The end of in,
// "quit" and the end of ctx stop a running search (any limit, as "stop"
// does) and print its bestmove: every go ends in exactly one bestmove.
//
// Lines are read in a goroutine that feeds a select loop; a search runs in
// its own goroutine under a cancellable context, so that "stop", "isready"
// and "quit" are answered while it runs. A command that changes the state
// (position, go, setoption, ucinewgame) while a search runs stops that
// search first, with its bestmove. Every bad line is answered with
// "info string" and changes nothing. The reading goroutine ends when in
// does (or after its next line once Serve has returned).
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts ServerOptions) error {
	s, err := newServer(opts, out)
	if err != nil {
		return err
	}
	lines := make(chan inputLine)
	readErr := make(chan error, 1)
	stopRead := make(chan struct{})
	defer close(stopRead)
	go func() {
		readErr <- readLines(in, func(l inputLine) bool {
			select {
			case lines <- l:
				return true
			case <-stopRead:
				return false
			}
		})
		close(lines)
	}()

	for {
		var done <-chan search.Result
		if s.job != nil {
			done = s.job.done
		}
		select {
		case <-ctx.Done():
			s.stopSearch()
			s.waitSearch()
			return ctx.Err()
		case res := <-done:
			s.finishSearch(res)
		case l, ok := <-lines:
			if !ok {
				// The end of the input ends the session as "quit" does in
				// Stockfish: a running search stops, whatever its limit
				// ("go depth 99" would otherwise run on for hours with no
				// one to stop it), and prints its bestmove.
				s.stopSearch()
				s.waitSearch()
				if err := <-readErr; err != nil && !errors.Is(err, io.EOF) {
					return fmt.Errorf("uci: reading commands: %w", err)
				}
				return s.out.error()
			}
			if l.tooLong {
				s.info("line too long (over %d bytes), ignored", maxLineBytes)
			} else if s.handle(l.text) {
				s.stopSearch()
				s.waitSearch()
				return s.out.error()
			}
		}
		if err := s.out.error(); err != nil {
			s.abortSearch()
			return err
		}
	}
}

// inputLine is one command line, or the mark of a line too long to keep.
type inputLine struct {
	text    string
	tooLong bool
}

// readLines calls emit for each line of r (without its line end) until r
// ends or emit returns false. Lines longer than maxLineBytes are replaced
// by a tooLong mark instead of being buffered.
func readLines(r io.Reader, emit func(inputLine) bool) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	tooLong := false
	for {
		chunk, isPrefix, err := br.ReadLine()
		if err != nil {
			return err
		}
		if !tooLong {
			buf = append(buf, chunk...)
			if len(buf) > maxLineBytes {
				tooLong, buf = true, buf[:0]
			}
		}
		if isPrefix {
			continue
		}
		l := inputLine{text: string(buf), tooLong: tooLong}
		buf, tooLong = buf[:0], false
		if !emit(l) {
			return nil
		}
	}
}

// lineWriter writes whole lines from several goroutines and keeps the
// first error.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (w *lineWriter) println(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		_, w.err = io.WriteString(w.w, s+"\n")
	}
}

func (w *lineWriter) error() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// server is the state of one Serve session. Only the select loop touches
// it; a running search owns searcher and the game it was given.
type server struct {
	out     *lineWriter
	maxHash int

	variant  *engines.Variant
	game     *engines.Game
	searcher *search.Searcher
	defaults map[*engines.Variant]*search.Weights
	// loaded holds the variants of VariantPath files, this session's own
	// (another session, or the rest of the program, does not see them).
	loaded []*engines.Variant

	// Settings are applied before the next command that needs them, so
	// that the order of setoption lines does not matter.
	hash, appliedHash int
	threads           int // the Threads option (search.Searcher.SetThreads)
	weightsPath       string
	weightsStale      bool
	params            search.Params // the search parameters, one spin option each

	job   *searchJob
	reuse *reusedSearcher // see ServerOptions.reuse
}

// searchJob is a search running in its own goroutine.
type searchJob struct {
	cancel context.CancelFunc
	done   chan search.Result
	game   *engines.Game
	ponder // its state while pondering (see serverponder.go)
}

func newServer(opts ServerOptions, out io.Writer) (*server, error) {
	s := &server{out: &lineWriter{w: out}, hash: opts.Hash, maxHash: opts.MaxHash, threads: 1,
		defaults: map[*engines.Variant]*search.Weights{}}
	if s.maxHash <= 0 {
		s.maxHash = defaultMaxHash
	}
	if s.hash == 0 {
		s.hash = min(defaultHash, s.maxHash)
	}
	if s.hash < 1 || s.hash > s.maxHash {
		return nil, fmt.Errorf("uci: hash %d MB out of range 1-%d", s.hash, s.maxHash)
	}
	for _, v := range variants.All {
		w, err := search.DefaultWeights(v)
		if err != nil {
			return nil, fmt.Errorf("uci: %w", err)
		}
		s.defaults[v] = w
	}
	s.variant = variants.All[0]
	s.loaded = opts.Variants.Loaded()
	if opts.Variant != "" {
		v, err := s.variantByName(opts.Variant)
		if err != nil {
			return nil, fmt.Errorf("uci: %w", err)
		}
		s.variant = v
	}
	w := s.weightsFor(s.variant)
	if opts.Weights != "" {
		var err error
		if w, err = loadWeights(s.variant, opts.Weights); err != nil {
			return nil, fmt.Errorf("uci: %w", err)
		}
	}
	s.weightsPath = opts.Weights
	if r := opts.reuse; r != nil {
		if r.searcher == nil || r.hash != s.hash {
			r.searcher, r.hash = search.New(w, s.hash), s.hash
		}
		r.searcher.SetParams(search.DefaultParams())
		r.searcher.SetThreads(1)
		r.searcher.SetWeights(w)
		r.searcher.NewGame()
		s.searcher, s.reuse = r.searcher, r
	} else {
		s.searcher = search.New(w, s.hash)
	}
	s.params = s.searcher.Params()
	s.appliedHash = s.hash
	s.game = startGame(s.variant)
	return s, nil
}

// loadWeights reads a weights file, refusing what is not a regular file of
// a sensible size (a device or a pipe would never end).
func loadWeights(v *engines.Variant, path string) (*search.Weights, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("weights: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("weights: %s: not a regular file", path)
	}
	return search.LoadWeights(v, path)
}

func startGame(v *engines.Variant) *engines.Game {
	return engines.NewGame(v.StartPosition())
}

// info writes "info string" lines, one per line of the message.
func (s *server) info(format string, args ...any) {
	for l := range strings.SplitSeq(fmt.Sprintf(format, args...), "\n") {
		s.out.println("info string " + l)
	}
}

// commands maps each command to its handler; handlers get the fields after
// the command and the raw text after it.
var commands = map[string]func(s *server, args []string, rest string){
	"uci":        (*server).cmdUCI,
	"isready":    (*server).cmdIsReady,
	"setoption":  (*server).cmdSetOption,
	"ucinewgame": (*server).cmdNewGame,
	"position":   (*server).cmdPosition,
	"go":         (*server).cmdGo,
	"stop":       (*server).cmdStop,
	"ponderhit":  (*server).cmdPonderHit,
	"debug":      func(s *server, _ []string, _ string) {},
	"register":   func(s *server, _ []string, _ string) {},
	"d":          (*server).cmdDisplay,
}

// changesState lists the commands that wait for a running search to stop.
var changesState = map[string]bool{"setoption": true, "ucinewgame": true, "position": true, "go": true}

// fieldStarts returns the fields of line, as strings.Fields splits it, and
// the byte offset where each begins.
func fieldStarts(line string) (fields []string, starts []int) {
	start := -1
	for i, r := range line {
		if unicode.IsSpace(r) {
			if start >= 0 {
				fields, starts = append(fields, line[start:i]), append(starts, start)
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		fields, starts = append(fields, line[start:]), append(starts, start)
	}
	return fields, starts
}

// handle runs one command line and reports whether it was "quit".
func (s *server) handle(line string) (quit bool) {
	f, starts := fieldStarts(line)
	if len(f) == 0 {
		return false
	}
	// Unknown tokens are skipped, as UCI asks ("joho debug on").
	i := 0
	for i < len(f) && commands[f[i]] == nil && f[i] != "quit" {
		i++
	}
	if i == len(f) {
		s.info("unknown command %q", f[0])
		return false
	}
	if i > 0 {
		s.info("skipped unknown %q", strings.Join(f[:i], " "))
	}
	name := f[i]
	if name == "quit" {
		return true
	}
	if changesState[name] {
		s.stopSearch()
		s.waitSearch()
	}
	commands[name](s, f[i+1:], line[starts[i]+len(name):])
	return false
}

// cmdStop ends a running search and prints its bestmove at once.
func (s *server) cmdStop(_ []string, _ string) {
	s.stopSearch()
	s.waitSearch()
}

func (s *server) cmdIsReady(_ []string, _ string) {
	if s.job == nil {
		s.applySettings()
	}
	s.out.println("readyok")
}

func (s *server) cmdUCI(_ []string, _ string) {
	s.out.println("id name varena")
	s.out.println("id author the varena authors")
	// Fairy-Stockfish's built-ins too; setoption takes the aliases as
	// well (chess, chess960).
	names := variants.Playable()
	for _, v := range s.loaded {
		if !slices.Contains(names, v.Name) {
			names = append(names, v.Name)
		}
	}
	opts := []Option{
		{Name: "UCI_Variant", Type: "combo", Default: s.variant.Name, Vars: names},
		{Name: "UCI_Chess960", Type: "check", Default: strconv.FormatBool(s.variant.Chess960)},
		{Name: "Hash", Type: "spin", Default: strconv.Itoa(s.hash), Min: 1, Max: s.maxHash},
		{Name: "Weights", Type: "string", Default: s.weightsPath},
		// Lazy SMP (engines/search/smp.go): threads sharing the hash.
		{Name: "Threads", Type: "spin", Default: "1", Min: 1, Max: search.MaxThreads},
		{Name: "Ponder", Type: "check", Default: "false"},
		// As Fairy-Stockfish's: a variants.ini whose variants UCI_Variant
		// then offers (docs/variants-file.md).
		{Name: "VariantPath", Type: "string", Default: "<empty>"},
	}
	for _, p := range search.ParamTable {
		v, _ := s.params.Get(p.Name)
		opts = append(opts, Option{Name: p.Name, Type: "spin", Default: strconv.Itoa(v), Min: p.Min, Max: p.Max})
	}
	for _, o := range opts {
		s.out.println(o.String())
	}
	s.out.println("uciok")
}

// cmdSetOption handles "setoption name NAME [value VALUE]". Names are
// matched ignoring case; the value is the rest of the raw line, so a path
// keeps its inner spaces.
func (s *server) cmdSetOption(_ []string, rest string) {
	args, starts := fieldStarts(rest)
	if len(args) < 2 || args[0] != "name" {
		s.info("setoption: want setoption name NAME value VALUE")
		return
	}
	i := 1
	for i < len(args) && args[i] != "value" {
		i++
	}
	name := strings.Join(args[1:i], " ")
	value := ""
	if i < len(args) {
		value = strings.TrimSpace(rest[starts[i]+len("value"):])
	}
	switch strings.ToLower(name) {
	case "variantpath":
		if value == "" || value == "<empty>" {
			return
		}
		set, err := variants.LoadSet(value)
		if err != nil {
			s.info("setoption VariantPath: %v", err)
			return
		}
		vs := set.Loaded()
		for _, e := range set.Refused() {
			s.info("VariantPath: %v", e) // the sections varena cannot play, each with why
		}
		// The file's variants stand before the known ones of the same
		// name, as in Fairy-Stockfish, where a file may redefine one.
		s.loaded = slices.DeleteFunc(s.loaded, func(l *engines.Variant) bool {
			return slices.ContainsFunc(vs, func(v *engines.Variant) bool { return v.Name == l.Name })
		})
		s.loaded = append(s.loaded, vs...)
		s.info("VariantPath: %d variants from %s", len(vs), value)
	case "uci_variant":
		v, err := s.variantByName(strings.ToLower(value))
		if err != nil {
			s.info("setoption UCI_Variant: %v", err)
			return
		}
		s.setVariant(v)
	case "uci_chess960":
		// cutechess-cli and fastchess set only this for a Chess960 game:
		// true plays fischerandom, false takes a fischerandom session back
		// to standard chess and leaves any other variant as it is.
		on, err := strconv.ParseBool(value)
		if err != nil {
			s.info("setoption UCI_Chess960: want true or false, have %q", value)
			return
		}
		switch {
		case on:
			s.setVariant(chess.Chess960)
		case s.variant == chess.Chess960:
			s.setVariant(chess.Standard)
		}
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > s.maxHash {
			s.info("setoption Hash: want a number of MB from 1 to %d, have %q", s.maxHash, value)
			return
		}
		s.hash = n
	case "ponder":
		// The GUI's note that it may send "go ponder": nothing to set.
	case "threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > search.MaxThreads {
			s.info("setoption Threads: want a number of threads from 1 to %d, have %q", search.MaxThreads, value)
			return
		}
		s.threads = n
	case "weights":
		if value == "<empty>" {
			value = ""
		}
		s.weightsPath = value
		s.weightsStale = true
	default:
		p, ok := search.LookupParam(name)
		if !ok {
			s.info("setoption: unknown option %q (known: UCI_Variant, UCI_Chess960, Hash, Weights, Threads, Ponder, VariantPath, %s)",
				name, strings.Join(search.ParamNames(), ", "))
			return
		}
		n, err := strconv.Atoi(value)
		if err == nil {
			err = s.params.Set(p.Name, n)
		}
		if err != nil {
			s.info("setoption %s: want a whole number from %d to %d, have %q", p.Name, p.Min, p.Max, value)
		}
	}
}

// setVariant makes v the session's variant, from its start position.
func (s *server) setVariant(v *engines.Variant) {
	if v != s.variant {
		s.variant = v
		s.game = startGame(v)
		s.weightsStale = true
		s.searcher.NewGame()
	}
}

// applySettings brings the searcher up to date with the options.
func (s *server) applySettings() {
	if s.params != s.searcher.Params() {
		s.searcher.SetParams(s.params)
	}
	if s.threads != s.searcher.Threads() {
		s.searcher.SetThreads(s.threads)
	}
	if s.hash != s.appliedHash {
		s.searcher.SetHash(s.hash)
		s.appliedHash = s.hash
		if s.reuse != nil {
			s.reuse.hash = s.hash
		}
	}
	if !s.weightsStale {
		return
	}
	s.weightsStale = false
	w := s.weightsFor(s.variant)
	if s.weightsPath != "" {
		lw, err := loadWeights(s.variant, s.weightsPath)
		if err != nil {
			s.info("setoption Weights: %v", err)
			s.info("using the built-in weights for %s", s.variant.Name)
		} else {
			w = lw
		}
	}
	s.searcher.SetWeights(w)
}

// variantByName returns the variant called name: one of VariantPath's
// files, else one varena knows.
func (s *server) variantByName(name string) (*engines.Variant, error) {
	for _, v := range s.loaded {
		if slices.Contains(v.Names(), name) {
			return v, nil
		}
	}
	return variants.ByName(name)
}

// weightsFor returns the default weights of v: a built-in variant's, read
// when the server started, or a variant's of VariantPath, derived from its
// rules the first time it is played (search.DefaultWeights).
func (s *server) weightsFor(v *engines.Variant) *search.Weights {
	if w, ok := s.defaults[v]; ok {
		return w
	}
	w, err := search.DefaultWeights(v)
	if err != nil {
		s.info("%s: %v; weights derived from its rules", v.Name, err)
		w = search.DerivedWeights(v)
	}
	s.defaults[v] = w
	return w
}

func (s *server) cmdNewGame(_ []string, _ string) {
	s.applySettings()
	s.searcher.NewGame()
	s.game = startGame(s.variant)
}

// cmdPosition handles "position startpos|fen FEN [moves M...]". A bad line
// leaves the position as it was.
func (s *server) cmdPosition(args []string, _ string) {
	s.applySettings()
	game, err := s.parsePosition(args)
	if err != nil {
		s.info("position: %v", err)
		s.info("position unchanged: %s", s.game.Position().FEN())
		return
	}
	s.game = game
}

func (s *server) parsePosition(args []string) (*engines.Game, error) {
	if len(args) == 0 {
		return nil, errors.New("want startpos or fen")
	}
	mi := len(args)
	for i, a := range args {
		if a == "moves" {
			mi = i
			break
		}
	}
	var pos engines.Position
	switch args[0] {
	case "startpos":
		if mi != 1 {
			return nil, fmt.Errorf("unexpected %q after startpos", strings.Join(args[1:mi], " "))
		}
		pos = *startGame(s.variant).Position()
	case "fen":
		var err error
		if pos, err = engines.ParseFEN(s.variant, strings.Join(args[1:mi], " ")); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("want startpos or fen, have %q", args[0])
	}
	game := engines.NewGame(pos)
	if mi < len(args) {
		for i, text := range args[mi+1:] {
			m, err := game.Position().ParseUCIMove(text)
			if err != nil {
				return nil, fmt.Errorf("move %d: %w", i+1, err)
			}
			game.Play(m)
		}
	}
	return game, nil
}

// cmdGo parses the limits and starts a search: every go ends in exactly
// one bestmove, since a GUI waits for it. What parseGo could not read it
// says in an info string, and searches with the rest.
func (s *server) cmdGo(args []string, _ string) {
	s.applySettings()
	lim, err := parseGo(args, s.game.Position())
	if err != nil {
		s.info("go: %v", err)
	}
	if slices.Contains(args, "ponder") {
		s.startPonder(lim)
		return
	}
	s.startSearch(lim)
}

// parseGo reads the arguments of "go" (times in milliseconds).
func parseGo(args []string, pos *engines.Position) (limits.Limits, error) {
	side := pos.SideToMove()
	var lim limits.Limits
	var problems []string
	clockGiven, limitGiven := false, false
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch key {
		case "infinite":
			lim.Infinite = true
			continue
		case "ponder":
			continue // cmdGo starts a ponder search
		case "searchmoves":
			j := i + 1
			for ; j < len(args) && !goKeywords[args[j]]; j++ {
				m, err := pos.ParseUCIMove(args[j])
				if err != nil {
					problems = append(problems, fmt.Sprintf("searchmoves: %s ignored: %v", args[j], err))
					continue
				}
				lim.SearchMoves = append(lim.SearchMoves, m)
			}
			i = j - 1
			continue
		case "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate":
			limitGiven = true
		default:
			problems = append(problems, fmt.Sprintf("unknown %q ignored", key))
			limitGiven = true // whatever it meant, the GUI expects an end
			continue
		}
		if i+1 >= len(args) || goKeywords[args[i+1]] {
			problems = append(problems, fmt.Sprintf("%s without a value ignored", key))
			continue
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if errors.Is(err, strconv.ErrRange) {
			// Beyond int64 is beyond every bound below: the largest.
			n = math.MaxInt64
			if strings.HasPrefix(args[i], "-") {
				n = math.MinInt64
			}
		} else if err != nil {
			problems = append(problems, fmt.Sprintf("%s: bad number %q ignored (want a whole number)", key, args[i]))
			continue
		}
		if n < 0 {
			// Said, not silently clamped: a negative limit is a GUI's or
			// script's mistake (a clock below zero is still "hurry").
			problems = append(problems, fmt.Sprintf("%s %s is negative, taken as %s", key, args[i], negativeAs[key]))
		}
		n = max(min(n, maxMillis), -maxMillis)
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "depth":
			lim.Depth = int(max(min(n, limits.MaxPly), 1))
		case "mate":
			lim.Depth = int(max(min(2*n-1, limits.MaxPly), 1))
		case "nodes":
			lim.Nodes = max(n, 1)
		case "movetime":
			lim.MoveTime = max(ms, time.Millisecond)
		case "wtime":
			lim.WTime, clockGiven = ms, true
		case "btime":
			lim.BTime, clockGiven = ms, true
		case "winc":
			lim.WInc = max(ms, 0)
		case "binc":
			lim.BInc = max(ms, 0)
		case "movestogo":
			lim.MovesToGo = int(max(min(n, 1000), 0))
		}
	}
	// A go that meant a limit (or said something unknown) but gave none
	// that could be read searches to depth 1: without a limit it would wait for a stop the GUI, which
	// thinks it set one, never sends.
	if limitGiven && lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && !clockGiven && !lim.Infinite {
		lim.Depth = 1
		problems = append(problems, "no limit could be read, searching to depth 1")
	}
	// A clock at or below zero still means "hurry", not "no limit".
	if clockGiven {
		if side == engines.White && lim.WTime <= 0 {
			lim.WTime = time.Millisecond
		}
		if side == engines.Black && lim.BTime <= 0 {
			lim.BTime = time.Millisecond
		}
	}
	if len(problems) > 0 {
		return lim, notice(strings.Join(problems, "; "))
	}
	return lim, nil
}

// negativeAs says what a negative value of each go limit is taken as.
var negativeAs = map[string]string{
	"depth": "1", "mate": "1", "nodes": "1", "movetime": "1 ms",
	"wtime": "1 ms", "btime": "1 ms", "winc": "0", "binc": "0", "movestogo": "0 (not given)",
}

// notice is a parse message that does not stop the command.
type notice string

func (n notice) Error() string { return string(n) }

var goKeywords = map[string]bool{
	"infinite": true, "ponder": true, "searchmoves": true, "depth": true, "nodes": true,
	"movetime": true, "wtime": true, "btime": true, "winc": true, "binc": true,
	"movestogo": true, "mate": true,
}

func (s *server) startSearch(lim limits.Limits) {
	if pos := s.game.Position(); pos.CountMoves() == 0 {
		// The game is over (checkmate, stalemate, extinction): answered
		// as Stockfish does, a score at depth 0 and then the null move,
		// so that a client sees why there is no move.
		score := "cp 0"
		if pos.Status().Result.Decisive() {
			score = "mate 0"
		}
		s.out.println("info depth 0 score " + score)
	}
	ctx, cancel := context.WithCancel(context.Background())
	job := &searchJob{cancel: cancel, done: make(chan search.Result, 1), game: s.game}
	s.job = job
	searcher, game := s.searcher, s.game
	g := game.Position().Variant()
	go func() {
		res := searcher.Search(ctx, game, lim, func(si search.Info) {
			in := Info{Depth: si.Depth, SelDepth: si.SelDepth, Score: ScoreOf(si.Score),
				Nodes: si.Nodes, Time: si.Time, PV: make([]string, len(si.PV))}
			if si.Time > 0 {
				in.NPS = int64(float64(si.Nodes) / si.Time.Seconds())
			}
			for i, m := range si.PV {
				in.PV[i] = g.UCI(m)
			}
			s.out.println(in.String())
		})
		if lim.Infinite {
			<-ctx.Done() // bestmove only after stop, even without a legal move
		}
		job.done <- res
	}()
}

// stopSearch asks a running search to stop; its result arrives on
// job.done.
func (s *server) stopSearch() {
	if s.job != nil {
		s.job.pondering = false // a stopped ponder search answers at once
		s.job.cancel()
	}
}

// waitSearch waits for the running search to end and prints its bestmove.
func (s *server) waitSearch() {
	switch {
	case s.job != nil && s.job.held != nil:
		s.finishSearch(*s.job.held)
	case s.job != nil:
		s.finishSearch(<-s.job.done)
	}
}

// finishSearch prints the bestmove of the job's result, with the reply
// it expects ("bestmove e2e4 ponder e7e5") when its PV has one; a ponder
// search not yet hit or stopped keeps the result until it is.
func (s *server) finishSearch(res search.Result) {
	if s.job.pondering {
		s.job.held = &res
		return
	}
	g := s.job.game.Position().Variant()
	s.job.cancel()
	s.job.stopTimer()
	s.job = nil
	line := "bestmove " + g.UCI(res.Move)
	if len(res.PV) >= 2 && res.PV[0] == res.Move {
		line += " ponder " + g.UCI(res.PV[1])
	}
	s.out.println(line)
}

// abortSearch stops a running search and waits for it, without a bestmove
// (the output failed).
func (s *server) abortSearch() {
	if s.job != nil {
		s.job.cancel()
		s.job.stopTimer()
		if s.job.held == nil {
			<-s.job.done
		}
		s.job = nil
	}
}

// cmdDisplay prints the position (the "d" debugging command of Stockfish).
func (s *server) cmdDisplay(_ []string, _ string) {
	pos := s.game.Position()
	g := pos.Variant()
	var moves []string
	for _, m := range pos.GenerateMoves(nil) {
		moves = append(moves, g.UCI(m))
	}
	s.out.println("Variant: " + s.variant.Name)
	s.out.println("Fen: " + pos.FEN())
	s.out.println("Legal moves: " + strings.Join(moves, " "))
	if o := s.game.Outcome(); o.Result != engines.Ongoing {
		s.out.println(fmt.Sprintf("Result: %s (%s)", o.Result, o.Reason))
	}
}
