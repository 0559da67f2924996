package tuning

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"

	"varena/engines"
	"varena/engines/search"
	"varena/tuning/holdout"
)

// Dataset holds labelled positions as sparse feature vectors from
// White's view, in one flat coefficient array with per-position offsets
// (texel-tuner style): position i has the features Index[Start[i]:Start[i+1]]
// with the values Value[...], so that its evaluation under weights w is
// sum_k w[Index[k]] * Value[k]. Computing the features once and reading
// them from memory makes a loss pass a streaming sum.
type Dataset struct {
	Features int       // weights per vector
	Result   []float32 // per position, White's view: 1, 0.5, 0
	Start    []uint32  // len(Result)+1 offsets into Index and Value
	Index    []uint16
	Value    []float32
	Group    []uint64 // per position: the game it came from (hash), for the validation split
}

// Len returns the number of positions.
func (d *Dataset) Len() int { return len(d.Result) }

// add appends one position.
func (d *Dataset) add(result float64, tr *search.Trace, sign float64, group uint64) {
	if len(d.Start) == 0 {
		d.Start = append(d.Start, 0)
	}
	for k, i := range tr.Index {
		d.Index = append(d.Index, uint16(i))
		d.Value = append(d.Value, float32(sign*tr.Value[k]))
	}
	d.Start = append(d.Start, uint32(len(d.Index)))
	d.Result = append(d.Result, float32(result))
	d.Group = append(d.Group, group)
}

// Eval returns the evaluation of position i under w (White's view).
func (d *Dataset) Eval(i int, w []float64) float64 {
	e := 0.0
	for k := d.Start[i]; k < d.Start[i+1]; k++ {
		e += w[d.Index[k]] * float64(d.Value[k])
	}
	return e
}

// Split divides the positions in a training and a validation set: a
// game goes whole to one side (positions of one game are alike, and
// would make the validation loss too kind), chosen by a hash of the
// seed and the game, so that about share of the positions are held out.
func (d *Dataset) Split(share float64, seed uint64) (train, valid *Dataset) {
	train, valid = &Dataset{Features: d.Features}, &Dataset{Features: d.Features}
	if share <= 0 {
		return d, valid
	}
	for i := range d.Result {
		dst := train
		if holdout.Held(d.Group[i], share, seed) {
			dst = valid
		}
		if len(dst.Start) == 0 {
			dst.Start = append(dst.Start, 0)
		}
		a, b := d.Start[i], d.Start[i+1]
		dst.Index = append(dst.Index, d.Index[a:b]...)
		dst.Value = append(dst.Value, d.Value[a:b]...)
		dst.Start = append(dst.Start, uint32(len(dst.Index)))
		dst.Result = append(dst.Result, d.Result[i])
		dst.Group = append(dst.Group, d.Group[i])
	}
	return train, valid
}

// LoadOptions configure LoadData.
type LoadOptions struct {
	// Skip leaves broken lines out (counting them) instead of failing
	// at the first with its FILE:LINE.
	Skip bool
	// Concurrency: goroutines computing features (0: one per CPU).
	Concurrency int
	// HalfmoveLimit leaves out the positions whose halfmove clock (plies
	// since the last capture or pawn move: the FEN's, or hmvc) has
	// reached it; 0 keeps them all. A game drawn by the n-move rule or
	// by repetition ends in a long shuffle: its positions, one side often
	// far ahead, are all labelled a draw. In xiangqi's self-play data
	// they are a third of the positions, and the fit with them lowers
	// the loss but plays no better; without them it gains over 100 Elo
	// (docs/tuning.md).
	HalfmoveLimit int
}

// LoadStats count what LoadData read.
type LoadStats struct {
	Lines   int      // data lines read (blank and # lines aside)
	Skipped int      // broken lines left out (Skip)
	Shuffle int      // positions left out by HalfmoveLimit
	First   []string // the first few skipped lines' errors, FILE:LINE: ...
}

