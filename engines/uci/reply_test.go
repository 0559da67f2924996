package uci

import (
	"strings"
	"testing"
	"time"

	"varena/engines/player"
	"varena/engines/variants"
)

// reply checks bestmove and keeps the PV of the last complete info line
// as far as it is legal, when it begins with the move played.
func TestReply(t *testing.T) {
	v, _ := variants.ByName("extinction")
	start := v.StartPosition()
	tests := []struct {
		name    string
		info    string // "" for none
		best    string
		wantPV  string // UCI texts, space-separated
		wantErr player.FaultKind
	}{
		{"pv", "info depth 3 score cp 20 pv e2e4 e7e5 g1f3", "e2e4", "e2e4 e7e5 g1f3", 0},
		{"pv cut at an illegal move", "info depth 3 score cp 20 pv e2e4 e7e5 e7e5 g1f3", "e2e4", "e2e4 e7e5", 0},
		{"pv about another move", "info depth 3 score cp 20 pv d2d4 d7d5", "e2e4", "e2e4", 0},
		{"bound only", "info depth 3 score cp 20 lowerbound pv e2e4 e7e5", "e2e4", "e2e4", 0},
		{"no info", "", "g1f3", "g1f3", 0},
		{"illegal bestmove", "", "e2e5", "", player.IllegalMove},
		{"none with moves", "", "(none)", "", player.IllegalMove},
		{"bestmove alone", "", "", "", player.Protocol},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &Engine{cfg: EngineConfig{Name: "t"}}
			var infos infoState
			if tt.info != "" {
				infos.add(tt.info)
			}
			f := appendFields(nil, "bestmove "+tt.best, -1)
			r, err := e.reply(&start, f, &infos, time.Millisecond)
			if tt.wantErr != 0 {
				if fault, ok := player.FaultOf(err); !ok || fault.Kind != tt.wantErr {
					t.Fatalf("error %v; want a %v fault", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var pv []string
			for _, m := range r.PV {
				pv = append(pv, v.Geometry.UCI(m))
			}
			if got := strings.Join(pv, " "); got != tt.wantPV || v.Geometry.UCI(r.Move) != tt.best {
				t.Errorf("move %s, PV %q; want %s, %q", v.Geometry.UCI(r.Move), got, tt.best, tt.wantPV)
			}
		})
	}
}
