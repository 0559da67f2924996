package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"varena/configs/configtest"

	"golang.org/x/net/html"

	"varena/arena"
	"varena/configs"
	"varena/configs/check"
	"varena/results"
	"varena/results/report"
	"varena/results/rundir"
)

// Small real runs of each kind; fast engines, so that the test takes
// about a second.
var runs = []struct {
	name     string
	yaml     string
	sections []string // ids the report must hold
	absent   []string // ids it must not
}{
	// The shared round robin, its random player renamed apart from its
	// kind, for renameEngine below.
	{"single", strings.Replace(configtest.SmallRoundRobin, "name: random,", "name: rnd,", 1), []string{"header", "ratings", "los", "crosstable", "convergence", "endings", "faults", "lengths", "openings"}, []string{"variant-ratings", "sprt", "skipped", "gauntlet"}},
	{"multivariant", `name: multi
variants: [extinction, losalamos-bunkers, evolution]
seed: 6
tournament: {type: round-robin, games: 2}
openings: {plies: 2}
time_control: {depth: 1}
adjudication: {max_plies: 60}
engines:
  - {name: ab, kind: alphabeta}
  - {name: greedy, kind: greedy}
  - {name: random, kind: random}
`, []string{"header", "ratings", "los", "variant-ratings", "crosstable", "convergence", "endings", "faults", "lengths", "openings"}, []string{"sprt", "skipped"}},
	{"gauntlet", `name: gauntlet
variant: extinction
seed: 8
tournament: {type: gauntlet, challenger: ab, games: 2}
openings: {plies: 2}
time_control: {depth: 1}
adjudication: {max_plies: 60}
engines:
  - {name: ab, kind: alphabeta}
  - {name: greedy, kind: greedy}
  - {name: random, kind: random}
`, []string{"header", "ratings", "los", "gauntlet", "crosstable"}, []string{"sprt", "skipped", "variant-ratings"}},
	{"sprt", `name: sprt
variant: evolution
seed: 7
tournament: {type: sprt, games: 40}
openings: {plies: 4}
time_control: {depth: 1}
sprt: {elo0: 0, elo1: 50, model: normalized}
adjudication: {max_plies: 80}
engines:
  - {name: greedy, kind: greedy}
  - {name: random, kind: random}
`, []string{"header", "ratings", "convergence", "endings", "faults", "lengths", "openings", "sprt"}, []string{"variant-ratings", "skipped", "los", "gauntlet"}},
}

