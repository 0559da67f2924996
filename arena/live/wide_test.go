package live

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"varena/arena"
	"varena/arena/openings"
	"varena/engines/variants"
	"varena/results"
	"varena/results/rundir"
)

// TestHubWideGames: games of xiangqi (9x10) and capablanca (10x8) in
// progress are shown with their boards (the letters of the pieces that
// are not chess pieces), their FENs of two-digit ranks and counts, and
// the last move between squares of rank 10; each replays move by move.
func TestHubWideGames(t *testing.T) {
	hub := NewHub(t.TempDir(), nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go hub.Run(ctx)
	ts := httptest.NewServer((&Server{hub: hub}).Handler())
	defer ts.Close()
	defer hub.Close()
	meta := rundir.Meta{Name: "wide", Variants: []string{"xiangqi", "capablanca"}, Engines: []string{"a", "b"}, Total: 2, Tournament: "round-robin"}
	hub.Started(meta, 2, nil)
	tests := []struct {
		id           int
		variant      string
		ucis, sans   []string
		fen          string // the placement after the moves
		files, ranks int
		letters      string
	}{
		{1, "xiangqi", []string{"h3e3", "h10g8"}, []string{"Che3", "Ng8"},
			"rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR", 9, 10, "ACPNB"},
		{2, "capablanca", []string{"j2j4", "c8d6"}, []string{"j4", "Ad6"},
			"rn1bqkbcnr/pppppppppp/3a6/10/9P/10/PPPPPPPPP1/RNABQKBCNR", 10, 8, "AC"},
	}
	for _, tt := range tests {
		v, err := variants.ByName(tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		pos := v.StartPosition()
		spec := arena.GameSpec{ID: tt.id, Variant: tt.variant, White: "a", Black: "b", Opening: openings.Opening{FEN: pos.FEN(), Initial: true}}
		hub.Moved(arena.LiveMove{Game: spec, Pos: pos})
		for i, u := range tt.ucis {
			m, err := pos.ParseUCIMove(u)
			if err != nil {
				t.Fatalf("%s %s: %v", tt.variant, u, err)
			}
			pos = pos.Play(m)
			hub.Moved(arena.LiveMove{Game: spec, Ply: i + 1, Move: results.Move{UCI: u, SAN: tt.sans[i]}, Pos: pos})
		}
	}
	st := waitState(t, ts.URL, func(st State) bool {
		return len(st.Live) == 2 && len(st.Live[0].Moves) == 2 && len(st.Live[1].Moves) == 2
	})
	for i, tt := range tests {
		g := st.Live[i]
		if g.Variant != tt.variant || g.LastUCI != tt.ucis[1] || !strings.HasPrefix(g.FEN, tt.fen+" ") {
			t.Errorf("%s in progress: %s, last %s; want %s after %s", tt.variant, g.FEN, g.LastUCI, tt.fen, tt.ucis[1])
		}
		if b := st.Boards[tt.variant]; b.Files != tt.files || b.Ranks != tt.ranks || b.Letters != tt.letters || len(b.Bunkers) != 0 {
			t.Errorf("%s: board %+v, want %dx%d with the letters %s", tt.variant, b, tt.files, tt.ranks, tt.letters)
		}
		resp, err := http.Get(fmt.Sprintf("%s/api/game/%d", ts.URL, tt.id))
		if err != nil {
			t.Fatal(err)
		}
		var r Replay
		err = json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if r.Note != "" || len(r.FENs) != 3 || !strings.HasPrefix(r.FENs[2], tt.fen+" ") || strings.Join(r.UCI, " ") != strings.Join(tt.ucis, " ") {
			t.Errorf("%s replay: FENs %q, UCI %v, note %q", tt.variant, r.FENs, r.UCI, r.Note)
		}
		if r.Board.Files != tt.files || r.Board.Ranks != tt.ranks || r.Board.Letters != tt.letters {
			t.Errorf("%s replay: board %+v", tt.variant, r.Board)
		}
	}
}
