package arena

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	pairsys "varena/arena/pairing" // schedule.go has a type pairing
	"varena/configs"
	"varena/configs/plan"
	"varena/results/report"
	"varena/results/rundir"
	"varena/results/stats"
)

// EventStandings is the file of an event's output directory that holds
// its standings with their tie-breaks (and the rounds' pairings).
const EventStandings = rundir.EventStandingsFile

// MaxTieBreakPairs bounds the tie-break pairs of a level knockout match;
// a match still level after them goes to the engine listed first in the
// config (the higher seed when seeds are given).
const MaxTieBreakPairs = 3

// IsEvent reports whether a run is a Swiss or a knockout: played round by
// round, each round's pairings made from the results before it.
func IsEvent(r *plan.Plan) bool {
	t := r.Tournament.Type
	return len(r.Tournament.Pairs) == 0 && (t == configs.Swiss || t == configs.Knockout)
}

// event plays a Swiss or a knockout as a sequence of runs, one per round
// (and per tie-break of a knockout round), each in its own folder of the
// event's directory (round-01, round-02, round-02-tb1, ...). A round is an
// ordinary run of fixed pairings: its journal keeps every finished game,
// so killing the event loses nothing and running it again replays the
// finished rounds from their journals (no game is played twice), pairs
// the same next round from the same results, and goes on. The event's
// record (event.json, read back by ReadEventDir) lists the rounds as
// they start and end; at its end the event writes standings.txt and
// report.html.
type event struct {
	r      *plan.Plan
	opts   Options
	dir    string
	games  int // per pairing and round
	played int
	rec    rundir.Event // the record of the event's directory, written as each round starts and ends
	// prev is the record an earlier run of the event left: a resume,
	// which replays the finished rounds first, writes no record that
	// says less over it (killed while replaying, or refused a round's
	// directory, it would lose the later rounds).
	prev rundir.Event
}

