package results

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
)

func BenchmarkWritePGN(b *testing.B) {
	g := game(1, WhiteWins)
	for len(g.Moves) < 60 {
		g.Moves = append(g.Moves, g.Moves...)
	}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := WritePGN(&buf, g); err != nil {
			b.Fatal(err)
		}
	}
}

// The append formatters of move comments against plain formatting.
func TestEvalFormat(t *testing.T) {
	for _, cp := range []int{0, 1, -1, 5, -5, 99, 100, -100, 1234, -1234, 99999, math.MaxInt, math.MinInt} {
		a := absInt(cp)
		sign := map[bool]string{true: "+", false: ""}[cp > 0]
		if cp < 0 {
			sign = "-"
		}
		want := fmt.Sprintf("%s%d.%02d", sign, a/100, a%100)
		if got := string(appendScore(nil, Score{CP: cp})); got != want {
			t.Errorf("cp %d: %q, want %q", cp, got, want)
		}
	}
	for mate, want := range map[int]string{1: "+M1", 12: "+M12", -3: "-M3", math.MinInt: "-M9223372036854775808"} {
		if got := string(appendScore(nil, Score{Mate: mate})); got != want {
			t.Errorf("mate %d: %q, want %q", mate, got, want)
		}
	}
	for ms, want := range map[int64]string{-4: "0s", 0: "0s", 5: "0.005s", 99: "0.099s", 100: "0.10s", 999: "1.00s",
		1000: "1.0s", 9999: "10.0s", 10000: "10s", 123456: "123s"} {
		if got := string(appendTime(nil, ms)); got != want {
			t.Errorf("%d ms: %q, want %q", ms, got, want)
		}
	}
}

func FuzzCommentText(f *testing.F) {
	for _, s := range []string{"", "+0.35/12 0.52s", " lead", "trail ", "two  spaces", "a}b", "tab\there", "é", "x\u00a0y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.Join(strings.Fields(strings.ReplaceAll(s, "}", ")")), " ")
		if got := commentText(s); got != want {
			t.Fatalf("commentText(%q) = %q, want %q", s, got, want)
		}
	})
}
