package report

import (
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// runDir writes a finished run of games between players to a directory
// and returns the console summary and report.html.
func runDir(t *testing.T, meta rundir.Meta, games []results.Game) (console, page string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	set := boardsSet(t)
	for i := range games {
		games[i].ID, games[i].Round, games[i].Pair, games[i].Started = i+1, 1, i/2+1, t0
		if games[i].Variant == "" {
			games[i].Variant = "extinction"
		}
		if games[i].StartFEN == "" {
			v, err := set.ByName(games[i].Variant)
			if err != nil {
				t.Fatal(err)
			}
			games[i].StartFEN, games[i].StartIsInitial = v.StartFEN, true
		}
		if games[i].Termination == "" {
			// No moves: a result decided off the board, which the
			// replay of the journal by the rules accepts.
			games[i].Termination = results.TermAdjudication
		}
	}
	sum, err := rundir.WriteRun(dir, meta, games)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := sum.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	path, _, err := WriteFile(dir, set)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b.String(), html.UnescapeString(string(data))
}

// TestOneNumberOneWay: the console and the report write the same
// figures the same way (issue 19, point 8).
func TestOneNumberOneWay(t *testing.T) {
	sprt, err := stats.NewSPRT(0, 10, 0.05, 0.05, stats.Normalized)
	if err != nil {
		t.Fatal(err)
	}
	sweep := []results.Game{
		{White: "a", Black: "b", Result: "1-0"}, {White: "b", Black: "a", Result: "0-1"},
		{White: "a", Black: "b", Result: "1-0"}, {White: "b", Black: "a", Result: "0-1"},
	}
	meta := rundir.Meta{Name: "sweep", Variants: []string{"extinction"}, Engines: []string{"a", "b"}, Tournament: "sprt", Total: 4, SPRT: &sprt}
	console, page := runDir(t, meta, sweep)

	// A 4-0 pairing: +inf with its bound, over games and over pairs,
	// nowhere the regularized 1199.8.
	for _, want := range []string{"Elo +inf (95%: > ", "pairs [0, 0, 0, 0, 2]  Elo +inf (95%: > "} {
		if !strings.Contains(console, want) {
			t.Errorf("console lacks %q:\n%s", want, console)
		}
	}
	for _, line := range strings.Split(console, "\n") {
		for _, field := range strings.Split(line, "  ") {
			if strings.HasPrefix(field, "Elo +inf") || strings.HasPrefix(field, "nElo +inf") {
				text := strings.TrimPrefix(strings.TrimPrefix(field, "n"), "Elo ")
				if !strings.Contains(page, text) {
					t.Errorf("report lacks the console's %q", text)
				}
			}
		}
	}
	// summary.json carries the same text beside its numbers.
	js := jsonSummary(t, meta, sweep)
	if p := js.Pairings[0].Text; !strings.Contains(console, "Elo "+p.Elo+"  ") || !strings.Contains(console, "Elo "+p.PairsElo+"  nElo "+p.PairsNElo+"\n") ||
		!strings.HasPrefix(p.Elo, "+inf (95%: > ") {
		t.Errorf("summary.json text %+v is not the console's:\n%s", p, console)
	}
	if strings.Contains(page, "1199.8") || strings.Contains(page, "4009") {
		t.Errorf("report shows the regularized estimate of a 100%% score")
	}
	// The SPRT box says the run's real state.
	if !strings.Contains(page, "<td>Decision</td><td>"+rundir.VerdictLimit+"</td>") {
		t.Errorf("report's SPRT decision is not %q", rundir.VerdictLimit)
	}
	// The ratings hold the prior: both views say why they differ from
	// the pairing's Elo.
	for name, text := range map[string]string{"console": console, "report": page} {
		if !strings.Contains(text, "virtual draw of each player") {
			t.Errorf("%s does not say that ratings hold virtual draws", name)
		}
	}
}

// TestTiesAndZeros: players with the same results share a rank in the
// standings and in the rating tables, and a rating of zero is "0.0",
// never "-0.0", in both views.
func TestTiesAndZeros(t *testing.T) {
	games := []results.Game{
		{White: "a", Black: "b", Result: "1-0"}, {White: "b", Black: "a", Result: "1-0"},
		{White: "a", Black: "c", Result: "1/2-1/2"}, {White: "c", Black: "a", Result: "1/2-1/2"},
		{White: "b", Black: "c", Result: "1/2-1/2"}, {White: "c", Black: "b", Result: "1/2-1/2"},
	}
	meta := rundir.Meta{Name: "ties", Variants: []string{"extinction"}, Engines: []string{"a", "b", "c"}, Tournament: "round-robin", Total: 6}
	console, page := runDir(t, meta, games)
	for name, text := range map[string]string{"console": console, "report": page} {
		if strings.Contains(text, "-0.0") {
			t.Errorf("%s prints -0.0:\n%s", name, text)
		}
	}
	// Ratings: every rank is 1.
	ratings := console[strings.Index(console, "Elo    +/-"):]
	for _, name := range []string{"a", "b", "c"} {
		if !strings.Contains(ratings, "   1  "+name+" ") {
			t.Errorf("console ratings: %s is not ranked 1:\n%s", name, ratings)
		}
	}
	for _, name := range []string{"a", "b", "c"} {
		if !strings.Contains(page, `<tr><td>1</td><td class="l">`+name+`</td><td>0.0</td>`) {
			t.Errorf("report ratings: %s is not ranked 1 at 0.0", name)
		}
	}
}

// TestScoreRankedStandings: standings ranked by score (players with
// unequal numbers of games) show the score, not a Sonneborn-Berger of
// 0.00 for everyone.
func TestScoreRankedStandings(t *testing.T) {
	games := []results.Game{
		{White: "a", Black: "b", Result: "1-0"}, {White: "b", Black: "a", Result: "0-1"},
		{White: "a", Black: "c", Result: "1-0"}, {White: "c", Black: "a", Result: "1/2-1/2"},
		{White: "a", Black: "b", Result: "1/2-1/2"}, {White: "b", Black: "c", Result: "0-1"},
	}
	meta := rundir.Meta{Name: "gauntlet", Variants: []string{"extinction"}, Engines: []string{"a", "b", "c"}, Tournament: "gauntlet", Total: 6}
	console, page := runDir(t, meta, games)
	if !strings.Contains(console, "Ranked by "+rundir.RankByScore) {
		t.Fatalf("the test wants standings ranked by score:\n%s", console)
	}
	if strings.Contains(page, "Sonneborn-Berger</th>") || !strings.Contains(page, "Ranked by "+rundir.RankByScore) {
		t.Errorf("report standings ranked by score show Sonneborn-Berger or lack the order")
	}
}

// jsonSummary is the summary.json of games, read back (its pairings'
// text; a stats.Decision does not decode from its JSON).
func jsonSummary(t *testing.T, meta rundir.Meta, games []results.Game) jsonPairings {
	t.Helper()
	sum, err := rundir.Summarize(meta, games)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := sum.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var back jsonPairings
	if err := json.Unmarshal([]byte(b.String()), &back); err != nil {
		t.Fatal(err)
	}
	return back
}

type jsonPairings struct {
	Pairings []struct {
		Text rundir.PairingText `json:"text"`
	} `json:"pairings"`
}
