package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// boardView is what a person sees of a drawn board, measured in the
// browser: the squares of each rank as laid out (squares that share a
// top edge form a rank), the texts shown on them, and for Los Alamos the
// bunker boxes' top edges against the ranks'.
type boardView struct {
	PerRank []int    `json:"perRank"` // squares per row on screen, top first
	Texts   string   `json:"texts"`   // what the squares show, concatenated
	Boxes   []int    `json:"boxes"`   // bunker boxes: the screen row their top is level with (-1: none)
	Cases   []string `json:"cases"`   // the fairy letters with their colour class: "q:b"
}

// viewJS measures the board drawn in the element matched by root: its
// main-board squares (sq), the bunker boxes (box) and their squares
// excluded from the count.
const viewJS = `((root, sq, box) => {
  const r = document.querySelector(root);
  if (!r) return null;
  const inBox = (e) => box && e.closest(box);
  const tops = new Map();
  const squares = [...r.querySelectorAll(sq)].filter((e) => !inBox(e));
  squares.forEach((e) => { const t = Math.round(e.getBoundingClientRect().top); tops.set(t, (tops.get(t) || 0) + 1); });
  const rows = [...tops.keys()].sort((a, b) => a - b);
  const v = {perRank: rows.map((t) => tops.get(t)), texts: squares.map((e) => e.textContent).join(""), boxes: [], cases: []};
  if (box) r.querySelectorAll(box).forEach((b) => {
    const t = b.getBoundingClientRect().top;
    v.boxes.push(rows.findIndex((x) => Math.abs(x - t) <= 3));
  });
  squares.forEach((e) => { const s = e.textContent; if (/^[qaQA]$/.test(s)) v.cases.push(s + ":" + ((e.querySelector(".w") || e).matches(".w") ? "w" : "b")); });
  return v;
})`

// checkFairyView checks a fairy7 board as seen: 7 ranks of 7 squares,
// its own pieces as letters (White's upper case and white), no queen
// glyph (fairy7 has no queen; its q only has the letter).
func checkFairyView(t *testing.T, where string, v boardView) {
	t.Helper()
	if fmt.Sprint(v.PerRank) != "[7 7 7 7 7 7 7]" {
		t.Errorf("%s: squares per rank on screen %v, want 7 ranks of 7", where, v.PerRank)
	}
	for _, l := range []string{"q", "a", "Q", "A", "♚"} {
		if !strings.Contains(v.Texts, l) {
			t.Errorf("%s: no square shows %s: %q", where, l, v.Texts)
		}
	}
	if strings.Contains(v.Texts, "♛") {
		t.Errorf("%s: a queen glyph on a board without queens: %q", where, v.Texts)
	}
	for _, c := range v.Cases {
		if white := c[0] >= 'A' && c[0] <= 'Z'; white != strings.HasSuffix(c, ":w") {
			t.Errorf("%s: the letter %s", where, c)
		}
	}
}

// TestBoardsInBrowser: for a run of a loaded 7x7 variant with pieces of
// its own, the live page of varena serve -variant-file replays a game on
// a 7x7 board and report.html draws its openings so: rank by rank as a
// person sees them, with the pieces' letters; Los Alamos as 6x6 with its
// bunkers level with the ranks they lie under.
func TestBoardsInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	path := chromium(t)
	ini, out := fairyBoardRun(t)
	ids := firstOfEachVariant(t, out, 2)

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

	// The live page: the replay of a fairy7 game from its start.
	if _, err := chromedp.Run(ctx, chromedp.Navigate(fmt.Sprintf("%s#game=%d", url, ids["fairy7"]))); err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, t, "the replay's board", `document.querySelectorAll("#rboard .wrap[data-variant='fairy7'] .sq").length === 49`, 20*time.Second)
	waitFor(ctx, t, "ply 0", `(() => { document.getElementById("rfirst").click(); return document.getElementById("rply").textContent.startsWith("ply 0"); })()`, 5*time.Second)
	live := eval[boardView](ctx, t, viewJS+`("#rboard", ".sq", null)`)
	checkFairyView(t, "live page", live)
	nonBlank(t, screenshot(ctx, t), "live-fairy7")

	// report.html, the file varena run wrote, opened from disk.
	if _, err := chromedp.Run(ctx, chromedp.Navigate("file://"+filepath.Join(out, "report.html"))); err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, t, "the report's boards", `document.querySelectorAll("#openings .dg").length > 0`, 10*time.Second)
	fairy := eval[boardView](ctx, t, viewJS+`("#openings .dg[data-variant='fairy7']", "i", null)`)
	checkFairyView(t, "report", fairy)
	la := eval[boardView](ctx, t, viewJS+`("#openings .dg[data-variant='losalamos-bunkers']", "i", ".bk")`)
	if fmt.Sprint(la.PerRank) != "[6 6 6 6 6 6]" {
		t.Errorf("report, Los Alamos: squares per rank on screen %v, want 6 ranks of 6", la.PerRank)
	}
	// The bunkers lie under c6-d5 and c2-d1: their boxes start level
	// with the board's first and fifth rows.
	if fmt.Sprint(la.Boxes) != "[0 4]" {
		t.Errorf("report, Los Alamos: bunker boxes level with screen rows %v, want [0 4]", la.Boxes)
	}
	nonBlank(t, screenshot(ctx, t), "report-boards")

	// The browser first: Chromium may hold sockets it opened ahead of
	// need, which http.Server.Shutdown leaves for 5 s, longer than serve
	// waits (2 s): stopping the server first failed so here.
	cancel()
	stop()
	if err := <-serveDone; err != nil {
		t.Errorf("serve: %v", err)
	}
}
