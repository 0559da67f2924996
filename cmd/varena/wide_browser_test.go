package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"varena/results"
	"varena/results/rules"
)

// squareView is one square of the live page's board as the browser has
// it: the text shown, whether it is marked as the last move's, whether
// its piece is drawn as a letter.
type squareView struct {
	Text   string `json:"t"`
	Marked bool   `json:"hl"`
	Letter bool   `json:"ltr"`
}

// replayView is the live page's replay board: its squares by name, the
// rank and file labels top to bottom and left to right, and whether the
// page fits its window's width.
type replayView struct {
	Squares map[string]squareView `json:"squares"`
	Ranks   string                `json:"ranks"`
	Files   string                `json:"files"`
	Fits    bool                  `json:"fits"`
	Size    float64               `json:"size"` // a square's width in pixels
}

const replayJS = `(() => {
  const v = {squares: {}, ranks: "", files: "", size: 0};
  document.querySelectorAll("#rboard .board .sq").forEach((e) => {
    v.squares[e.dataset.sq] = {t: e.textContent, hl: e.classList.contains("hl"), ltr: !!e.querySelector(".ltr")};
    v.size = e.getBoundingClientRect().width;
  });
  v.ranks = [...document.querySelectorAll("#rboard .coord.ranks div")].map((e) => e.textContent).join(" ");
  v.files = [...document.querySelectorAll("#rboard .coord.files div")].map((e) => e.textContent).join(" ");
  v.fits = document.documentElement.scrollWidth <= window.innerWidth &&
    [...document.querySelectorAll(".wrap")].every((e) => e.getBoundingClientRect().right <= window.innerWidth);
  return v;
})()`

