package pairing

import (
	"fmt"
	"strings"
	"testing"
)

func TestStandings(t *testing.T) {
	tests := []struct {
		name    string
		n, r    int
		results []Result
		want    string // "No score bhc1 bh sb wins direct" per rank
	}{
		{
			// 1 beats 2 and 3; 2 beats 3: a plain order.
			name: "round robin of three", n: 3, r: 2,
			results: []Result{
				{1, 1, 2, 1, 0, 1, 0}, {1, 3, 0, 1, 0, 0, 0}, // 3 has the bye in round 1
				{2, 1, 3, 1, 0, 1, 0}, {2, 2, 0, 1, 0, 0, 0},
			},
			// 1 (2 pts): opponents 2 and 3 on 1 each: Bh 2, Cut-1 1, SB 1+1.
			// 2 (1): opponent 1 (2) and a bye (its own 1): Bh 3, Cut-1
			// drops the bye: 2. 3 the same: 2 and 3 never met, so the
			// pairing number orders them.
			want: "1 2 1 2 2 2 0|2 1 2 3 0 0 0|3 1 2 3 0 0 0",
		},
		{
			// Two players level on everything: direct encounter decides.
			name: "direct encounter", n: 2, r: 2,
			results: []Result{
				{1, 1, 2, 0.5, 0.5, 0, 0},
				{2, 2, 1, 0.5, 0.5, 0, 0},
			},
			// Each: 1 point, Bh 1+1, Cut-1 1, SB 0.5*1 twice, direct 1.
			want: "1 1 1 2 1 0 1|2 1 1 2 1 0 1",
		},
		{
			// A colour-reversed pair counts its two games: 2 wins both
			// games against 1 and draws the pair against 3.
			name: "pairs", n: 3, r: 2,
			results: []Result{
				{1, 2, 1, 2, 0, 2, 0}, {1, 3, 0, 2, 0, 0, 0},
				{2, 2, 3, 1, 1, 1, 1}, {2, 1, 0, 2, 0, 0, 0},
			},
			// 2 and 3 on 3 points, Cut-1 3 each; 3's Buchholz counts its
			// bye as its own 3 (6), 2's opponents have 2 and 3 (5).
			want: "3 3 3 6 3 1 0|2 3 3 5 7 3 0|1 2 3 5 0 0 0",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var rows []string
			for _, s := range Standings(tc.n, tc.r, tc.results) {
				rows = append(rows, fmt.Sprintf("%d %g %g %g %g %d %g", s.No, s.Score, s.BuchholzCut1, s.Buchholz, s.SonnebornBerger, s.Wins, s.Direct))
			}
			if got := strings.Join(rows, "|"); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
