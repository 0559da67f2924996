package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"varena/results"
	"varena/results/rules"
)

// handsView is a board of the live page with its hands: each square's
// text and mark, and each hand's kinds of pieces ("♟×3") by side.
type handsView struct {
	Squares map[string]squareView `json:"squares"`
	Hands   map[string]string     `json:"hands"`
	Order   string                `json:"order"` // the sides' hands and the board, top to bottom
	Fits    bool                  `json:"fits"`
}

// handsJS reads the board in the element root matches.
const handsJS = `((root) => {
  const r = document.querySelector(root), v = {squares: {}, hands: {}, order: ""};
  r.querySelectorAll(".board .sq").forEach((e) => {
    v.squares[e.dataset.sq] = {t: e.textContent, hl: e.classList.contains("hl"), ltr: !!e.querySelector(".ltr")};
  });
  const parts = [...r.querySelectorAll(".hand, .board")].map((e) => [e.dataset.side || "board", e.getBoundingClientRect().top]);
  v.order = parts.sort((a, b) => a[1] - b[1]).map((p) => p[0]).join(" ");
  r.querySelectorAll(".hand").forEach((h) => {
    v.hands[h.dataset.side] = [...h.querySelectorAll(".hp")].map((p) => p.querySelector(".pc").textContent + "×" + p.dataset.n).join(" ");
  });
  v.fits = document.documentElement.scrollWidth <= window.innerWidth;
  return v;
})`

// checkHandsView checks a board of the live page with its hands against
// fen, the last move marked being uci's squares (a drop's one square).
func checkHandsView(t *testing.T, where string, v handsView, variant, fen, uci string) {
	t.Helper()
	b, err := rules.Referee{}.BoardOf(variant)
	if err != nil {
		t.Fatal(err)
	}
	board, holdings, ok := splitHoldings(fen)
	if !ok {
		t.Fatalf("%s: %s has no holdings", where, fen)
	}
	if v.Order != "black board white" || !v.Fits {
		t.Errorf("%s: drawn top to bottom %q, want black board white; fits the window: %v", where, v.Order, v.Fits)
	}
	rows := strings.Split(board, "/")
	if len(rows) != b.Ranks || len(v.Squares) != b.Files*b.Ranks {
		t.Fatalf("%s: %d squares drawn, board %dx%d", where, len(v.Squares), b.Files, b.Ranks)
	}
	var marked []string
	for i, row := range rows {
		for f, p := range expandPieces(row) {
			name := fmt.Sprintf("%c%d", 'a'+f, b.Ranks-i)
			if sq := v.Squares[name]; sq.Text != pieceShownAs(p, b.Letters) {
				t.Errorf("%s: %s holds %q, shown as %q, want %q", where, name, p, sq.Text, pieceShownAs(p, b.Letters))
			}
			if v.Squares[name].Marked {
				marked = append(marked, name)
			}
		}
	}
	want := handsOf(holdings, b.Letters)
	if v.Hands["white"] != want[0] || v.Hands["black"] != want[1] {
		t.Errorf("%s: hands White %q, Black %q; want %q and %q", where, v.Hands["white"], v.Hands["black"], want[0], want[1])
	}
	var wantMarked []string
	if piece, to, drop := strings.Cut(uci, "@"); drop && piece != "" {
		wantMarked = []string{to}
	} else {
		from, to := uciSquares(strings.TrimSuffix(uci, "+"))
		wantMarked = []string{from, to}
	}
	if len(marked) != len(wantMarked) || strings.Join(marked, " ") != strings.Join(wantMarked, " ") && (len(marked) != 2 || marked[0] != wantMarked[1] || marked[1] != wantMarked[0]) {
		t.Errorf("%s: squares marked %v, want %v for %s", where, marked, wantMarked, uci)
	}
}

// handsPly returns the first game of variant v and a ply of it after
// which both hands hold pieces and the move was a drop (else a capture
// into a hand, else the last ply), with the FEN there.
func handsPly(t *testing.T, games []results.Game, v string) (*results.Game, int, string) {
	t.Helper()
	var best *results.Game
	bestPly, bestRank, bestFEN := 0, -1, ""
	for i := range games {
		g := &games[i]
		if g.Variant != v {
			continue
		}
		for p := 1; p <= len(g.Moves); p++ {
			fen, err := rules.Referee{}.FinalFEN(results.Game{Variant: g.Variant, StartFEN: g.StartFEN, StartIsInitial: g.StartIsInitial, Moves: g.Moves[:p]})
			if err != nil {
				t.Fatal(err)
			}
			_, h, _ := splitHoldings(fen)
			rank := 0
			if strings.ToLower(h) != h && strings.ToUpper(h) != h {
				rank = 1
				if strings.Contains(g.Moves[p-1].UCI, "@") {
					rank = 2
				}
			}
			if rank > bestRank {
				best, bestPly, bestRank, bestFEN = g, p, rank, fen
			}
		}
	}
	if best == nil {
		t.Fatalf("no %s game", v)
	}
	return best, bestPly, bestFEN
}

