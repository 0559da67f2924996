package engines_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/losalamos"
)

// TestPerftContext: PerftContext counts what Perft counts, refuses a depth
// beyond MaxPerftDepth and stops promptly when its context ends.
func TestPerftContext(t *testing.T) {
	for _, v := range []*engines.Variant{extinction.Variant, losalamos.Variant, evolution.Variant} {
		pos, err := engines.ParseFEN(v, v.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		for depth := 0; depth <= 4; depth++ {
			n, err := engines.PerftContext(context.Background(), &pos, depth)
			if want := engines.Perft(&pos, depth); err != nil || n != want {
				t.Errorf("%s depth %d: PerftContext = %d, %v; Perft = %d", v.Name, depth, n, err, want)
			}
		}
	}
	pos, _ := engines.ParseFEN(extinction.Variant, extinction.Variant.StartFEN)
	for _, depth := range []int{engines.MaxPerftDepth + 1, 2000000} {
		if _, err := engines.PerftContext(context.Background(), &pos, depth); err == nil {
			t.Errorf("depth %d: no error", depth)
		}
	}

	// Already cancelled: nothing beyond the first check is searched.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := engines.PerftContext(ctx, &pos, 30); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
	// Cancelled in the middle of a search that would take years.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	n, err := engines.PerftContext(ctx, &pos, engines.MaxPerftDepth)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("timeout: err = %v after %d nodes", err, n)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("timeout of 50ms stopped the perft only after %v", d)
	}
}

// BenchmarkPerftContext measures the cancellable perft of `varena perft`
// on the extinction start position, to compare with BenchmarkPerft: the
// context checks must not cost measurably.
func BenchmarkPerftContext(b *testing.B) {
	pos, err := engines.ParseFEN(extinction.Variant, extinction.Variant.StartFEN)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		n, err := engines.PerftContext(ctx, &pos, 5)
		if err != nil {
			b.Fatal(err)
		}
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
