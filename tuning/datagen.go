package tuning

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/search"
	"varena/results/rundir"
)

// DatagenOptions configure Datagen.
type DatagenOptions struct {
	Variant *engines.Variant
	Weights *search.Weights // the built-in engine's weights
	Games   int             // games in the file when done
	Nodes   int64           // node limit per move (default 5000)
	// OpeningPlies random plies start each game (0: none; the command
	// line's default is DefaultOpeningPlies); their positions are not
	// kept.
	OpeningPlies int
	// MaxPlies ends a game as a draw (default 400), as the arena's
	// max_plies adjudication does.
	MaxPlies    int
	Seed        uint64
	Concurrency int // games at once; 0: one per CPU
	Hash        int // MB of transposition table per worker (default 8)
	Progress    io.Writer
	Log         io.Writer
}

// DefaultOpeningPlies is `varena datagen -opening-plies`'s default: the
// random plies that start each game, so that games from one seed
// differ.
const DefaultOpeningPlies = 8

func (o *DatagenOptions) fillDefaults() {
	if o.Nodes == 0 {
		o.Nodes = 5000
	}
	if o.MaxPlies == 0 {
		o.MaxPlies = 400
	}
	if o.Concurrency <= 0 {
		o.Concurrency = runtime.NumCPU()
	}
	if o.Hash <= 0 {
		o.Hash = 8
	}
}

// DatagenStats say what a Datagen call did.
type DatagenStats struct {
	Games     int // games in the file
	Positions int // positions in the file
	Resumed   int // games found finished in the file at the start
	Played    int // games added by this call (the replayed last game of a resumed file only if it was cut)
	Added     int // positions added by this call (its rate's numerator)
	Elapsed   time.Duration
	// Counted says that the file was read, so that Games and Positions
	// are its counts (false when Datagen failed before that).
	Counted bool
}

// datagenMeta is the side file FILE.meta.json: what made the data, so
// that a resume with other settings is refused rather than mixed in.
type datagenMeta struct {
	Variant      string `json:"variant"`
	Seed         uint64 `json:"seed"`
	Nodes        int64  `json:"nodes"`
	OpeningPlies int    `json:"opening_plies"`
	MaxPlies     int    `json:"max_plies"`
	Weights      uint64 `json:"weights"` // FNV-1a of the weights YAML
}

// MetaPath is the side file of a data file.
func MetaPath(path string) string { return path + ".meta.json" }

