package arena

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"varena/configs"
	"varena/results"
	"varena/results/rundir"
)

// eventShardCases are the events played on one machine and in two
// shards: a Swiss with a bye each round, and a knockout.
var eventShardCases = []struct {
	name, typ, extra string
	engines, rounds  int
}{
	{"swiss of 5, 3 rounds", configs.Swiss, ", rounds: 3", 5, 3},
	{"knockout of 4", configs.Knockout, "", 4, 2},
}

// playShards plays the event's two shards at once, each in its own
// directory under work (shard-1, shard-2) with -peers naming both, and
// returns their directories. kill, when set, is the watcher of the
// second shard's first play, which stops it: it is then played again.
func playShards(t *testing.T, work, typ, extra string, engines int, kill func(context.CancelFunc) Watcher) []string {
	t.Helper()
	dirs := []string{filepath.Join(work, "shard-1"), filepath.Join(work, "shard-2")}
	peers := filepath.Join(work, "shard-*")
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			opts := Options{Out: dirs[i], Shard: i + 1, Shards: 2, Peers: peers}
			if i == 1 && kill != nil {
				ctx, cancel := context.WithCancel(context.Background())
				o := opts
				o.Watch = kill(cancel)
				_, err := Run(ctx, resolved(t, eventRun(t, typ, extra, engines)), o)
				cancel()
				if !errors.Is(err, ErrInterrupted) {
					errs[i] = fmt.Errorf("stopped shard: got %v, want ErrInterrupted", err)
					return
				}
			}
			_, errs[i] = Run(context.Background(), resolved(t, eventRun(t, typ, extra, engines)), opts)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("shard %d/2: %v", i+1, err)
		}
	}
	return dirs
}

// eventPairings is what event.json says of the rounds: folder,
// pairings and their results, the standings' rows.
func eventPairings(t *testing.T, dir string) string {
	t.Helper()
	ed, err := ReadEventDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, r := range ed.Event.Rounds {
		fmt.Fprintf(&b, "%s %s played=%v bye=%q:", r.Name, r.Folder, r.Played, r.Bye)
		for _, p := range r.Pairings {
			fmt.Fprintf(&b, " %s-%s %+v %s %s;", p.A, p.B, p.WDL, p.Score, p.Note)
		}
		b.WriteString("\n")
	}
	if s := ed.Event.Standings; s != nil {
		fmt.Fprintf(&b, "%s\n%v\n", s.Title, s.Rows)
	}
	return b.String()
}

// checkShardsAgree compares each shard's standings.txt and event.json
// with the one-machine event's, and checks that the shards' rounds hold
// every game once between them and that each report counts them all.
func checkShardsAgree(t *testing.T, one string, shards []string) {
	t.Helper()
	want, err := os.ReadFile(filepath.Join(one, EventStandings))
	if err != nil {
		t.Fatal(err)
	}
	wantRec := eventPairings(t, one)
	for _, d := range shards {
		got, err := os.ReadFile(filepath.Join(d, EventStandings))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s: standings.txt differs from one machine's:\n%s\n--- one machine:\n%s", d, got, want)
		}
		if got := eventPairings(t, d); got != wantRec {
			t.Errorf("%s: event.json differs from one machine's:\n%s\n--- one machine:\n%s", d, got, wantRec)
		}
	}
	ed, err := ReadEventDir(one)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, r := range ed.Event.Rounds {
		seen := map[int]string{}
		n := 0
		for _, d := range shards {
			_, games, err := rundir.ReadRun(filepath.Join(d, r.Folder), nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range games {
				if prev, ok := seen[g.ID]; ok {
					t.Errorf("%s: game %d in %s and %s", r.Folder, g.ID, prev, d)
				}
				seen[g.ID] = d
				n++
			}
		}
		if want := 2 * len(r.Pairings); n != want {
			t.Errorf("%s: the shards hold %d games, want %d", r.Folder, n, want)
		}
		total += n
	}
	for _, d := range shards {
		// The report the event wrote at its end, and the one varena
		// report writes again from the directory.
		for _, again := range []bool{false, true} {
			if again {
				if _, _, err := WriteEventReport(d, nil); err != nil {
					t.Fatal(err)
				}
			}
			page, err := os.ReadFile(filepath.Join(d, rundir.ReportFile))
			if err != nil {
				t.Fatal(err)
			}
			if s := fmt.Sprintf("%d played of %d scheduled", total, total); !strings.Contains(string(page), s) {
				t.Errorf("%s: report.html (written again: %v) has no %q: not every shard's games", d, again, s)
			}
		}
		ed, err := ReadEventDir(d)
		if err != nil {
			t.Fatal(err)
		}
		if ed.Event.Peers != "../shard-*" {
			t.Errorf("%s: event.json's peers %q, want ../shard-*", d, ed.Event.Peers)
		}
		// rate reads these: every shard's folder of every round.
		if got, want := len(ed.RoundDirs()), len(shards)*len(ed.Event.Rounds); got != want {
			t.Errorf("%s: %d round directories, want %d: %v", d, got, want, ed.RoundDirs())
		}
	}
}

