package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"varena/configs/configtest"
	"varena/engines/variants"
	"varena/results"
	"varena/results/rules"
)

// wideConfig is a short run of three variants of the wide rules engine:
// xiangqi (9x10), capablanca (10x8) and big12 (12x10, from
// configtest.WideBoard's variants.ini), varena's engine against a random
// mover at 2,000 nodes a move.
const wideConfig = `name: wide
variants: [xiangqi, capablanca, big12]
variant_file: big12.ini
out: out
seed: 1
tournament: {type: round-robin, games: 2}
openings: {plies: 2}
time_control: {nodes: 2000}
adjudication: {max_plies: 40}
engines:
  - {name: ab, kind: alphabeta}
  - {name: rnd, kind: random}
`

// wideShapes are the boards of wideConfig's variants: files, ranks.
var wideShapes = map[string][2]int{"xiangqi": {9, 10}, "capablanca": {10, 8}, "big12": {12, 10}}

// wideRun plays wideConfig and returns the variants.ini and the run's
// directory.
func wideRun(t *testing.T) (ini, out string) {
	t.Helper()
	dir := t.TempDir()
	ini, cfg := filepath.Join(dir, "big12.ini"), filepath.Join(dir, "wide.yaml")
	if err := os.WriteFile(ini, []byte(configtest.WideBoard), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte(wideConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	if err := execute(context.Background(), runCmd, []string{cfg, "-quiet"}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	return ini, filepath.Join(dir, "out")
}

// TestWideVariantsRun: a run of xiangqi, capablanca and a loaded 12x10
// variant plays every game to its end by the rules (no fault), writes
// each with its Variant tag and SAN that varena rate replays, and
// report.html draws each opening's start position on the variant's
// board, rank 10 on top, the pieces that are not chess pieces as letters;
// varena serve replays every game.
func TestWideVariantsRun(t *testing.T) {
	ini, out := wideRun(t)
	games, _, err := results.SalvageJournal(filepath.Join(out, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	perVariant := map[string]int{}
	for _, g := range games {
		perVariant[g.Variant]++
		switch g.Termination {
		case results.TermIllegalMove, results.TermEngineCrash, results.TermTimeForfeit, results.TermStall:
			t.Errorf("game %d (%s): %s: %s", g.ID, g.Variant, g.Termination, g.Reason)
		}
		if _, err := wideRules(t).FinalFEN(g); err != nil {
			t.Errorf("game %d (%s) does not replay: %v", g.ID, g.Variant, err)
		}
	}
	if fmt.Sprint(perVariant) != "map[big12:2 capablanca:2 xiangqi:2]" {
		t.Errorf("games per variant %v, want 2 of each", perVariant)
	}
	pgn, err := os.ReadFile(filepath.Join(out, "games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	for v := range wideShapes {
		if n := strings.Count(string(pgn), `[Variant "`+v+`"]`); n != 2 {
			t.Errorf("%d games tagged [Variant %q] in games.pgn, want 2", n, v)
		}
	}

	// varena rate replays the PGN's SAN by each variant's rules: no game
	// is left out.
	for _, src := range []string{filepath.Join(out, "games.pgn"), out} {
		var stdout, stderr strings.Builder
		if err := execute(context.Background(), rateCmd, []string{"-variant-file", ini, src}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
			t.Fatalf("rate %s: %v\n%s", src, err, stderr.String())
		}
		if stderr.Len() != 0 || !strings.Contains(stdout.String(), "ab ") || !strings.Contains(stdout.String(), "Ratings in big12") {
			t.Errorf("rate %s:\n%s\nstderr:\n%s", src, stdout.String(), stderr.String())
		}
		if filepath.Ext(src) == ".pgn" && !strings.Contains(stdout.String(), "6 games (xiangqi, capablanca, big12)") {
			t.Errorf("rate %s: not every game read:\n%s", src, stdout.String())
		}
	}

	// varena report draws the start positions.
	var stdout, stderr strings.Builder
	if err := execute(context.Background(), reportCmd, []string{"-variant-file", ini, out}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
		t.Fatalf("report: %v\n%s", err, stderr.String())
	}
	checkWideReport(t, filepath.Join(out, "report.html"))

	// varena serve replays every game on its board.
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var serr lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- execute(ctx, serveCmd, []string{"-addr", "127.0.0.1:0", "-variant-file", ini, out}, stdio{in: strings.NewReader(""), out: &lockedBuffer{}, err: &serr})
	}()
	url := waitURL(t, &serr, done)
	for _, g := range games {
		resp, err := http.Get(fmt.Sprintf("%sapi/game/%d", url, g.ID))
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			FENs  []string    `json:"fens"`
			Note  string      `json:"note"`
			Board rules.Board `json:"board"`
		}
		err = json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("game %d: %v", g.ID, err)
		}
		final, _ := wideRules(t).FinalFEN(g)
		shape := wideShapes[g.Variant]
		if r.Note != "" || len(r.FENs) != len(g.Moves)+1 || r.FENs[len(r.FENs)-1] != final || r.Board.Files != shape[0] || r.Board.Ranks != shape[1] {
			t.Errorf("served game %d (%s): %d FENs for %d moves, board %+v, note %q", g.ID, g.Variant, len(r.FENs), len(g.Moves), r.Board, r.Note)
		}
	}
	stop()
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// checkWideReport checks the openings' diagrams of report.html: each
// has its variant's ranks, top first, of its files, and each square
// shows what the FEN puts there: the letter itself for a piece of the
// variant's own (rules.Board.Letters), else the chess glyph.
func checkWideReport(t *testing.T, path string) {
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
		b, err := wideRules(t).BoardOf(v)
		if err != nil {
			t.Fatal(err)
		}
		placement, _, _ := strings.Cut(fen, " ")
		want := strings.Split(placement, "/")
		ranks := find(dg, hasClass("rk"))
		if len(ranks) != b.Ranks || len(want) != b.Ranks || b.Ranks != wideShapes[v][1] {
			t.Fatalf("%s %s: %d ranks drawn, the board has %d", v, fen, len(ranks), b.Ranks)
		}
		for i, rk := range ranks {
			rank := b.Ranks - i
			if got := attr(rk, "data-rank"); got != strconv.Itoa(rank) {
				t.Errorf("%s: rank %s drawn where rank %d is", v, got, rank)
			}
			squares := find(rk, func(n *html.Node) bool { return n.Type == html.ElementNode && n.Data == "i" })
			pieces := expandRank(want[i])
			if len(squares) != b.Files || len(pieces) != b.Files {
				t.Errorf("%s %s rank %d: %d squares drawn, %d in the FEN, the board has %d files", v, fen, rank, len(squares), len(pieces), b.Files)
				continue
			}
			for f, sq := range squares {
				c := pieces[f]
				if text, wantText := textOf(sq), shownAs(c, b.Letters); text != wantText {
					t.Errorf("%s %s: %c%d holds %q, shown as %q, want %q", v, fen, 'a'+f, rank, c, text, wantText)
				}
			}
		}
	}
	for v := range wideShapes {
		if drawn[v] == 0 {
			t.Errorf("no opening of %s drawn: %v", v, drawn)
		}
	}
	// The xiangqi horse, elephant, advisor, cannon and soldier are
	// letters: the start position has each.
	for _, l := range []string{">n</i>", ">b</i>", ">a</i>", ">c</i>", ">p</i>", ">N</i>", ">C</i>"} {
		if !bytes.Contains(data, []byte(l)) {
			t.Errorf("no square shows the letter %s", l)
		}
	}
}

// shownAs is what a square holding the FEN letter c (0: empty) shows on a
// board whose pieces of its own have the upper-case letters: the letter
// itself for those and for any letter that is not a chess piece's, else
// the chess glyph.
func shownAs(c byte, letters string) string {
	if c == 0 {
		return ""
	}
	glyph := map[byte]string{'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟"}[c|('a'-'A')]
	if glyph == "" || strings.IndexByte(letters, c&^('a'-'A')) >= 0 {
		return string(c)
	}
	return glyph
}

// wideRules replays and draws by the rules of wideConfig's variants: the
// built-ins and big12 of configtest.WideBoard, the run's variants.ini.
func wideRules(t *testing.T) rules.Referee {
	t.Helper()
	set, err := variants.ParseSet([]byte(configtest.WideBoard), "big12.ini")
	if err != nil {
		t.Fatal(err)
	}
	return rules.Referee{Variants: set}
}