// checkHandsInBrowser: the live page of varena serve replays a
// crazyhouse and a minishogi game of handsConfig at a ply with pieces in
// both hands, square by square and hand by hand, a drop marked on its
// one square; cards of games in progress draw a crazyhouse position with
// a queen promoted from a pawn (Q~) and both hands, and a shogi position
// with promoted pieces (+B, +p) and hands with counts. The screenshots
// are kept in shots.
func checkHandsInBrowser(ctx context.Context, t *testing.T, shots string) {
	out := handsRun(t)
	games, _, err := results.SalvageJournal(filepath.Join(out, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(context.Background())
	defer stop()
	var serr lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- execute(sctx, serveCmd, []string{"-addr", "127.0.0.1:0", out}, stdio{in: strings.NewReader(""), out: &lockedBuffer{}, err: &serr})
	}()
	url := waitURL(t, &serr, done)
	for _, v := range []string{"crazyhouse", "minishogi"} {
		g, ply, fen := handsPly(t, games, v)
		b, _ := rules.Referee{}.BoardOf(v)
		navigate(ctx, t, fmt.Sprintf("%s#game=%d", url, g.ID))
		waitFor(ctx, t, v+"'s replay", fmt.Sprintf(`document.querySelectorAll("#rboard .wrap[data-variant='%s'] .sq").length === %d`, v, b.Files*b.Ranks), 20*time.Second)
		waitFor(ctx, t, fmt.Sprintf("%s at ply %d", v, ply), fmt.Sprintf(`(() => { document.querySelector("#rmoves span[data-ply='%d']").click(); return document.getElementById("rply").textContent.startsWith("ply %d "); })()`, ply, ply), 5*time.Second)
		view := eval[handsView](ctx, t, handsJS+`("#rboard")`)
		checkHandsView(t, fmt.Sprintf("%s game %d ply %d (%s)", v, g.ID, ply, fen), view, v, fen, g.Moves[ply-1].UCI)
		keepShot(t, screenshot(ctx, t), shots, "live-"+v)
	}

	cards := []struct{ variant, fen, uci string }{
		{"crazyhouse", "Q~1bqkbnr/p1pppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[RNPPPnpp] b KQk - 0 5", "b7a8q"},
		{"shogi", "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPP+pPP/7R1/LNSGKGSNL[BPPPPPPPPPPPPgs] w - - 0 12", "g4g3+"},
		{"crazyhouse", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3", "P@e4"},
	}
	live := `[`
	for i, c := range cards {
		live += fmt.Sprintf(`{id: %d, variant: %q, white: "ab", black: "rnd", fen: %q, last_uci: %q, moves: [%q], sides: []},`, 200+i, c.variant, c.fen, c.uci, c.uci)
	}
	live += `]`
	navigate(ctx, t, url)
	waitFor(ctx, t, "the page's state", `state !== null`, 10*time.Second)
	// The run has no shogi: the state gets its board as the server would
	// describe it.
	shogi, err := rules.Referee{}.BoardOf("shogi")
	if err != nil {
		t.Fatal(err)
	}
	geo, err := json.Marshal(shogi)
	if err != nil {
		t.Fatal(err)
	}
	eval[bool](ctx, t, `(() => { render(Object.assign({}, state, {live: `+live+`, boards: Object.assign({shogi: `+string(geo)+`}, state.boards)})); return true; })()`)
	for i, c := range cards {
		view := eval[handsView](ctx, t, handsJS+fmt.Sprintf(`("#boards .card[data-id='%d']")`, 200+i))
		checkHandsView(t, fmt.Sprintf("card %d (%s)", 200+i, c.fen), view, c.variant, c.fen, c.uci)
	}
	keepShot(t, screenshot(ctx, t), shots, "live-hands-cards")
	stop()
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// navigate opens url in the browser.
func navigate(ctx context.Context, t *testing.T, url string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
}
