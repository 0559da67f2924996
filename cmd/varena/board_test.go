package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"varena/configs/configtest"
)

// fairyBoardConfig plays fairy7 (configtest.FairyBoard: 7x7, pieces q
// and a of its own) and Los Alamos with bunkers, a game each way per
// variant, at a few hundred nodes a move: a fraction of a second.
const fairyBoardConfig = `name: boards
variants: [fairy7, losalamos-bunkers]
variant_file: fairy7.ini
seed: 4
out: out
tournament: {type: round-robin, games: 2}
openings: {plies: 2}
adjudication: {max_plies: 40}
engines:
  - {name: ab, kind: alphabeta, time_control: {nodes: 300}}
  - {name: greedy, kind: greedy, seed: 2}
`

// fairyBoardRun plays fairyBoardConfig with varena run and returns the
// variants file and the output directory.
func fairyBoardRun(t *testing.T) (ini, out string) {
	t.Helper()
	dir := t.TempDir()
	ini = filepath.Join(dir, "fairy7.ini")
	cfg := filepath.Join(dir, "boards.yaml")
	if err := os.WriteFile(ini, []byte(configtest.FairyBoard), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte(fairyBoardConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	if err := execute(context.Background(), runCmd, []string{cfg, "-quiet"}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	return ini, filepath.Join(dir, "out")
}

// fairyText is what a square of fairy7 shows for a FEN letter: q and a
// (pieces of its own; q is no queen) as letters, the chess pieces as
// their glyphs.
var fairyText = map[byte]string{'q': "q", 'Q': "Q", 'a': "a", 'A': "A",
	'k': "♚", 'K': "♚", 'r': "♜", 'R': "♜", 'n': "♞", 'N': "♞", 'p': "♟", 'P': "♟"}

// TestReportDrawsLoadedVariant: varena report -variant-file draws each
// opening of a loaded 7x7 variant as a 7x7 board whose squares hold what
// the opening's FEN says, its own pieces as letters (White upper case),
// and Los Alamos as 6x6 with two 2x2 bunkers.
func TestReportDrawsLoadedVariant(t *testing.T) {
	ini, out := fairyBoardRun(t)
	var stdout, stderr strings.Builder
	if err := execute(context.Background(), reportCmd, []string{"-variant-file", ini, out}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
		t.Fatalf("report: %v\n%s", err, stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(out, "report.html"))
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
		placement, _, _ := strings.Cut(fen, " ")
		main, _, _ := strings.Cut(placement, "|")
		want := strings.Split(main, "/")
		ranks := find(find(dg, hasClass("bd"))[0], hasClass("rk"))
		if len(ranks) != len(want) {
			t.Fatalf("%s %s: %d ranks drawn", v, fen, len(ranks))
		}
		for i, rk := range ranks {
			if got, wantRank := attr(rk, "data-rank"), strconv.Itoa(len(want)-i); got != wantRank {
				t.Errorf("%s: rank %s drawn where rank %s is", v, got, wantRank)
			}
			squares := find(rk, func(n *html.Node) bool { return n.Type == html.ElementNode && n.Data == "i" })
			letters := expandRank(want[i])
			if len(squares) != len(letters) {
				t.Errorf("%s %s rank %d: %d squares, the FEN has %d", v, fen, len(want)-i, len(squares), len(letters))
				continue
			}
			for f, sq := range squares {
				text, c := textOf(sq), letters[f]
				switch {
				case c == 0:
					if text != "" {
						t.Errorf("%s %s: %c%d is empty but shows %q", v, fen, 'a'+f, len(want)-i, text)
					}
				case v == "fairy7" && text != fairyText[c]:
					t.Errorf("%s %s: %c%d holds %c, shown as %q, want %q", v, fen, 'a'+f, len(want)-i, c, text, fairyText[c])
				case v == "fairy7" && hasClass("w")(sq) != (c >= 'A' && c <= 'Z'):
					t.Errorf("%s %s: %c%d holds %c, drawn with class %q", v, fen, 'a'+f, len(want)-i, c, attr(sq, "class"))
				}
			}
		}
		if v == "losalamos-bunkers" {
			boxes := find(dg, hasClass("bk"))
			if len(boxes) != 2 || len(find(boxes[0], hasClass("rk"))) != 2 || len(find(boxes[1], hasClass("rk"))) != 2 {
				t.Errorf("Los Alamos: %d bunkers drawn, want 2 of two rows", len(boxes))
			}
		}
	}
	if drawn["fairy7"] == 0 || drawn["losalamos-bunkers"] == 0 {
		t.Errorf("openings drawn per variant: %v, want both", drawn)
	}
	for _, letter := range []string{">q</i>", ">a</i>", ">Q</i>", ">A</i>"} {
		if !bytes.Contains(data, []byte(letter)) {
			t.Errorf("no square shows the letter %s", letter)
		}
	}
}

// expandRank reads a FEN rank into one entry per square, 0 for empty.
func expandRank(s string) []byte {
	var out []byte
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			j := i
			for j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9' {
				j++
			}
			n, _ := strconv.Atoi(s[i : j+1])
			out = append(out, make([]byte, n)...)
			i = j
		} else {
			out = append(out, c)
		}
	}
	return out
}

// find returns the nodes under n (n included) that match, in document
// order.
func find(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// hasClass matches the elements with class c.
func hasClass(c string) func(*html.Node) bool {
	return func(n *html.Node) bool {
		return n.Type == html.ElementNode && strings.Contains(" "+attr(n, "class")+" ", " "+c+" ")
	}
}

// textOf is the text under n.
func textOf(n *html.Node) string {
	var b strings.Builder
	for _, t := range find(n, func(n *html.Node) bool { return n.Type == html.TextNode }) {
		b.WriteString(t.Data)
	}
	return b.String()
}
