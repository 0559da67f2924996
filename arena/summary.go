package arena

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"varena/arena/stats"
	"varena/results"
)

// Meta describes a run for its summary; it is saved beside the journal
// (meta.json) so that merge and rate can summarise a run's games without
// its config.
type Meta struct {
	Name       string      `json:"name"`
	Variants   []string    `json:"variants"`
	Tournament string      `json:"tournament"`
	Engines    []string    `json:"engines"`
	Total      int         `json:"total_games"` // games in the whole schedule (all shards)
	SPRT       *stats.SPRT `json:"sprt,omitempty"`
	Seed       uint64      `json:"seed"`
}

// Pairing is the result between two engines, from A's point of view.
type Pairing struct {
	A     string        `json:"a"`
	B     string        `json:"b"`
	WDL   stats.WDL     `json:"wdl"`
	Games stats.Summary `json:"games"` // trinomial statistics (all games)
	// Pentanomial statistics from the colour-reversed pairs where both
	// games are finished.
	Penta     stats.Penta    `json:"penta"`
	Pairs     *stats.Summary `json:"pairs,omitempty"`
	DrawRatio float64        `json:"draw_ratio"`
}

// Summary is the machine-readable result of a run (summary.json).
type Summary struct {
	Meta     Meta                      `json:"meta"`
	Played   int                       `json:"played"`
	Ratings  stats.Table               `json:"ratings"`
	Pairings []Pairing                 `json:"pairings"`
	SPRT     *SPRTState                `json:"sprt,omitempty"`
	Faults   map[string]map[string]int `json:"faults,omitempty"` // engine -> termination -> count
	Terms    map[string]int            `json:"terminations"`
}

// SPRTState is where an SPRT stands.
type SPRTState struct {
	Test stats.SPRT `json:"test"`
	stats.Status
	Penta stats.Penta `json:"penta"`
}

// pairKey orders two engine names.
func pairKey(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// Tally accumulates a run's finished games; Summary computes the
// statistics at any point. Adding a game is cheap; ratings, a fit over all
// games, are computed only when asked.
type Tally struct {
	// RatingOptions anchors the ratings (default: mean 0).
	RatingOptions stats.RatingOptions

	meta     Meta
	names    []string
	index    map[string]int
	pairings map[[2]string]*pairAcc
	order    [][2]string
	firsts   map[int]pairFirst // pair -> first finished game's score for A
	rated    []stats.Game
	played   int
	terms    map[string]int
	faults   map[string]map[string]int
}

type pairAcc struct {
	a, b  string
	wdl   stats.WDL
	penta stats.Penta
}

type pairFirst struct {
	key    [2]string
	aScore float64
}

// NewTally starts an empty tally. Engines not in meta are added in order
// of appearance.
func NewTally(meta Meta) *Tally {
	t := &Tally{meta: meta, index: map[string]int{}, pairings: map[[2]string]*pairAcc{},
		firsts: map[int]pairFirst{}, terms: map[string]int{}, faults: map[string]map[string]int{}}
	for _, n := range meta.Engines {
		t.idx(n)
	}
	return t
}

func (t *Tally) idx(n string) int {
	i, ok := t.index[n]
	if !ok {
		i = len(t.names)
		t.names = append(t.names, n)
		t.index[n] = i
	}
	return i
}

// Add counts a finished game (an unfinished one, "*", is ignored).
func (t *Tally) Add(g results.Game) error {
	ws, ok := g.WhiteScore()
	if !ok {
		return nil
	}
	wi, bi := t.idx(g.White), t.idx(g.Black)
	k := pairKey(g.White, g.Black)
	a := t.pairings[k]
	if a == nil {
		// A is the engine listed first in the run.
		first, second := g.White, g.Black
		if wi > bi {
			first, second = second, first
		}
		a = &pairAcc{a: first, b: second}
		t.pairings[k] = a
		t.order = append(t.order, k)
	}
	aScore := ws
	if g.White != a.a {
		aScore = 1 - ws
	}
	if err := a.wdl.Add(aScore); err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
	}
	if g.Pair > 0 {
		if f, ok := t.firsts[g.Pair]; ok && f.key == k {
			if err := a.penta.AddPair(f.aScore, aScore); err != nil {
				return fmt.Errorf("pair %d: %w", g.Pair, err)
			}
			delete(t.firsts, g.Pair)
		} else {
			t.firsts[g.Pair] = pairFirst{k, aScore}
		}
	}
	t.played++
	t.terms[g.Termination]++
	if loser := faultLoser(g); loser != "" {
		if t.faults[loser] == nil {
			t.faults[loser] = map[string]int{}
		}
		t.faults[loser][g.Termination]++
	}
	t.rated = append(t.rated, stats.Game{A: wi, B: bi, Score: ws})
	return nil
}

