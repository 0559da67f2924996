package uci

import (
	"testing"
	"time"

	"varena/engines/player"
	"varena/engines/variants"
)

// reply checks bestmove and takes the score and depth of the last info
// line with an exact score.
func TestReply(t *testing.T) {
	v, _ := variants.ByName("extinction")
	start := v.StartPosition()
	tests := []struct {
		name    string
		info    string // "" for none
		best    string
		score   bool // a score of 20 at depth 3 is wanted
		wantErr player.FaultKind
	}{
		{"pv", "info depth 3 score cp 20 pv e2e4 e7e5 g1f3", "e2e4", true, 0},
		{"pv about another move", "info depth 3 score cp 20 pv d2d4 d7d5", "e2e4", true, 0},
		{"no pv", "info depth 3 score cp 20", "e2e4", true, 0},
		{"bound only", "info depth 3 score cp 20 lowerbound pv e2e4 e7e5", "e2e4", false, 0},
		{"no info", "", "g1f3", false, 0},
		{"illegal bestmove", "", "e2e5", false, player.IllegalMove},
		{"none with moves", "", "(none)", false, player.IllegalMove},
		{"bestmove alone", "", "", false, player.Protocol},
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
			if v.Geometry.UCI(r.Move) != tt.best {
				t.Errorf("move %s; want %s", v.Geometry.UCI(r.Move), tt.best)
			}
			if scored := r.HasScore && r.Score == 20 && r.Depth == 3; scored != tt.score || r.HasScore != tt.score {
				t.Errorf("score %v %d at depth %d; want a score: %v", r.HasScore, r.Score, r.Depth, tt.score)
			}
		})
	}
}
