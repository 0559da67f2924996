package search

import "slices"

// Trace receives the feature values of one or more evaluations: Index[k]
// is a feature and Value[k] its f_i(pos), from the side to move's point of
// view. Only non-zero features are kept, in increasing Index order, so a
// trace is small even when the registry holds hundreds of features.
// Evaluate adds to what the trace holds; Reset empties it.
type Trace struct {
	Index []int
	Value []float64

	// Scratch of an evaluation: a dense value per feature and the
	// features touched, so that adding a term costs O(1) however many
	// features there are (no search through Index).
	dense   []float64
	touched []bool
	list    []int
	log     []logged // the terms of the evaluation being traced
}

// begin readies the scratch for n features, loading what the trace holds.
func (t *Trace) begin(n int) {
	if len(t.dense) < n {
		t.dense = make([]float64, n)
		t.touched = make([]bool, n)
	}
	t.list = t.list[:0]
	for k, i := range t.Index {
		t.add(i, t.Value[k])
	}
}

func (t *Trace) add(i int, v float64) {
	if v == 0 {
		return
	}
	if !t.touched[i] {
		t.touched[i] = true
		t.list = append(t.list, i)
	}
	t.dense[i] += v
}

// end writes the touched features back to Index and Value, in index order
// without zeros, and clears the scratch.
func (t *Trace) end() {
	slices.Sort(t.list)
	t.Index, t.Value = t.Index[:0], t.Value[:0]
	for _, i := range t.list {
		if v := t.dense[i]; v != 0 {
			t.Index = append(t.Index, i)
			t.Value = append(t.Value, v)
		}
		t.dense[i], t.touched[i] = 0, false
	}
	t.list = t.list[:0]
}

// Reset empties the trace for reuse.
func (t *Trace) Reset() {
	t.Index = t.Index[:0]
	t.Value = t.Value[:0]
}

// Dense returns the trace as a vector of n features.
func (t *Trace) Dense(n int) []float64 {
	out := make([]float64, n)
	for k, i := range t.Index {
		out[i] += t.Value[k]
	}
	return out
}