// artifacts returns the folder a test keeps its screenshots in:
// $VARENA_ARTIFACTS, else varena-NAME in the system's temporary folder,
// left in place (each run writes over the last one's files).
func artifacts(t *testing.T, name string) string {
	t.Helper()
	if a := os.Getenv("VARENA_ARTIFACTS"); a != "" {
		return a
	}
	dir := filepath.Join(os.TempDir(), "varena-"+name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// keepShot writes a screenshot into dir, checks it is not blank, and
// logs its path.
func keepShot(t *testing.T, shot []byte, dir, name string) {
	t.Helper()
	nonBlank(t, shot, name)
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	t.Logf("screenshot: %s", path)
}

// TestWideBoardsInBrowser: in Chromium at 1280 pixels across, the live
// page of varena serve replays a xiangqi game (9x10), a capablanca game
// (10x8) and a game of a loaded 12x10 variant: every square holds what
// the position's FEN puts there, xiangqi's horse, elephant, advisor,
// cannon and soldier and capablanca's archbishop and chancellor as
// letters, the ranks labelled up to 10 and the files up to the last, the
// last move marked on its two squares (one on rank 10), and nothing wider
// than the window; games in progress on these boards are drawn in cards
// that fit too; report.html draws their openings. Then the boards with
// pieces in hand of crazyhouse, minishogi and shogi
// (checkHandsInBrowser). The screenshots are kept (their paths logged).
func TestWideBoardsInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	path := chromium(t)
	ini, out := wideRun(t)
	shots := artifacts(t, "wide-boards")
	games, _, err := results.SalvageJournal(filepath.Join(out, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}

	sctx, stop := context.WithCancel(context.Background())
	defer stop()
	var serr lockedBuffer
	serveDone := make(chan error, 1)
	go func() {
		serveDone <- execute(sctx, serveCmd, []string{"-addr", "127.0.0.1:0", "-variant-file", ini, out}, stdio{in: strings.NewReader(""), out: &lockedBuffer{}, err: &serr})
	}()
	url := waitURL(t, &serr, serveDone)
	ctx, cancel := browser(t, path)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(1280, 1000)); err != nil {
		t.Fatal(err)
	}

	for _, v := range []string{"xiangqi", "capablanca", "big12"} {
		g, ply := plyOnRank10(games, v)
		if g == nil {
			t.Fatalf("no %s game", v)
		}
		b, err := wideRules(t).BoardOf(v)
		if err != nil {
			t.Fatal(err)
		}
		fen, err := wideRules(t).FinalFEN(results.Game{Variant: g.Variant, StartFEN: g.StartFEN, StartIsInitial: g.StartIsInitial, Moves: g.Moves[:ply]})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Navigate(fmt.Sprintf("%s#game=%d", url, g.ID))); err != nil {
			t.Fatal(err)
		}
		waitFor(ctx, t, v+"'s replay", fmt.Sprintf(`document.querySelectorAll("#rboard .wrap[data-variant='%s'] .sq").length === %d`, v, b.Files*b.Ranks), 20*time.Second)
		waitFor(ctx, t, fmt.Sprintf("%s at ply %d", v, ply), fmt.Sprintf(`(() => { document.querySelector("#rmoves span[data-ply='%d']").click(); return document.getElementById("rply").textContent.startsWith("ply %d "); })()`, ply, ply), 5*time.Second)
		view := eval[replayView](ctx, t, replayJS)
		where := fmt.Sprintf("%s game %d ply %d (%s)", v, g.ID, ply, fen)
		checkReplayView(t, where, view, b, fen, g.Moves[ply-1].UCI)
		if v == "xiangqi" {
			for name, sq := range view.Squares {
				if sq.Text == "♞" || sq.Text == "♝" {
					t.Errorf("%s: %s shows the chess glyph %s", where, name, sq.Text)
				}
			}
		}
		keepShot(t, screenshot(ctx, t), shots, "live-"+v)
	}

	// Games in progress on these boards, drawn by the page as the
	// server's state would have them.
	live := `[`
	for i, v := range []string{"xiangqi", "capablanca", "big12"} {
		g, ply := plyOnRank10(games, v)
		fen, err := wideRules(t).FinalFEN(results.Game{Variant: g.Variant, StartFEN: g.StartFEN, StartIsInitial: g.StartIsInitial, Moves: g.Moves[:ply]})
		if err != nil {
			t.Fatal(err)
		}
		var sans []string
		for _, m := range g.Moves[:ply] {
			sans = append(sans, strconv.Quote(m.SAN))
		}
		live += fmt.Sprintf(`{id: %d, variant: %q, white: "ab", black: "rnd", fen: %q, last_uci: %q, moves: [%s], sides: []},`,
			100+i, v, fen, g.Moves[ply-1].UCI, strings.Join(sans, ","))
	}
	live += `]`
	cards := eval[[]int](ctx, t, `(() => { document.getElementById("rclose").click(); render(Object.assign({}, state, {live: `+live+`}));
  return [...document.querySelectorAll("#boards .card .wrap")].map((w) => w.querySelectorAll(".sq").length); })()`)
	if fmt.Sprint(cards) != "[90 80 120]" {
		t.Errorf("cards of games in progress with %v squares, want [90 80 120]", cards)
	}
	if !eval[bool](ctx, t, `document.documentElement.scrollWidth <= window.innerWidth && [...document.querySelectorAll("#boards .card")].every((e) => e.getBoundingClientRect().right <= window.innerWidth)`) {
		t.Errorf("the cards of games in progress are wider than the window")
	}
	keepShot(t, screenshot(ctx, t), shots, "live-cards")

	// report.html's openings.
	if _, err := chromedp.Run(ctx, chromedp.Navigate("file://"+filepath.Join(out, "report.html"))); err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, t, "the report's boards", `document.querySelectorAll("#openings .dg").length > 0`, 10*time.Second)
	for _, v := range []string{"xiangqi", "capablanca", "big12"} {
		b, _ := wideRules(t).BoardOf(v)
		rep := eval[boardView](ctx, t, viewJS+fmt.Sprintf(`("#openings .dg[data-variant='%s']", "i", null)`, v))
		want := strings.TrimSpace(strings.Repeat(strconv.Itoa(b.Files)+" ", b.Ranks))
		if got := strings.Trim(fmt.Sprint(rep.PerRank), "[]"); got != want {
			t.Errorf("report, %s: squares per rank on screen %s, want %d ranks of %d", v, got, b.Ranks, b.Files)
		}
	}
	if !eval[bool](ctx, t, `document.documentElement.scrollWidth <= window.innerWidth`) {
		t.Errorf("report.html is wider than the window")
	}
	shot, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#openings table")))
	if err != nil {
		t.Fatal(err)
	}
	keepShot(t, shot, shots, "report-openings")

	checkHandsInBrowser(ctx, t, shots)

	cancel()
	stop()
	if err := <-serveDone; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// plyOnRank10 returns the first game of variant v in games and a ply of
