package stats

import (
	"math"
	"testing"
)

func TestParseAnchor(t *testing.T) {
	tests := []struct {
		in    string
		want  Anchor
		rated bool
		err   bool
	}{
		{"stockfish=3500", Anchor{"stockfish", 3500}, true, false},
		{"a=-12.5", Anchor{"a", -12.5}, true, false},
		{"greedy", Anchor{"greedy", 0}, false, false},
		{"nodes=1000=2800", Anchor{"nodes=1000", 2800}, true, false},
		{"engine=fast", Anchor{"engine=fast", 0}, false, false},
		{"sf 16=1e3", Anchor{"sf 16", 1000}, true, false},
		{"", Anchor{}, false, true},
		{"a=", Anchor{}, false, true},
		{"=100", Anchor{}, false, true},
		{"a=inf", Anchor{}, false, true},
		{"a=NaN", Anchor{}, false, true},
	}
	for _, tt := range tests {
		got, rated, err := ParseAnchor(tt.in)
		if (err != nil) != tt.err || got != tt.want || rated != tt.rated {
			t.Errorf("ParseAnchor(%q) = %+v, %v, %v; want %+v, %v, error %v", tt.in, got, rated, err, tt.want, tt.rated, tt.err)
		}
	}
}

// FuzzParseAnchor: whatever parses with a rating formats back to itself.
func FuzzParseAnchor(f *testing.F) {
	for _, s := range []string{"a=1", "x=y=2", "name", "=", "a==3", "é=-0", "a=1e308", "a=0x1p-2", "a=1_0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, rated, err := ParseAnchor(s)
		if err != nil {
			return
		}
		if a.Name == "" {
			t.Fatalf("ParseAnchor(%q) = %+v: empty name", s, a)
		}
		if !rated {
			if a.Name != s || a.Rating != 0 {
				t.Fatalf("ParseAnchor(%q) = %+v without a rating", s, a)
			}
			return
		}
		if math.IsNaN(a.Rating) || math.IsInf(a.Rating, 0) {
			t.Fatalf("ParseAnchor(%q) = %+v: not finite", s, a)
		}
		b, rated2, err := ParseAnchor(a.String())
		if err != nil || !rated2 || b.Name != a.Name || math.Float64bits(b.Rating) != math.Float64bits(a.Rating) {
			t.Fatalf("ParseAnchor(%q) = %+v, formatted %q, parsed again %+v, %v, %v", s, a, a.String(), b, rated2, err)
		}
	})
}
