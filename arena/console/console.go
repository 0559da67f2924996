package console

import (
	"fmt"
	"io"
	"math"
	"strings"
	"sync"

	"varena/arena"
	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// Formats.
const (
	Fastchess = "fastchess"
	Cutechess = "cutechess"
)

// A style is one program's way of printing a run's results as its games
// finish; the lines every style shares (Started game, Finished game,
// warnings) are the Writer's. A new format is one file: a type with
// these two methods, and its entry in styles.
type style interface {
	// finished is called after a game's "Finished game" line, with its
	// pairing's counts; pairDone says the game completed its pair.
	finished(cw *Writer, p *pairing, pairDone bool)
	// end is called for each pairing when the run ends, before
	// "Finished match": the results not printed since its last game.
	end(cw *Writer, p *pairing)
}

// styles are the formats by name.
var styles = map[string]style{Fastchess: fastchess{}, Cutechess: cutechess{}}

// Options say what a Writer prints.
type Options struct {
	Format string // Fastchess or Cutechess
	// RatingInterval: a results block every this many games of a
	// pairing (0: only at the end). ScoreInterval (cutechess): a "Score
	// of" line every this many games (0: 1).
	RatingInterval int
	ScoreInterval  int
	// Engines lists the engines in the order of the command line: the
	// first of a pairing is the one whose wins are counted.
	Engines []string
	// Labels are the parts of the results block's heading for each
	// engine: its time control, threads and hash, as fastchess prints
	// them ("10+0.1", "1t", "16MB"; "NULL" when unknown).
	Labels map[string]EngineLabel
	Book   string // the openings file, "" for none
}

// EngineLabel describes an engine in the heading of a results block.
type EngineLabel struct{ TC, Threads, Hash string }

// Writer prints a run as fastchess or cutechess-cli would. Its methods
// are safe for concurrent use (Moved comes from the workers).
type Writer struct {
	mu    sync.Mutex
	w     io.Writer
	o     Options
	style style
	order map[string]int
	total int
	sprt  *stats.SPRT
	pairs map[[2]string]*pairing
	keys  [][2]string // pairings in order of appearance
	err   error       // the first write error
}

// pairing is one pairing's counts, from A's side.
type pairing struct {
	a, b string
	// All finished games (cutechess's Score of), and A's games as White.
	all, white stats.WDL
	// Games of finished pairs only (fastchess's block): W/L/D, and the
	// pentanomial with DD kept apart from WL for the WL/DD ratio.
	wdl     stats.WDL
	penta   stats.Penta
	dd      int
	pending map[int]float64 // pair -> A's score in its first finished game
	shown   int             // finished-pair games at the last block
	games   int             // finished games (for -scoreinterval)
}

// New returns a Writer printing on w.
func New(w io.Writer, o Options) *Writer {
	st, ok := styles[o.Format]
	if !ok {
		st = fastchess{}
	}
	cw := &Writer{w: w, o: o, style: st, order: map[string]int{}, pairs: map[[2]string]*pairing{}}
	for i, n := range o.Engines {
		cw.order[n] = i
	}
	return cw
}

// Err returns the first error writing the output.
func (cw *Writer) Err() error {
	cw.mu.Lock()
	defer cw.mu.Unlock()
	return cw.err
}

func (cw *Writer) printf(format string, args ...any) {
	if cw.err == nil {
		_, cw.err = fmt.Fprintf(cw.w, format, args...)
	}
}

// Started implements arena.Watcher: the games of an earlier run on the
// same directory are counted, silently.
func (cw *Writer) Started(meta rundir.Meta, scheduled int, done []results.Game) {
	cw.mu.Lock()
	defer cw.mu.Unlock()
	cw.total, cw.sprt = meta.Total, meta.SPRT
	for _, g := range done {
		cw.count(g)
	}
	for _, p := range cw.pairs {
		p.shown = p.wdl.Games()
	}
}

// Moved implements arena.Watcher: a game's first call (ply 0) is its
// "Started game" line.
func (cw *Writer) Moved(m arena.LiveMove) {
	if m.Ply != 0 {
		return
	}
	cw.mu.Lock()
	defer cw.mu.Unlock()
	cw.printf("Started game %d of %d (%s vs %s)\n", m.Game.ID, cw.total, m.Game.White, m.Game.Black)
}

// Finished implements arena.Watcher: the "Finished game" line, a
// warning for an illegal move, and the score and results lines when
// their interval is reached.
func (cw *Writer) Finished(g results.Game) {
	cw.mu.Lock()
	defer cw.mu.Unlock()
	cw.printf("Finished game %d (%s vs %s): %s {%s}\n", g.ID, g.White, g.Black, g.Result, words(g))
	if g.Termination == results.TermIllegalMove {
		// fishtest's worker stops on this line, as on fastchess's.
		loser := g.White
		if g.Result == results.WhiteWins {
			loser = g.Black
		}
		cw.printf("Warning; Illegal move played by %s\n", loser)
	}
	p, pairDone := cw.count(g)
	if p == nil {
		return
	}
	cw.style.finished(cw, p, pairDone)
}

// End prints the last results of every pairing not printed since its
// last game, and "Finished match".
func (cw *Writer) End() {
	cw.mu.Lock()
	defer cw.mu.Unlock()
	for _, k := range cw.keys {
		cw.style.end(cw, cw.pairs[k])
	}
	cw.printf("Finished match\n")
}

// words is the annotation of a "Finished game" line.
func words(g results.Game) string {
	if w := results.EndWords(g); w != "" {
		return w
	}
	return "No result"
}

// count adds a finished game to its pairing; pairDone is true when it
// completed its pair.
func (cw *Writer) count(g results.Game) (p *pairing, pairDone bool) {
	score, ok := whiteScore(g.Result)
	if !ok {
		return nil, false
	}
	a, b := g.White, g.Black
	if cw.rank(b) < cw.rank(a) {
		a, b = b, a
	}
	k := [2]string{a, b}
	p = cw.pairs[k]
	if p == nil {
		p = &pairing{a: a, b: b, pending: map[int]float64{}}
		cw.pairs[k] = p
		cw.keys = append(cw.keys, k)
	}
	aScore := score
	if g.White != a {
		aScore = 1 - score
	} else {
		p.white.Add(score)
	}
	p.all.Add(aScore)
	p.games++
	first, ok := p.pending[g.Pair]
	if !ok {
		p.pending[g.Pair] = aScore
		return p, false
	}
	delete(p.pending, g.Pair)
	p.wdl.Add(first)
	p.wdl.Add(aScore)
	p.penta.AddPair(first, aScore)
	if first == 0.5 && aScore == 0.5 {
		p.dd++
	}
	return p, true
}

// rank orders engines as the command line does; others after, by name.
func (cw *Writer) rank(name string) int {
	if i, ok := cw.order[name]; ok {
		return i
	}
	return len(cw.order)
}

func whiteScore(result string) (float64, bool) {
	switch result {
	case results.WhiteWins:
		return 1, true
	case results.BlackWins:
		return 0, true
	case results.Draw:
		return 0.5, true
	}
	return 0, false
}

// heading is "A vs B (tc, threads, hash, book)" as fastchess writes it.
func (cw *Writer) heading(p *pairing) string {
	la, lb := cw.label(p.a), cw.label(p.b)
	both := func(x, y string) string {
		if x == y {
			return x
		}
		return x + " - " + y
	}
	parts := []string{both(la.TC, lb.TC), both(la.Threads, lb.Threads), both(la.Hash, lb.Hash)}
	if cw.o.Book != "" {
		book := cw.o.Book
		if i := strings.LastIndexAny(book, `/\`); i >= 0 {
			book = book[i+1:]
		}
		parts = append(parts, book)
	}
	return fmt.Sprintf("%s vs %s (%s)", p.a, p.b, strings.Join(parts, ", "))
}

func (cw *Writer) label(name string) EngineLabel {
	l := cw.o.Labels[name]
	for _, s := range []*string{&l.TC, &l.Threads, &l.Hash} {
		if *s == "" {
			*s = "NULL"
		}
	}
	return l
}

// ratio is a/b as fastchess prints it: two decimals, "inf" or "nan" for
// a zero divisor.
func ratio(a, b int) string {
	switch {
	case b != 0:
		return fmt.Sprintf("%.2f", float64(a)/float64(b))
	case a != 0:
		return "inf"
	}
	return "nan"
}

// llrPercent is the LLR as a percentage of the bound it goes toward.
func llrPercent(llr, lo, hi float64) float64 {
	b := hi
	if llr < 0 {
		b = lo
	}
	if b == 0 || math.IsInf(b, 0) {
		return 0
	}
	return 100 * llr / math.Abs(b)
}

// nz turns a negative zero (and a value that rounds to it) into 0, which
// fastchess and cutechess-cli print without a sign.
func nz(x float64) float64 {
	if math.Abs(x) < 0.005 {
		return 0
	}
	return x
}