// renameEngine renames an engine in a run directory's records, as a
// journal written by another program might name it.
func renameEngine(t *testing.T, dir, from, to string) {
	t.Helper()
	quoted, err := json.Marshal(to)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{rundir.JournalFile, rundir.MetaFile, rundir.SetupFile, rundir.SummaryFile} {
		path := filepath.Join(dir, f)
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		data = bytes.ReplaceAll(data, []byte(`"`+from+`"`), quoted)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// play runs a config into a new directory, as varena run does (the
// setup once the directory is the run's, then the games).
func play(t *testing.T, name, yaml string) string {
	t.Helper()
	dir := t.TempDir()
	r, err := configs.Parse(name+".yaml", []byte(yaml), check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	opts := arena.Options{Out: out, Concurrency: 2}
	if _, err := arena.Run(context.Background(), configtest.Resolve(t, r), opts); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestReportOfRealRuns(t *testing.T) {
	for _, tt := range runs {
		t.Run(tt.name, func(t *testing.T) {
			dir := play(t, tt.name, tt.yaml)
			if tt.name == "single" {
				// Config names are plain (configs checks them), but a journal
				// or PGN from elsewhere may name an engine anything.
				renameEngine(t, dir, "rnd", "<script>alert(1)</script>")
			}
			path, skipped, err := report.WriteFile(dir, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(skipped) > 0 {
				t.Errorf("skipped %q in a clean run", skipped)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ids, svgs := checkHTML(t, data)
			for _, id := range tt.sections {
				if !ids[id] {
					t.Errorf("no section %q", id)
				}
			}
			for _, id := range tt.absent {
				if ids[id] {
					t.Errorf("section %q in a %s run", id, tt.name)
				}
			}
			for _, id := range []string{"fig-ratings", "fig-convergence", "fig-endings", "fig-openings"} {
				if !ids[id] {
					t.Errorf("no figure %q", id)
				}
			}
			if svgs < 5 {
				t.Errorf("%d figures, want at least 5", svgs)
			}
			checkSelfContained(t, data)
			if tt.name == "single" {
				// The engine named as a script is text, never a script.
				if bytes.Contains(data, []byte("<script>alert(1)")) {
					t.Error("an engine name went into the page unescaped")
				}
				if !bytes.Contains(data, []byte("&lt;script&gt;alert(1)&lt;/script&gt;")) {
					t.Error("the engine named <script> is not shown")
				}
			}
			if tt.name == "sprt" && !bytes.Contains(data, []byte("fig-sprt-llr")) {
				t.Error("no LLR figure")
			}
		})
	}
}

// checkHTML parses the page as HTML, returns the element ids and the
// number of SVG figures, and checks that each figure parses as XML with a
// title and axis labels.
func checkHTML(t *testing.T, data []byte) (map[string]bool, int) {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not HTML: %v", err)
	}
	ids := map[string]bool{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if a.Key == "id" {
					ids[a.Val] = true
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	// Each <svg>...</svg> of the source is a well-formed XML document
	// with text in it (title, axis labels).
	src := string(data)
	n := 0
	for {
		i := strings.Index(src, "<svg")
		if i < 0 {
			break
		}
		j := strings.Index(src[i:], "</svg>")
		if j < 0 {
			t.Fatal("an <svg> is not closed")
		}
		svg := src[i : i+j+len("</svg>")]
		src = src[i+j:]
		n++
		dec := xml.NewDecoder(strings.NewReader(svg))
		texts := 0
		for {
			tok, err := dec.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("figure %d is not XML: %v", n, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "text" {
				texts++
			}
		}
		if texts < 3 {
			t.Errorf("figure %d has %d texts: no title or axis labels?", n, texts)
		}
	}
	return ids, n
}

// checkSelfContained checks that the page fetches nothing: no script,
// no external stylesheet, image or font.
func checkSelfContained(t *testing.T, data []byte) {
	t.Helper()
	low := strings.ToLower(string(data))
	for _, bad := range []string{"<script", "<link", "@import", "src=\"http", "url(http", "<img"} {
		if strings.Contains(low, bad) {
			t.Errorf("the page holds %q: not self-contained", bad)
		}
	}
}

func TestReportOfDamagedJournal(t *testing.T) {
	dir := play(t, "single", runs[0].yaml)
	path := filepath.Join(dir, rundir.JournalFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	// Damage the third line and cut the last in half.
	lines[2] = "{\"id\": 3, \"result\": garbage\n"
	last := len(lines) - 2
	lines[last] = lines[last][:len(lines[last])/2]
	lines = lines[:last+1]
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, skipped, err := report.WriteFile(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(skipped) != 2 || !strings.Contains(skipped[0], "journal.jsonl:3:") || !strings.Contains(skipped[1], "half-written") {
		t.Errorf("skipped = %q, want line 3 and the torn last line", skipped)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	ids, _ := checkHTML(t, page)
	if !ids["skipped"] || !ids["ratings"] {
		t.Errorf("the report of a damaged journal lacks the skipped list or the ratings")
	}
	if !bytes.Contains(page, []byte("journal.jsonl:3:")) {
		t.Error("the page does not name the skipped line")
	}
}

// TestLoadCheckedDoesNotReplay: Load replays every game by the rules and
// refuses one whose moves were edited; LoadChecked, for a journal this
// process has just checked, reads the same records without the replay.
func TestLoadCheckedDoesNotReplay(t *testing.T) {
	dir := play(t, "single", runs[0].yaml)
	path := filepath.Join(dir, rundir.JournalFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	first := lines[0]
	var g results.Game
	if err := json.Unmarshal([]byte(first), &g); err != nil || len(g.Moves) == 0 {
		t.Fatalf("first journal line: %v (%d moves)", err, len(g.Moves))
	}
	// A move no start position allows: the first move played again as
	// the second side's.
	forged := strings.Replace(first, `"`+g.Moves[0].UCI+`"`, `"a1a1"`, 1)
	if forged == first {
		t.Fatalf("first move %q not found in the line", g.Moves[0].UCI)
	}
	lines[0] = forged
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	replayed, err := report.Load(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	trusted, err := report.LoadChecked(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(replayed.Skipped) != 1 || !strings.Contains(replayed.Skipped[0], "journal.jsonl:1:") {
		t.Errorf("Load skipped %q, want the forged line 1", replayed.Skipped)
	}
	if len(trusted.Skipped) != 0 || len(trusted.Games) != len(replayed.Games)+1 {
		t.Errorf("LoadChecked: %d games, skipped %q; want %d games, none skipped", len(trusted.Games), trusted.Skipped, len(replayed.Games)+1)
	}
}

func TestReportNotARunDirectory(t *testing.T) {
	_, _, err := report.WriteFile(t.TempDir(), nil)
	if err == nil || !strings.Contains(err.Error(), "not a run directory") {
		t.Errorf("err = %v, want 'not a run directory'", err)
	}
}

func TestReportOfEmptyAndDamagedMeta(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, rundir.MetaFile), []byte(`{"name":"empty","variants":["extinction"],"engines":["a","b"],"total_games":4}`), 0o644)
	os.WriteFile(filepath.Join(dir, rundir.JournalFile), nil, 0o644)
	path, _, err := report.WriteFile(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	ids, _ := checkHTML(t, data)
	if !ids["header"] || ids["ratings"] || !bytes.Contains(data, []byte("No finished games yet")) {
		t.Error("the report of a run without games should hold its header and say so")
	}
	// A damaged meta.json: the games still make a report, and it says so.
	played := play(t, "single", runs[0].yaml)
	os.WriteFile(filepath.Join(played, rundir.MetaFile), []byte("{broken"), 0o644)
	_, skipped, err := report.WriteFile(played, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(skipped) != 1 || !strings.Contains(skipped[0], "meta.json") {
		t.Errorf("skipped %q, want the meta.json", skipped)
	}
}
