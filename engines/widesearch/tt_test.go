package widesearch

import (
	"testing"

	"varena/engines/limits"
	"varena/engines/wide"
)

// TestTableRoundTrip checks an entry comes back as stored: every bit of
// a 32-bit move, negative scores and depths, each bound; and that a key
// that shares the bucket but not the key finds nothing.
func TestTableRoundTrip(t *testing.T) {
	tt := newTable(1)
	tests := []struct {
		key   uint64
		move  wide.Move
		score int
		depth int
		bound uint8
		eval  int
	}{
		{0x0123456789abcdef, wide.Move(0xFFFFFFFF), -limits.Mate + 3, 0, boundLower, -120},
		{0xfedcba9876543210, wide.Move(1<<25 | 77), 29990, 99, boundExact, noEval},
		{0x1111111100000000, wide.NullMove, 0, -1, boundUpper, 0},
	}
	for _, tc := range tests {
		tt.store(tc.key, tc.move, tc.score, tc.depth, tc.bound, tc.eval)
		e, ok := tt.probe(tc.key)
		if !ok {
			t.Fatalf("key %x: no entry", tc.key)
		}
		if e.move != tc.move || int(e.score) != tc.score || int(e.depth) != tc.depth || e.bound != tc.bound || int(e.eval) != tc.eval {
			t.Errorf("key %x: %+v, stored %+v", tc.key, e, tc)
		}
		if _, ok := tt.probe(tc.key ^ 1<<40); ok {
			t.Errorf("key %x: found under another key", tc.key)
		}
	}
}
