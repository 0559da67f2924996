package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"varena/results"
	"varena/results/rules"
)

// handsConfig is a short run of two variants with pieces in hand:
// crazyhouse (drops, pieces promoted from pawns marked ~) and minishogi
// (drops, shogi promotions), varena's engine against a random mover at
// 1,000 nodes a move.
const handsConfig = `name: hands
variants: [crazyhouse, minishogi]
out: out
seed: 1
tournament: {type: round-robin, games: 2}
openings: {plies: 2}
time_control: {nodes: 1000}
adjudication: {max_plies: 60}
engines:
  - {name: ab, kind: alphabeta}
  - {name: rnd, kind: random}
`

// handsRun plays handsConfig and returns the run's directory.
func handsRun(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "hands.yaml")
	if err := os.WriteFile(cfg, []byte(handsConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	if err := execute(context.Background(), runCmd, []string{cfg, "-quiet"}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	return filepath.Join(dir, "out")
}

// pieceRE is one piece or run of empty squares of a FEN rank: a count,
// or a letter with a "+" before it (shogi, promoted) or a "~" after it
// (crazyhouse, promoted from a pawn).
var pieceRE = regexp.MustCompile(`(\d+)|(\+?[A-Za-z]~?)`)

// expandPieces turns a FEN rank into one entry per square: "" empty,
// else the piece as the FEN writes it (P, +P, Q~).
func expandPieces(row string) []string {
	var out []string
	for _, m := range pieceRE.FindAllStringSubmatch(row, -1) {
		if m[1] != "" {
			n, _ := strconv.Atoi(m[1])
			out = append(out, make([]string, n)...)
		} else {
			out = append(out, m[2])
		}
	}
	return out
}

// pieceShownAs is what a square or a hand shows for the FEN piece p
// (P, +P, Q~): shownAs of its letter, with its marks of promotion.
func pieceShownAs(p, letters string) string {
	if p == "" {
		return ""
	}
	i := strings.IndexFunc(p, func(r rune) bool { return r != '+' })
	return p[:i] + shownAs(p[i], letters) + p[i+1:]
}

// splitHoldings splits a FEN into its board and its holdings (between
// "[" and "]"); ok is false for a FEN without them.
func splitHoldings(fen string) (board, holdings string, ok bool) {
	placement, _, _ := strings.Cut(fen, " ")
	board, rest, ok := strings.Cut(placement, "[")
	holdings, _, _ = strings.Cut(rest, "]")
	return board, holdings, ok
}

// handsOf reads holdings as the drawings show them: White's hand then
// Black's, each "piece×count" a kind, space separated, in the order the
// FEN first names each kind; a piece as pieceShownAs shows it.
func handsOf(holdings, letters string) [2]string {
	var kinds [2][]string
	counts := map[string]int{}
	for _, m := range regexp.MustCompile(`(\d*)(\+?[A-Za-z])`).FindAllStringSubmatch(holdings, -1) {
		n := 1
		if m[1] != "" {
			n, _ = strconv.Atoi(m[1])
		}
		side := 1
		if l := strings.TrimPrefix(m[2], "+"); l == strings.ToUpper(l) {
			side = 0
		}
		if counts[m[2]] == 0 {
			kinds[side] = append(kinds[side], m[2])
		}
		counts[m[2]] += n
	}
	var out [2]string
	for side, ks := range kinds {
		var s []string
		for _, k := range ks {
			s = append(s, fmt.Sprintf("%s×%d", pieceShownAs(k, letters), counts[k]))
		}
		out[side] = strings.Join(s, " ")
	}
	return out
}

// TestHandsVariantsRun: a run of crazyhouse and minishogi plays every
// game to its end by the rules (no fault), with drops and (in minishogi)
// promotions; games.pgn's SAN of drops (P@e4) and promotions replays in
// varena rate; report.html draws each opening's position square by
// square with both hands; varena serve replays every game.
func TestHandsVariantsRun(t *testing.T) {
	out := handsRun(t)
	games, _, err := results.SalvageJournal(filepath.Join(out, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	perVariant := map[string]int{}
	drops, promotions := 0, 0
	for _, g := range games {
		perVariant[g.Variant]++
		switch g.Termination {
		case results.TermIllegalMove, results.TermEngineCrash, results.TermTimeForfeit, results.TermStall:
			t.Errorf("game %d (%s): %s: %s", g.ID, g.Variant, g.Termination, g.Reason)
		}
		if _, err := (rules.Referee{}).FinalFEN(g); err != nil {
			t.Errorf("game %d (%s) does not replay: %v", g.ID, g.Variant, err)
		}
		for _, m := range g.Moves {
			if strings.Contains(m.UCI, "@") {
				drops++
			}
			if g.Variant == "minishogi" && strings.HasSuffix(m.UCI, "+") {
				promotions++
			}
		}
	}
	if fmt.Sprint(perVariant) != "map[crazyhouse:2 minishogi:2]" {
		t.Errorf("games per variant %v, want 2 of each", perVariant)
	}
	if drops == 0 || promotions == 0 {
		t.Errorf("%d drops and %d minishogi promotions played: the run tests neither well", drops, promotions)
	}
	for _, src := range []string{filepath.Join(out, "games.pgn"), out} {
		var stdout, stderr strings.Builder
		if err := execute(context.Background(), rateCmd, []string{src}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
			t.Fatalf("rate %s: %v\n%s", src, err, stderr.String())
		}
		if stderr.Len() != 0 || !strings.Contains(stdout.String(), "Ratings in minishogi") {
			t.Errorf("rate %s:\n%s\nstderr:\n%s", src, stdout.String(), stderr.String())
		}
		if filepath.Ext(src) == ".pgn" && !strings.Contains(stdout.String(), "4 games (crazyhouse, minishogi)") {
			t.Errorf("rate %s: not every game read:\n%s", src, stdout.String())
		}
	}

	var stdout, stderr strings.Builder
	if err := execute(context.Background(), reportCmd, []string{out}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
		t.Fatalf("report: %v\n%s", err, stderr.String())
	}
	checkHandsReport(t, filepath.Join(out, "report.html"), map[string]int{"crazyhouse": 8, "minishogi": 5})

	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var serr lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- execute(ctx, serveCmd, []string{"-addr", "127.0.0.1:0", out}, stdio{in: strings.NewReader(""), out: &lockedBuffer{}, err: &serr})
	}()
	url := waitURL(t, &serr, done)
	for _, g := range games {
		resp, err := http.Get(fmt.Sprintf("%sapi/game/%d", url, g.ID))
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			FENs []string `json:"fens"`
			UCI  []string `json:"uci"`
			Note string   `json:"note"`
		}
		err = json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("game %d: %v", g.ID, err)
		}
		final, _ := (rules.Referee{}).FinalFEN(g)
		if r.Note != "" || len(r.FENs) != len(g.Moves)+1 || r.FENs[len(r.FENs)-1] != final || len(r.UCI) != len(g.Moves) {
			t.Errorf("served game %d (%s): %d FENs, %d UCI for %d moves, note %q", g.ID, g.Variant, len(r.FENs), len(r.UCI), len(g.Moves), r.Note)
		}
		if _, _, ok := splitHoldings(final); !ok {
			t.Errorf("game %d (%s): final FEN %s has no holdings", g.ID, g.Variant, final)
		}
	}
	stop()
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// checkHandsReport checks the openings' diagrams of report.html for
// variants with pieces in hand (files: each variant's board width):
// every square shows what the FEN puts there, Black's hand is drawn
// above the board and White's below it, each with the FEN's holdings.
func checkHandsReport(t *testing.T, path string, files map[string]int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	openings := find(doc, func(n *html.Node) bool { return attr(n, "id") == "openings" })
	if len(openings) != 1 {
		t.Fatal("no openings section")
	}
	drawn := map[string]int{}
	for _, dg := range find(openings[0], hasClass("dg")) {
		v, fen := attr(dg, "data-variant"), attr(dg, "title")
		drawn[v]++
		checkHandsDiagram(t, dg, v, fen, files[v])
	}
	for v := range files {
		if drawn[v] == 0 {
			t.Errorf("no opening of %s drawn: %v", v, drawn)
		}
	}
}

// checkHandsDiagram checks one diagram of report.html against its FEN.
func checkHandsDiagram(t *testing.T, dg *html.Node, v, fen string, files int) {
	t.Helper()
	b, err := rules.Referee{}.BoardOf(v)
	if err != nil {
		t.Fatal(err)
	}
	board, holdings, ok := splitHoldings(fen)
	if !ok || b.Files != files {
		t.Fatalf("%s %s: no holdings, or a board of %d files", v, fen, b.Files)
	}
	want := strings.Split(board, "/")
	ranks := find(dg, hasClass("rk"))
	if len(ranks) != b.Ranks || len(want) != b.Ranks {
		t.Fatalf("%s %s: %d ranks drawn, the board has %d", v, fen, len(ranks), b.Ranks)
	}
	for i, rk := range ranks {
		squares := find(rk, func(n *html.Node) bool { return n.Type == html.ElementNode && n.Data == "i" })
		pieces := expandPieces(want[i])
		if len(squares) != b.Files || len(pieces) != b.Files {
			t.Errorf("%s %s rank %d: %d squares drawn, %d in the FEN", v, fen, b.Ranks-i, len(squares), len(pieces))
			continue
		}
		for f, sq := range squares {
			if text, w := textOf(sq), pieceShownAs(pieces[f], b.Letters); text != w {
				t.Errorf("%s %s: %c%d holds %q, shown as %q, want %q", v, fen, 'a'+f, b.Ranks-i, pieces[f], text, w)
			}
		}
	}
	hands := find(dg, hasClass("hd"))
	bd := find(dg, hasClass("bd"))
	if len(hands) != 2 || len(bd) != 1 || attr(hands[0], "data-side") != "black" || attr(hands[1], "data-side") != "white" ||
		hands[0].NextSibling != bd[0] || bd[0].NextSibling != hands[1] {
		t.Fatalf("%s %s: Black's hand, the board, White's hand are not drawn in this order", v, fen)
	}
	wantHands := handsOf(holdings, b.Letters)
	for i, h := range hands {
		var kinds []string
		for c := h.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Data == "i":
				kinds = append(kinds, textOf(c)+"×1")
			case c.Data == "small" && len(kinds) > 0:
				kinds[len(kinds)-1] = strings.TrimSuffix(kinds[len(kinds)-1], "×1") + "×" + textOf(c)
			}
		}
		if got := strings.Join(kinds, " "); got != wantHands[1-i] {
			t.Errorf("%s %s: %s's hand shows %q, want %q", v, fen, attr(h, "data-side"), got, wantHands[1-i])
		}
	}
}
