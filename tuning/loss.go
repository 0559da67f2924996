package tuning

import (
	"math"
	"runtime"
	"sync"
)

// Sigmoid is the expected score of an evaluation e (centipawns, White's
// view) under scale K: 1 / (1 + exp(-K*e/400)).
func Sigmoid(K, e float64) float64 { return 1 / (1 + math.Exp(-K*e/400)) }

// Loss is the Texel objective over a data set: the mean squared error
// between each position's result and Sigmoid(K, eval). Its sums are split
// over Workers goroutines, each with its own gradient buffer, merged at
// the end.
type Loss struct {
	Data    *Dataset
	K       float64
	Workers int // 0: one per CPU

	bufs []*[1 << 16]float64 // per-worker gradients, indexed by uint16 without bounds checks
	sums []float64
	wbuf *[1 << 16]float64 // the weights, likewise
}

func (l *Loss) workers() int {
	n := l.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return max(1, min(n, l.Data.Len()))
}

// Value returns the loss of weights w (one per feature).
func (l *Loss) Value(w []float64) float64 { return l.eval(w, nil) }

// ValueGrad returns the loss of w and stores its gradient with respect
// to w in grad (len(w) entries).
func (l *Loss) ValueGrad(w, grad []float64) float64 { return l.eval(w, grad) }

func (l *Loss) eval(w, grad []float64) float64 {
	d := l.Data
	n := d.Len()
	if n == 0 {
		clear(grad)
		return 0
	}
	nw := l.workers()
	if len(l.sums) != nw {
		l.sums = make([]float64, nw)
		l.bufs = make([]*[1 << 16]float64, nw)
	}
	if l.wbuf == nil {
		l.wbuf = new([1 << 16]float64)
	}
	copy(l.wbuf[:], w)
	var wg sync.WaitGroup
	for t := range nw {
		lo, hi := t*n/nw, (t+1)*n/nw
		var g *[1 << 16]float64
		if grad != nil {
			if l.bufs[t] == nil {
				l.bufs[t] = new([1 << 16]float64)
			}
			g = l.bufs[t]
			clear(g[:len(w)])
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.sums[t] = l.span(l.wbuf, g, lo, hi)
		}()
	}
	wg.Wait()
	total := 0.0
	for t := range nw {
		total += l.sums[t]
	}
	if grad != nil {
		clear(grad)
		for t := range nw {
			for i, x := range l.bufs[t][:len(w)] {
				grad[i] += x
			}
		}
		scale := 1 / float64(n)
		for i := range grad {
			grad[i] *= scale
		}
	}
	return total / float64(n)
}

// span sums the squared errors of positions [lo, hi) and, when g is not
// nil, adds their gradient (not yet divided by n) to g.
func (l *Loss) span(w, g *[1 << 16]float64, lo, hi int) float64 {
	d := l.Data
	c := l.K / 400
	sum := 0.0
	idx, val, start := d.Index, d.Value, d.Start
	for i := lo; i < hi; i++ {
		a, b := start[i], start[i+1]
		ix, vx := idx[a:b], val[a:b]
		vx = vx[:len(ix)]
		// Four sums, not one: a single chain of additions waits on
		// each add's latency, and the dot product is most of a pass.
		var e0, e1, e2, e3 float64
		k := 0
		for ; k+4 <= len(ix); k += 4 {
			e0 += w[ix[k]] * float64(vx[k])
			e1 += w[ix[k+1]] * float64(vx[k+1])
			e2 += w[ix[k+2]] * float64(vx[k+2])
			e3 += w[ix[k+3]] * float64(vx[k+3])
		}
		for ; k < len(ix); k++ {
			e0 += w[ix[k]] * float64(vx[k])
		}
		e := (e0 + e1) + (e2 + e3)
		s := 1 / (1 + math.Exp(-c*e))
		r := float64(d.Result[i])
		sum += (r - s) * (r - s)
		if g != nil {
			// d/dw_j (r - s)^2 = 2 (s - r) s (1 - s) c f_j
			coef := 2 * (s - r) * s * (1 - s) * c
			for k, j := range ix {
				g[j] += coef * float64(vx[k])
			}
		}
	}
	return sum
}

// Evals returns every position's evaluation under w.
func (d *Dataset) Evals(w []float64) []float64 {
	out := make([]float64, d.Len())
	for i := range out {
		out[i] = d.Eval(i, w)
	}
	return out
}