// LoadData reads data files (see Record) and computes each position's
// features under w's registry. A broken FEN or result is an error naming
// FILE:LINE, or with Skip a count. Blank lines and lines starting with
// '#' are ignored.
func LoadData(ctx context.Context, files []string, w *search.Weights, opt LoadOptions) (*Dataset, LoadStats, error) {
	var st LoadStats
	nf := len(w.Names())
	if nf > math.MaxUint16 {
		return nil, st, fmt.Errorf("tuning: %d features: more than the %d a data set indexes", nf, math.MaxUint16)
	}
	conc := opt.Concurrency
	if conc <= 0 {
		conc = runtime.NumCPU()
	}
	d := &Dataset{Features: nf, Start: []uint32{0}}
	for fi, name := range files {
		if err := loadFile(ctx, d, fi, name, w, opt, conc, &st); err != nil {
			return nil, st, err
		}
	}
	return d, st, nil
}

// chunk is a batch of lines for the feature workers; their results are
// appended in order, so the data set does not depend on the concurrency.
type chunk struct {
	first int // line number of lines[0]
	lines []string
	nums  []int
	out   Dataset
	errs  []error
	// shuffle counts the positions left out by the halfmove limit.
	shuffle int
	done    chan struct{}
}

func loadFile(ctx context.Context, d *Dataset, fileIdx int, name string, w *search.Weights, opt LoadOptions, conc int, st *LoadStats) error {
	skip := opt.Skip
	f, err := os.Open(name)
	if err != nil {
		return fmt.Errorf("tuning: %w", err)
	}
	defer f.Close()
	v := w.Variant()
	work := make(chan *chunk, conc)
	order := make(chan *chunk, 2*conc)
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var tr search.Trace
			for c := range work {
				for k, text := range c.lines {
					n := c.nums[k]
					r, err := ParseRecord(text)
					var pos engines.Position
					if err == nil {
						pos, err = engines.ParseFEN(v, r.FEN)
					}
					if err == nil && pos.Status().Result != engines.Ongoing {
						err = fmt.Errorf("the game is already over in %s", r.FEN)
					}
					if err != nil {
						c.errs = append(c.errs, fmt.Errorf("%s:%d: %w", name, n, err))
						if !skip {
							break
						}
						continue
					}
					if opt.HalfmoveLimit > 0 && pos.HalfmoveClock() >= opt.HalfmoveLimit {
						c.shuffle++
						continue
					}
					tr.Reset()
					search.Evaluate(&pos, w, &tr)
					sign := 1.0
					if pos.SideToMove() == engines.Black {
						sign = -1
					}
					c.out.add(r.Result, &tr, sign, holdout.Group(fileIdx, r.Game, n))
				}
				close(c.done)
			}
		}()
	}
	readErr := make(chan error, 1)
	go func() {
		defer close(work)
		defer close(order)
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		c := &chunk{done: make(chan struct{})}
		send := func() bool {
			select {
			case order <- c:
			case <-ctx.Done():
				return false
			}
			work <- c
			c = &chunk{done: make(chan struct{})}
			return true
		}
		for n := 1; sc.Scan(); n++ {
			text := strings.TrimSpace(sc.Text())
			if text == "" || text[0] == '#' {
				continue
			}
			c.lines = append(c.lines, text)
			c.nums = append(c.nums, n)
			if len(c.lines) == 4096 && !send() {
				readErr <- ctx.Err()
				return
			}
		}
		if len(c.lines) > 0 && !send() {
			readErr <- ctx.Err()
			return
		}
		if err := sc.Err(); err != nil {
			readErr <- fmt.Errorf("tuning: %s: %w", name, err)
		}
	}()
	var firstErr error
	for c := range order {
		<-c.done
		st.Lines += len(c.lines)
		st.Shuffle += c.shuffle
		if len(c.errs) > 0 {
			if !skip && firstErr == nil {
				firstErr = c.errs[0]
			}
			st.Skipped += len(c.errs)
			for _, e := range c.errs {
				if len(st.First) < 5 {
					st.First = append(st.First, e.Error())
				}
			}
		}
		if firstErr != nil {
			continue // drain
		}
		if len(c.out.Start) == 0 {
			continue // every line skipped
		}
		base := uint32(len(d.Index))
		for _, s := range c.out.Start[1:] {
			d.Start = append(d.Start, base+s)
		}
		d.Index = append(d.Index, c.out.Index...)
		d.Value = append(d.Value, c.out.Value...)
		d.Result = append(d.Result, c.out.Result...)
		d.Group = append(d.Group, c.out.Group...)
	}
	wg.Wait()
	select {
	case err := <-readErr:
		if firstErr == nil {
			firstErr = err
		}
	default:
	}
	if firstErr != nil {
		return fmt.Errorf("tuning: %w", firstErr)
	}
	return nil
}