// Summary returns the statistics so far; withRatings adds the
// maximum-likelihood ratings of all players.
func (t *Tally) Summary(withRatings bool) (*Summary, error) {
	s := &Summary{Meta: t.meta, Played: t.played, Terms: t.terms, Faults: t.faults}
	order := append([][2]string(nil), t.order...)
	sort.Slice(order, func(i, j int) bool {
		ai, aj := t.pairings[order[i]], t.pairings[order[j]]
		if t.index[ai.a] != t.index[aj.a] {
			return t.index[ai.a] < t.index[aj.a]
		}
		return t.index[ai.b] < t.index[aj.b]
	})
	for _, k := range order {
		a := t.pairings[k]
		p := Pairing{A: a.a, B: a.b, WDL: a.wdl, Penta: a.penta, DrawRatio: a.wdl.DrawRatio()}
		if sum, err := stats.Summarize(a.wdl); err == nil {
			p.Games = sum
		}
		if a.penta.Pairs() > 0 {
			if sum, err := stats.Summarize(a.penta); err == nil {
				p.Pairs = &sum
			}
		}
		s.Pairings = append(s.Pairings, p)
	}
	if withRatings && len(t.rated) > 0 {
		table, err := stats.Rate(t.names, t.rated, t.RatingOptions)
		if err != nil {
			return nil, fmt.Errorf("ratings: %w", err)
		}
		s.Ratings = table
	}
	if m := t.meta.SPRT; m != nil {
		var penta stats.Penta
		if len(s.Pairings) == 1 {
			penta = s.Pairings[0].Penta
		}
		lo, hi := m.Bounds()
		st := stats.Status{Lower: lo, Upper: hi}
		if penta.Pairs() > 0 {
			var err error
			if st, err = m.Test(penta); err != nil {
				return nil, fmt.Errorf("sprt: %w", err)
			}
		}
		s.SPRT = &SPRTState{Test: *m, Status: st, Penta: penta}
	}
	return s, nil
}

// Summarize computes the statistics of a set of finished games, ratings
// included.
func Summarize(meta Meta, games []results.Game) (*Summary, error) {
	sorted := append([]results.Game(nil), games...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	t := NewTally(meta)
	for _, g := range sorted {
		if err := t.Add(g); err != nil {
			return nil, err
		}
	}
	return t.Summary(true)
}

// faultLoser returns the engine that lost g by a fault, or "".
func faultLoser(g results.Game) string {
	switch g.Termination {
	case results.TermTimeForfeit, results.TermIllegalMove, results.TermEngineCrash:
		switch g.Result {
		case results.WhiteWins:
			return g.Black
		case results.BlackWins:
			return g.White
		}
	}
	return ""
}

// WriteJSON writes the summary as indented JSON.
func (s *Summary) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteText prints the summary as tables: ratings, pairings with Elo and
// confidence, the crosstable, SPRT and faults.
func (s *Summary) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d of %d games played (%s, %s)\n\n", s.Meta.Name, s.Played, s.Meta.Total,
		strings.Join(s.Meta.Variants, ", "), s.Meta.Tournament)
	if len(s.Ratings) > 0 {
		if err := s.Ratings.Write(&b); err != nil {
			return err
		}
		b.WriteByte('\n')
	}
	for _, p := range s.Pairings {
		fmt.Fprintf(&b, "%s vs %s: %s  score %.1f%%  Elo %+.1f ± %.1f  LOS %.1f%%  draws %.1f%%\n",
			p.A, p.B, p.WDL, 100*p.Games.Score, p.Games.Elo.Value, p.Games.Elo.Error, 100*p.Games.LOS, 100*p.DrawRatio)
		if p.Pairs != nil {
			fmt.Fprintf(&b, "    pairs %s  Elo %+.1f ± %.1f  nElo %+.1f ± %.1f\n",
				p.Penta, p.Pairs.Elo.Value, p.Pairs.Elo.Error, p.Pairs.NElo.Value, p.Pairs.NElo.Error)
		}
	}
	if len(s.Ratings) > 2 {
		b.WriteByte('\n')
		s.writeCrosstable(&b)
	}
	if st := s.SPRT; st != nil {
		fmt.Fprintf(&b, "\nSPRT [%g, %g] %s: LLR %.2f (%.2f, %.2f): %s\n", st.Test.Elo0, st.Test.Elo1, st.Test.Model, st.LLR, st.Lower, st.Upper, st.Decision)
	}
	if len(s.Faults) > 0 {
		b.WriteString("\nFaults:\n")
		for _, name := range sortedKeys(s.Faults) {
			for _, term := range sortedKeys(s.Faults[name]) {
				fmt.Fprintf(&b, "  %s: %d x %s\n", name, s.Faults[name][term], term)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCrosstable prints points scored by each row engine against each
// column engine, in rating order.
func (s *Summary) writeCrosstable(b *strings.Builder) {
	names := make([]string, len(s.Ratings))
	width := 4
	for i, r := range s.Ratings {
		names[i] = r.Name
		width = max(width, len(r.Name))
	}
	points := map[[2]string][2]float64{} // (row, col) -> points, games
	for _, p := range s.Pairings {
		a := p.WDL.Points()
		n := float64(p.WDL.Games())
		points[[2]string{p.A, p.B}] = [2]float64{a, n}
		points[[2]string{p.B, p.A}] = [2]float64{n - a, n}
	}
	fmt.Fprintf(b, "%-*s", width+2, "")
	for i := range names {
		fmt.Fprintf(b, " %9d", i+1)
	}
	b.WriteByte('\n')
	for i, row := range names {
		fmt.Fprintf(b, "%d %-*s", i+1, width, row)
		for _, col := range names {
			if pt, ok := points[[2]string{row, col}]; ok {
				fmt.Fprintf(b, " %9s", fmt.Sprintf("%g/%g", pt[0], pt[1]))
			} else {
				fmt.Fprintf(b, " %9s", "-")
			}
		}
		b.WriteByte('\n')
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// writeFileAtomic writes data to path through a temporary file and a
// rename, so a reader never sees half a file.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