func runEvent(ctx context.Context, r *plan.Plan, opts Options) (*rundir.Summary, error) {
	if err := checkEventShards(r.Name, r.Tournament.Type, opts); err != nil {
		return nil, err
	}
	ev := &event{r: r, opts: opts, dir: OutDir(r, opts), games: max(r.Tournament.Games, 2)}
	ev.rec = rundir.Event{Name: r.Name, Type: r.Tournament.Type, Seed: r.Seed, Games: ev.games}
	for _, e := range r.Engines {
		ev.rec.Engines = append(ev.rec.Engines, e.Name)
	}
	if opts.Shards > 1 {
		var err error
		if ev.rec.Peers, err = relativePeers(ev.dir, opts.Peers); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(ev.dir, 0o755); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	if ed, err := ReadEventDir(ev.dir); err == nil {
		ev.prev = ed.Event
	}
	var table *rundir.EventTable
	var err error
	if r.Tournament.Type == configs.Swiss {
		table, err = ev.swiss(ctx)
	} else {
		table, err = ev.knockout(ctx)
	}
	if err != nil {
		return nil, err
	}
	ev.rec.Standings = table
	if err := ev.save(); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(ev.dir, EventStandings), []byte(ev.rec.Text()), 0o644); err != nil {
		return nil, fmt.Errorf("event %s: %w", r.Name, err)
	}
	// Every round's recorder has replayed or judged its games: the
	// report reads the journals without a second replay.
	ed, err := ReadEventDir(ev.dir)
	if err == nil {
		var rep *report.Event
		if rep, err = ed.load(r.VariantSet, report.LoadChecked); err == nil {
			_, _, err = report.WriteEventFile(rep)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("event %s: report: %w", r.Name, err)
	}
	sum := &rundir.Summary{Meta: rundir.Meta{Name: r.Name, Tournament: r.Tournament.Type, Seed: r.Seed}, Played: ev.played}
	return sum, nil
}

// save writes the event's record (event.json), unless the one an
// earlier run left says more (see prev).
func (ev *event) save() error {
	if ev.rec.Standings == nil && saysMore(&ev.prev, &ev.rec) {
		return nil
	}
	if err := writeEvent(ev.dir, &ev.rec); err != nil {
		return fmt.Errorf("event %s: %w", ev.r.Name, err)
	}
	return nil
}

// done marks the event's last round played, saves the record and logs
// the round's line.
func (ev *event) done() error {
	rd := &ev.rec.Rounds[len(ev.rec.Rounds)-1]
	rd.Played = true
	if ev.opts.Log != nil {
		fmt.Fprintln(ev.opts.Log, rd.Line())
	}
	return ev.save()
}

// saysMore reports whether the record old holds the rounds of rec, the
// same folders and pairings, and more: a later round, or its last one
// played where rec's is not yet.
func saysMore(old, rec *rundir.Event) bool {
	if len(rec.Rounds) == 0 || len(old.Rounds) < len(rec.Rounds) {
		return false
	}
	for i, r := range rec.Rounds {
		o := old.Rounds[i]
		if o.Folder != r.Folder || len(o.Pairings) != len(r.Pairings) {
			return false
		}
		for j, p := range r.Pairings {
			if o.Pairings[j].A != p.A || o.Pairings[j].B != p.B {
				return false
			}
		}
	}
	last := len(rec.Rounds) - 1
	return len(old.Rounds) > len(rec.Rounds) || old.Rounds[last].Played || !rec.Rounds[last].Played
}

// round plays one round's pairings (the first engine of each has white
// in the pair's first game) as a run in its own folder and returns each
// pairing's games from its first engine's side. The round is in the
// event's record, unplayed, before its first game, and has its games
// there after; the caller adds the scores and marks it played (done).
func (ev *event) round(ctx context.Context, name, folder, bye string, k int, pairs [][2]string) ([]stats.WDL, error) {
	rd := rundir.EventRound{Name: name, Folder: folder, Bye: bye}
	for _, p := range pairs {
		rd.Pairings = append(rd.Pairings, rundir.EventPairing{A: p[0], B: p[1]})
	}
	ev.rec.Rounds = append(ev.rec.Rounds, rd)
	if err := ev.save(); err != nil {
		return nil, err
	}
	sub := *ev.r
	sub.Name = ev.r.Name + "-" + folder
	sub.Tournament.Type = configs.RoundRobin
	sub.Tournament.Rounds = 1
	sub.Tournament.Pairs = pairs
	// Each round its own openings: a new seed, and a book continued
	// where the rounds before it stopped.
	sub.Seed = ev.r.Seed + uint64(k)*0x9e3779b97f4a7c15
	sub.Variants = slices.Clone(ev.r.Variants)
	for i := range sub.Variants {
		if o := &sub.Variants[i].Openings; o.File != "" && !sub.Variants[i].OwnOpenings {
			o.Start = max(o.Start, 1) + ev.played/2
		}
	}
	in := map[string]bool{}
	for _, p := range pairs {
		in[p[0]], in[p[1]] = true, true
	}
	sub.Engines = nil
	for _, e := range ev.r.Engines {
		if in[e.Name] {
			sub.Engines = append(sub.Engines, e)
		}
	}
	opts := ev.opts
	opts.Out = filepath.Join(ev.dir, folder)
	// A round's run is a round robin of fixed pairings: a shard plays
	// its share of it (opts.Shard of opts.Shards) and has no SPRT for
	// -peers to follow; the event reads the peers' games below.
	opts.Peers = ""
	if rw, ok := opts.Watch.(RoundWatcher); ok {
		rw.NextRound(opts.Out)
	}
	sum, err := Run(ctx, &sub, opts)
	if err != nil {
		return nil, fmt.Errorf("event %s, %s: %w", ev.r.Name, folder, err)
	}
	var out []stats.WDL
	if ev.opts.Shards > 1 {
		// The next round is paired from the whole round, this shard's
		// games and its peers'.
		games, err := ev.wholeRound(ctx, opts.Out, folder, len(pairs)*ev.games)
		if err != nil {
			return nil, err
		}
		if out, err = pairingScores(folder, pairs, games); err != nil {
			return nil, fmt.Errorf("event %s: %w", ev.r.Name, err)
		}
	} else {
		out = fromSummary(pairs, sum.Pairings)
	}
	for i, p := range pairs {
		if out[i].Games() != ev.games {
			return nil, fmt.Errorf("event %s, %s: %s-%s has %d of its %d games", ev.r.Name, folder, p[0], p[1], out[i].Games(), ev.games)
		}
		ev.played += out[i].Games()
		ev.rec.Rounds[len(ev.rec.Rounds)-1].Pairings[i].WDL = out[i]
	}
	return out, nil
}

// fromSummary returns each pairing's games from its first engine's
// side, as the round's run summed them.
func fromSummary(pairs [][2]string, sum []rundir.Pairing) []stats.WDL {
	out := make([]stats.WDL, len(pairs))
	for i, p := range pairs {
		for _, sp := range sum {
			switch {
			case sp.A == p[0] && sp.B == p[1]:
				out[i] = sp.WDL
			case sp.A == p[1] && sp.B == p[0]:
				out[i] = stats.WDL{W: sp.WDL.L, D: sp.WDL.D, L: sp.WDL.W}
			}
		}
	}
	return out
}

func points(w stats.WDL) float64 { return float64(w.W) + float64(w.D)/2 }

func (ev *event) swiss(ctx context.Context) (*rundir.EventTable, error) {
	es := ev.r.Engines
	players := make([]pairsys.Player, len(es))
	for i := range players {
		players[i].No = i + 1
	}
	var res []pairsys.Result
	rounds := ev.r.Tournament.Rounds
	for rd := 1; rd <= rounds; rd++ {
		rp, err := pairsys.Event{Rounds: rounds, Win: 2 * ev.games}.Pair(players)
		if err != nil {
			return nil, fmt.Errorf("event %s, round %d: %w", ev.r.Name, rd, err)
		}
		var pairs [][2]string
		for _, p := range rp.Pairs {
			pairs = append(pairs, [2]string{es[p.White-1].Name, es[p.Black-1].Name})
		}
		bye := ""
		if rp.Bye > 0 {
			bye = es[rp.Bye-1].Name
		}
		wdl, err := ev.round(ctx, fmt.Sprintf("round %d", rd), fmt.Sprintf("round-%02d", rd), bye, rd, pairs)
		if err != nil {
			return nil, err
		}
		played := ev.rec.Rounds[len(ev.rec.Rounds)-1].Pairings
		for i, p := range rp.Pairs {
			a, b := &players[p.White-1], &players[p.Black-1]
			fa, fb := pairsys.NoFloat, pairsys.NoFloat
			switch {
			case a.Score > b.Score:
				fa, fb = pairsys.Down, pairsys.Up
			case a.Score < b.Score:
				fa, fb = pairsys.Up, pairsys.Down
			}
			a.Floats, b.Floats = append(a.Floats, fa), append(b.Floats, fb)
			w := wdl[i]
			a.Score += 2*w.W + w.D
			b.Score += 2*w.L + w.D
			a.Opponents, b.Opponents = append(a.Opponents, b.No), append(b.Opponents, a.No)
			a.Colours, b.Colours = append(a.Colours, pairsys.White), append(b.Colours, pairsys.Black)
			res = append(res, pairsys.Result{Round: rd, A: a.No, B: b.No, PointsA: points(w), PointsB: points(stats.WDL{W: w.L, D: w.D}), WinsA: w.W, WinsB: w.L})
			played[i].Score = fmt.Sprintf("%g-%g", points(w), float64(ev.games)-points(w))
		}
		if rp.Bye > 0 {
			p := &players[rp.Bye-1]
			p.Score += 2 * ev.games // the pairing-allocated bye: a won pair
			p.HadBye = true
			p.Colours = append(p.Colours, pairsys.NoColour)
			p.Floats = append(p.Floats, pairsys.Down)
			res = append(res, pairsys.Result{Round: rd, A: p.No, PointsA: float64(ev.games)})
		}
		if err := ev.done(); err != nil {
			return nil, err
		}
	}
	st := pairsys.Standings(len(es), rounds, res)
	t := &rundir.EventTable{
		Title:   fmt.Sprintf("Swiss (Dutch), %d rounds of %d games a pairing; tie-breaks: %s", rounds, ev.games, strings.Join(pairsys.TieBreaks, ", ")),
		Columns: []string{"Rank", "Name", "Points", "BH-C1", "BH", "SB", "Wins", "DE"},
	}
	for k, s := range st {
		t.Rows = append(t.Rows, []string{fmt.Sprint(k + 1), es[s.No-1].Name, fmt.Sprintf("%g", s.Score), fmt.Sprintf("%g", s.BuchholzCut1), fmt.Sprintf("%g", s.Buchholz), fmt.Sprintf("%g", s.SonnebornBerger), fmt.Sprint(s.Wins), fmt.Sprintf("%g", s.Direct)})
	}
	return t, nil
}

func (ev *event) knockout(ctx context.Context) (*rundir.EventTable, error) {
	es := ev.r.Engines
	slots := pairsys.Bracket(len(es), ev.r.Tournament.Seeds, rand.New(rand.NewPCG(ev.r.Seed, 0x6b6e6f636b)))
	out := make([]int, len(es)) // the round each engine went out in (0: the winner)
	var res []pairsys.Result
	k := 0
	for rd := 1; len(slots) > 1; rd++ {
		type match struct{ slot, a, b int }
		var pending []match
		for m := 0; m < len(slots)/2; m++ {
			if a, b := slots[2*m], slots[2*m+1]; a >= 0 && b >= 0 {
				pending = append(pending, match{m, a, b})
			}
		}
		total := map[int][2]float64{}
		winners := map[int]int{}
		for tb := 0; len(pending) > 0; tb++ {
			folder := fmt.Sprintf("round-%02d", rd)
			if tb > 0 {
				folder += fmt.Sprintf("-tb%d", tb)
			}
			var pairs [][2]string
			for _, m := range pending {
				pairs = append(pairs, [2]string{es[m.a].Name, es[m.b].Name})
			}
			name := fmt.Sprintf("round %d", rd)
			if tb > 0 {
				name += fmt.Sprintf(" tie-break %d", tb)
			}
			k++
			wdl, err := ev.round(ctx, name, folder, "", k, pairs)
			if err != nil {
				return nil, err
			}
			played := ev.rec.Rounds[len(ev.rec.Rounds)-1].Pairings
			var level []match
			for i, m := range pending {
				pa, pb := points(wdl[i]), float64(ev.games)-points(wdl[i])
				res = append(res, pairsys.Result{Round: rd, A: m.a + 1, B: m.b + 1, PointsA: pa, PointsB: pb, WinsA: wdl[i].W, WinsB: wdl[i].L})
				t := total[m.slot]
				t[0], t[1] = t[0]+pa, t[1]+pb
				total[m.slot] = t
				played[i].Score = fmt.Sprintf("%g-%g", t[0], t[1])
				switch {
				case t[0] > t[1]:
					winners[m.slot] = m.a
				case t[1] > t[0]:
					winners[m.slot] = m.b
				case tb == MaxTieBreakPairs:
					winners[m.slot] = min(m.a, m.b)
					played[i].Note = fmt.Sprintf("level after %d tie-break pairs: %s, listed first, goes through", tb, es[min(m.a, m.b)].Name)
				default:
					level = append(level, m)
				}
			}
			if err := ev.done(); err != nil {
				return nil, err
			}
			pending = level
		}
		for m := 0; m < len(slots)/2; m++ {
			if w, ok := winners[m]; ok {
				loser := slots[2*m] + slots[2*m+1] - w
				out[loser] = rd
			}
		}
		slots = pairsys.Advance(slots, winners)
	}
	rounds := 0
	for _, o := range out {
		rounds = max(rounds, o)
	}
	st := pairsys.Standings(len(es), rounds, res)
	// The bracket decides the rank: the winner, then who went out last;
	// the Swiss tie-breaks order those who went out in the same round.
	reached := func(no int) int {
		if out[no-1] == 0 {
			return rounds + 1
		}
		return out[no-1]
	}
	t := &rundir.EventTable{
		Title:   fmt.Sprintf("Knockout, %d games a match (a tie-break pair while level, at most %d); ranked by the round reached, then %s", ev.games, MaxTieBreakPairs, strings.Join(pairsys.TieBreaks, ", ")),
		Columns: []string{"Rank", "Name", "Out in", "Points", "BH-C1", "BH", "SB", "Wins"},
	}
	order := make([]pairsys.Standing, 0, len(st))
	for r := rounds + 1; r >= 0; r-- {
		for _, s := range st {
			if reached(s.No) == r {
				order = append(order, s)
			}
		}
	}
	for k, s := range order {
		o := fmt.Sprintf("round %d", out[s.No-1])
		if out[s.No-1] == 0 {
			o = "winner"
		}
		t.Rows = append(t.Rows, []string{fmt.Sprint(k + 1), es[s.No-1].Name, o, fmt.Sprintf("%g", s.Score), fmt.Sprintf("%g", s.BuchholzCut1), fmt.Sprintf("%g", s.Buchholz), fmt.Sprintf("%g", s.SonnebornBerger), fmt.Sprint(s.Wins)})
	}
	return t, nil
}
