//go:build unix

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"varena/configs"
	"varena/results"
	"varena/results/rundir"
)

// TestPonderingClock plays two pondering engines (varena uci, ponder on)
// at 1+0.01 from a cutechess-style line: no game is lost on time, each
// side's clock adds up (the time of its moves, counted from the
// opponent's move on, never passes its base plus increments), the time
// of all moves of a game is no more than the game's own duration (a
// client counting the opponent's time as the pondering engine's would
// pass it), and summary.json has each engine's ponder hit rate.
// VARENA_DEEP=1 plays 100 games, else 4.
func TestPonderingClock(t *testing.T) {
	rounds := 2
	if deep, _ := strconv.ParseBool(os.Getenv("VARENA_DEEP")); deep {
		rounds = 50
	}
	bin := buildVarena(t)
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runStatus(t, bin, "run",
		"-engine", "cmd="+bin, "args=uci", "name=p1", "ponder",
		"-engine", "cmd="+bin, "args=uci", "name=p2", "ponder",
		"-each", "tc=1+0.01", "-variant", "extinction", "-repeat", "-rounds", strconv.Itoa(rounds),
		"-concurrency", "1", "-openings", "plies=4", "-out", out, "-output", "format=varena", "-quiet")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	games, err := results.ReadJournal(filepath.Join(out, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2*rounds {
		t.Fatalf("%d games, want %d", len(games), 2*rounds)
	}
	const base, inc = 1000, 10 // ms
	overruns := 0
	for _, g := range games {
		if g.Termination == results.TermTimeForfeit {
			t.Errorf("game %d: lost on time: %s", g.ID, g.Reason)
		}
		// The arena's clock, replayed from the moves' times: a move
		// over its clock (within the margin) leaves it at zero.
		left := [2]int64{base, base}
		var total int64
		for i, m := range g.Moves {
			c := i % 2
			if m.TimeMS > left[c] {
				overruns++
				if m.TimeMS > left[c]+int64(1000*configs.DefaultMargin) {
					t.Errorf("game %d ply %d: %d ms with %d ms on the clock", g.ID, i+1, m.TimeMS, left[c])
				}
			}
			left[c] = max(left[c]-m.TimeMS, 0) + inc
			total += m.TimeMS
		}
		if total > g.DurationMS {
			t.Errorf("game %d: moves took %d ms, the game %d ms", g.ID, total, g.DurationMS)
		}
		if len(g.Moves) >= 10 && (g.Ponder == nil || g.Ponder.Tries[0]+g.Ponder.Tries[1] == 0) {
			t.Errorf("game %d: no pondering recorded", g.ID)
		}
	}
	// Over the clock but within the margin: on a loaded machine the
	// pondering engine takes a processor from the one thinking, whose
	// last milliseconds then run late (measured: none of 280 moves
	// without pondering, 25 of 241 with, at a load of 18 on 2 cores).
	t.Logf("%d moves over their clock, within the margin", overruns)
	data, err := os.ReadFile(filepath.Join(out, rundir.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Ponder map[string]rundir.PonderRate `json:"ponder"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"p1", "p2"} {
		r, ok := s.Ponder[name]
		if !ok || r.Tries == 0 || r.Hits > r.Tries || r.HitRate != float64(r.Hits)/float64(r.Tries) {
			t.Errorf("summary.json ponder of %s: %+v", name, r)
		}
		t.Logf("%s: %d of %d ponder hits (%.0f%%)", name, r.Hits, r.Tries, 100*r.HitRate)
	}
}