// Datagen plays self-play games with the built-in searcher and appends
// their quiet positions, labelled with the game result, to the data file
// at path (see Record.Format for a line). Game g (from 1) depends only
// on the seed and g, and games are written in order, so the same seed
// gives the same file whatever the concurrency. A file left by an
// interrupted call is resumed: a half-written last line is dropped, the
// last game in the file is replayed (it may be incomplete), and play
// goes on from there; every finished game is kept and none is written
// twice. When ctx ends, Datagen writes what is finished and returns
// ctx's error.
func Datagen(ctx context.Context, path string, opt DatagenOptions) (DatagenStats, error) {
	opt.fillDefaults()
	var st DatagenStats
	start := time.Now()
	if opt.Games <= 0 {
		return st, fmt.Errorf("%d games: want 1 or more", opt.Games)
	}
	if opt.OpeningPlies < 0 {
		return st, fmt.Errorf("%d opening plies: want 0 or more", opt.OpeningPlies)
	}
	// One writer at a time: two datagens on one file interleaved their
	// games, and both reported success. The shipped tune configs read
	// data/VARIANT.epd: a fresh clone has no data folder, and the command
	// the tune prints must just work, so OwnFile makes it; a call that
	// ends before its first line leaves nothing behind.
	own, err := rundir.OwnFile(path)
	if err != nil {
		return st, fmt.Errorf("datagen: %w", err)
	}
	defer own.End()
	meta := datagenMeta{opt.Variant.Name, opt.Seed, opt.Nodes, opt.OpeningPlies, opt.MaxPlies, opt.Weights.Fingerprint()}
	if err := checkDatagenMeta(path, meta); err != nil {
		return st, err
	}
	seen, next, kept, linesBefore, err := resumeData(path, opt.Variant)
	if err != nil {
		return st, err
	}
	gamesBefore := 0
	if linesBefore > 0 {
		gamesBefore = next // the last game in the file, replayed
	}
	st.Resumed, st.Positions = next-1, kept
	st.Games, st.Counted = gamesBefore, true
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return st, err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<16)

	type done struct {
		game  int
		lines []Record
	}
	jobs := make(chan int)
	out := make(chan done, opt.Concurrency)
	var wg sync.WaitGroup
	for range opt.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := search.New(opt.Weights, opt.Hash)
			q := search.New(opt.Weights, 1)
			for g := range jobs {
				recs, ok := playDatagenGame(ctx, s, q, &opt, g)
				if !ok {
					return // interrupted: the game is not finished
				}
				select {
				case out <- done{g, recs}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for g := next; g <= opt.Games; g++ {
			select {
			case jobs <- g:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()

	bar := newProgress(opt.Progress, opt.Log, "datagen", "games", "", opt.Games, next-1, 0)
	pending := map[int][]Record{}
	written := next - 1
	var werr error
	for d := range out {
		pending[d.game] = d.lines
		for {
			recs, ok := pending[written+1]
			if !ok {
				break
			}
			delete(pending, written+1)
			var buf bytes.Buffer
			n := 0
			for _, r := range recs {
				k := fenKey(r.FEN)
				if seen[k] {
					continue
				}
				seen[k] = true
				buf.WriteString(r.Format())
				buf.WriteByte('\n')
				n++
			}
			_, werr = w.Write(buf.Bytes())
			if werr == nil {
				werr = w.Flush() // a whole game at a time reaches the file
			}
			if werr != nil {
				// Not counted: the file holds at most a part of this
				// game, which a resume drops and plays again.
				break
			}
			written++
			st.Positions += n
		}
		rate := float64(st.Positions-kept) / max(time.Since(start).Seconds(), 1e-9)
		bar.update(written, fmt.Sprintf("%d positions, %.0f positions/s", st.Positions, rate))
		if werr != nil {
			break
		}
	}
	bar.finish()
	st.Games, st.Elapsed = written, time.Since(start)
	// What this call added beyond what the file held at the start: the
	// last game there is replayed, and counts as added only if it grew.
	st.Played, st.Added = max(written-gamesBefore, 0), max(st.Positions-linesBefore, 0)
	if werr != nil {
		var pe *fs.PathError
		if errors.As(werr, &pe) {
			return st, werr // "write FILE: no space left on device" names the file
		}
		return st, fmt.Errorf("writing %s: %w", path, werr)
	}
	if err := f.Sync(); err != nil {
		return st, err
	}
	if written < opt.Games {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		return st, fmt.Errorf("%s: stopped early after game %d of %d", path, written, opt.Games)
	}
	return st, nil
}

// playDatagenGame plays game g and returns its kept positions labelled
// with the result; ok is false when ctx ended first.
func playDatagenGame(ctx context.Context, s, q *search.Searcher, opt *DatagenOptions, g int) (recs []Record, ok bool) {
	rng := rand.New(rand.NewPCG(opt.Seed, uint64(g)))
	game := engines.NewGame(opt.Variant.StartPosition())
	s.NewGame()
	var buf []engines.Move
	var cands []Record
	for ply := 0; ; ply++ {
		if ctx.Err() != nil {
			return nil, false
		}
		o := game.Outcome()
		if o.Result != engines.Ongoing || ply >= opt.MaxPlies {
			res := 0.5
			switch o.Result {
			case engines.WhiteWins:
				res = 1
			case engines.BlackWins:
				res = 0
			}
			for i := range cands {
				cands[i].Result = res
			}
			return cands, true
		}
		pos := game.Position()
		if ply < opt.OpeningPlies {
			buf = pos.GenerateMoves(buf[:0])
			game.Play(buf[rng.IntN(len(buf))])
			continue
		}
		r := s.Search(ctx, game, limits.Limits{Nodes: opt.Nodes}, nil)
		if ctx.Err() != nil {
			return nil, false
		}
		if quiet(q, pos, r.Score) {
			cands = append(cands, Record{FEN: pos.FEN(), Score: r.Score, HasScore: true, Ply: ply, Game: g})
		}
		game.Play(r.Move)
	}
}

// quiet reports whether pos is worth a label: not in check, no mate in
// sight, and the quiescence search agrees with the static evaluation, so
// that no capture or promotion is pending.
func quiet(q *search.Searcher, pos *engines.Position, score int) bool {
	if limits.MateIn(score) != 0 || (pos.Variant().Check && pos.InCheck()) {
		return false
	}
	static := int(search.Evaluate(pos, q.Weights(), nil))
	qs, ok := q.Quiesce(pos, quietNodes)
	return ok && qs == static
}

// quietNodes bounds the quiescence search of the quiet test: boards full
// of mutual attacks (Evolution's) can take millions of nodes to settle,
// and such a position is not quiet anyway.
const quietNodes = 2000

// fenKey identifies a position for deduplication: the four FEN fields
// (move counters do not make a position new), hashed.
func fenKey(fen string) uint64 {
	f := strings.Fields(fen)
	h := fnv.New64a()
	h.Write([]byte(strings.Join(f[:min(4, len(f))], " ")))
	return h.Sum64()
}

func fingerprint(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// checkDatagenMeta writes the side file of a new data file, or checks
// that an existing one was made with the same settings, naming those
// that differ.
func checkDatagenMeta(path string, m datagenMeta) error {
	mp := MetaPath(path)
	diffs, err := rundir.CheckSettings(mp, path, m)
	switch {
	case errors.Is(err, rundir.ErrUnrecorded):
		return fmt.Errorf("%s exists without %s: not a datagen file to resume; choose another -out", path, mp)
	case err != nil:
		return err
	case len(diffs) > 0:
		return fmt.Errorf("%s was made with other settings (%s); to resume it use the same variant, seed, nodes and weights, or choose another -out",
			path, strings.Join(diffs, "; "))
	}
	return nil
}

// resumeData reads the data file at path, if any: it drops a half-written
// last line and the lines of the last game (which may be incomplete, and
// is replayed), and returns the positions kept (for deduplication), the
// next game to play, the count of kept lines and the count of lines
// the file held.
func resumeData(path string, v *engines.Variant) (seen map[uint64]bool, next, kept, before int, err error) {
	seen = map[uint64]bool{}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return seen, 1, 0, 0, nil
	}
	if err != nil {
		return nil, 0, 0, 0, err
	}
	end := bytes.LastIndexByte(data, '\n') + 1 // drop a half-written last line
	type line struct {
		off  int
		game int
		key  uint64
	}
	var lines []line
	last := 0
	for off, n := 0, 1; off < end; n++ {
		nl := bytes.IndexByte(data[off:end], '\n')
		text := string(data[off : off+nl])
		r, err := ParseRecord(text)
		if err == nil {
			_, err = engines.ParseFEN(v, r.FEN)
		}
		if err != nil {
			return nil, 0, 0, 0, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		if r.Game < last {
			return nil, 0, 0, 0, fmt.Errorf("%s:%d: game %d after game %d: not written by datagen in game order", path, n, r.Game, last)
		}
		last = r.Game
		lines = append(lines, line{off, r.Game, fenKey(r.FEN)})
		off += nl + 1
	}
	cut := end
	next, before = 1, len(lines)
	if len(lines) > 0 {
		next = last
		for len(lines) > 0 && lines[len(lines)-1].game == last {
			cut = lines[len(lines)-1].off
			lines = lines[:len(lines)-1]
		}
	}
	for _, l := range lines {
		seen[l.key] = true
	}
	if cut < len(data) {
		if err := os.Truncate(path, int64(cut)); err != nil {
			return nil, 0, 0, 0, err
		}
	}
	return seen, next, len(lines), before, nil
}