// it to show: the first move from or to rank 10, else its last move.
func plyOnRank10(games []results.Game, v string) (*results.Game, int) {
	for i := range games {
		g := &games[i]
		if g.Variant != v || len(g.Moves) == 0 {
			continue
		}
		for p, m := range g.Moves {
			if strings.Contains(m.UCI, "10") {
				return g, p + 1
			}
		}
		return g, len(g.Moves)
	}
	return nil, 0
}

// checkReplayView checks the replay board against the position fen of
// board b after the move uci.
func checkReplayView(t *testing.T, where string, v replayView, b rules.Board, fen, uci string) {
	t.Helper()
	var ranks, files []string
	for r := b.Ranks; r >= 1; r-- {
		ranks = append(ranks, strconv.Itoa(r))
	}
	for f := 0; f < b.Files; f++ {
		files = append(files, string(rune('a'+f)))
	}
	if v.Ranks != strings.Join(ranks, " ") || v.Files != strings.Join(files, " ") {
		t.Errorf("%s: rank labels %q, file labels %q", where, v.Ranks, v.Files)
	}
	if !v.Fits {
		t.Errorf("%s: the page is wider than the window", where)
	}
	if v.Size < 20 {
		t.Errorf("%s: squares of %.1f pixels", where, v.Size)
	}
	placement, _, _ := strings.Cut(fen, " ")
	rows := strings.Split(placement, "/")
	if len(rows) != b.Ranks || len(v.Squares) != b.Files*b.Ranks {
		t.Fatalf("%s: %d squares drawn, FEN of %d ranks, board %dx%d", where, len(v.Squares), len(rows), b.Files, b.Ranks)
	}
	var marked []string
	for i, row := range rows {
		rank := b.Ranks - i
		for f, c := range expandRank(row) {
			name := fmt.Sprintf("%c%d", 'a'+f, rank)
			sq, ok := v.Squares[name]
			want := shownAs(c, b.Letters)
			if !ok || sq.Text != want {
				t.Errorf("%s: %s holds %q, shown as %q, want %q", where, name, c, sq.Text, want)
			}
			if letter := want != "" && len(want) == 1; sq.Letter != letter {
				t.Errorf("%s: %s shows %q drawn as a letter: %v", where, name, sq.Text, sq.Letter)
			}
			if sq.Marked {
				marked = append(marked, name)
			}
		}
	}
	from, to := uciSquares(uci)
	if len(marked) != 2 || !(marked[0] == from && marked[1] == to || marked[0] == to && marked[1] == from) {
		t.Errorf("%s: squares marked %v, the last move %s goes %s-%s", where, marked, uci, from, to)
	}
}

// uciSquares splits a UCI move of any board (a10a9, e9e10q) into its
// two squares.
func uciSquares(uci string) (from, to string) {
	i := 1
	for i < len(uci) && uci[i] >= '0' && uci[i] <= '9' {
		i++
	}
	j := i + 1
	for j < len(uci) && uci[j] >= '0' && uci[j] <= '9' {
		j++
	}
	return uci[:i], uci[i:j]
}