// TestEventShards plays each event on one machine and in two shards
// with -peers: every shard pairs each round as one machine does and
// ends with its standings, event.json and a report of all games.
func TestEventShards(t *testing.T) {
	for _, tc := range eventShardCases {
		t.Run(tc.name, func(t *testing.T) {
			one := filepath.Join(t.TempDir(), "one")
			if _, err := Run(context.Background(), resolved(t, eventRun(t, tc.typ, tc.extra, tc.engines)), Options{Out: one}); err != nil {
				t.Fatal(err)
			}
			shards := playShards(t, t.TempDir(), tc.typ, tc.extra, tc.engines, nil)
			checkShardsAgree(t, one, shards)
		})
	}
}

// stopInRound stops a shard at its first game finished in a round's
// folder (round-02: after a whole round, with the peers' games read).
type stopInRound struct {
	folder string
	cancel context.CancelFunc
	mu     sync.Mutex
	in     bool
}

func (s *stopInRound) NextRound(dir string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.in = filepath.Base(dir) == s.folder
}
func (s *stopInRound) Started(rundir.Meta, int, []results.Game) {}
func (s *stopInRound) Moved(LiveMove)                           {}
func (s *stopInRound) Finished(results.Game) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.in {
		s.cancel()
	}
}

// TestEventShardStopped stops the second shard in a round while the
// first waits for it, and runs it again: it resumes its share, both
// shards end, and the event is one machine's.
func TestEventShardStopped(t *testing.T) {
	tc := eventShardCases[0]
	one := filepath.Join(t.TempDir(), "one")
	if _, err := Run(context.Background(), resolved(t, eventRun(t, tc.typ, tc.extra, tc.engines)), Options{Out: one}); err != nil {
		t.Fatal(err)
	}
	for _, folder := range []string{"round-01", "round-02"} {
		t.Run(folder, func(t *testing.T) {
			shards := playShards(t, t.TempDir(), tc.typ, tc.extra, tc.engines, func(cancel context.CancelFunc) Watcher {
				return &stopInRound{folder: folder, cancel: cancel}
			})
			checkShardsAgree(t, one, shards)
		})
	}
}

// TestEventShardRefused: a shard of an event needs -peers, and a peer's
// folder of another event is refused.
func TestEventShardRefused(t *testing.T) {
	// other is another event (another seed) where a peer would be.
	other := filepath.Join(t.TempDir(), "shard-2")
	p := resolved(t, eventRun(t, configs.Knockout, "", 4))
	p.Seed++
	if _, err := Run(context.Background(), p, Options{Out: other}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, typ, extra string
		opts             Options
		want             string
	}{
		{"swiss without -peers", configs.Swiss, ", rounds: 2", Options{Shard: 1, Shards: 2}, "needs -peers GLOB"},
		{"knockout without -peers", configs.Knockout, "", Options{Shard: 2, Shards: 2}, "needs -peers GLOB"},
		{"bad glob", configs.Swiss, ", rounds: 2", Options{Shard: 1, Shards: 2, Peers: "["}, "-peers"},
		{"a peer of another event", configs.Knockout, "", Options{Shard: 1, Shards: 2, Peers: filepath.Join(filepath.Dir(other), "shard-*")}, "holds another event's round-01"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Out = t.TempDir()
			if tc.opts.Peers != "" && !strings.HasPrefix(tc.opts.Peers, "[") {
				tc.opts.Out = filepath.Join(filepath.Dir(other), "shard-1")
			}
			_, err := Run(context.Background(), resolved(t, eventRun(t, tc.typ, tc.extra, 4)), tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("got %v, want one line with %q", err, tc.want)
			}
		})
	}
	// The refused shard's directory: rate and report leave the other
	// event's round out.
	self := filepath.Join(filepath.Dir(other), "shard-1")
	ed, err := ReadEventDir(self)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ed.RoundDirs(), []string{filepath.Join(self, "round-01")}; !slices.Equal(got, want) {
		t.Errorf("round directories %v, want %v: not another event's", got, want)
	}
}
