package arena

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// roundPoll is how often a shard of an event looks at its peers' round
// folders while it waits for the rest of a round. A round's games last
// seconds at least, so the wait adds little beside them.
const roundPoll = 200 * time.Millisecond

// roundWaitNote is how often a shard still waiting for its peers says
// so again: a batch job's log shows why it has not ended.
const roundWaitNote = time.Minute

// checkEventShards refuses a shard of an event that cannot see its
// peers: without their games it could not pair its next round.
func checkEventShards(name, typ string, opts Options) error {
	if opts.Shards <= 1 {
		return nil
	}
	if opts.Peers == "" {
		return fmt.Errorf("run %s: a %s shard needs -peers GLOB naming every shard's directory on shared storage (e.g. -peers 'results/shard-*'): each round's pairings need every result of the round before, which the other shards hold", name, typ)
	}
	if _, err := filepath.Match(opts.Peers, ""); err != nil {
		return fmt.Errorf("-peers %q: %w", opts.Peers, err)
	}
	return nil
}

// wholeRound waits until this shard's round folder (own) and the same
// folder of its peers' event directories hold every game of the round
// (ids 1 to total), and returns them by id. Games are keyed by their id
// in the round's schedule, which every shard shares: a game in two
// journals counts once, and the same id with two different games is an
// error. A peer's folder of another event or round (its meta.json
// differs) is an error too: its games would pair this event's next
// round.
func (ev *event) wholeRound(ctx context.Context, own, folder string, total int) ([]results.Game, error) {
	_, notef := runLogs(ev.opts)
	meta, err := rundir.ReadMeta(own)
	if err != nil {
		return nil, fmt.Errorf("event %s, %s: %w", ev.r.Name, folder, err)
	}
	self, err := filepath.Abs(ev.dir)
	if err != nil {
		return nil, err
	}
	// This shard's share is played: its journal is read once, the
	// peers' at every poll.
	ownGames, _, err := results.ReadJournalFrom(filepath.Join(own, rundir.JournalFile), 0)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("event %s, %s: %w", ev.r.Name, folder, err)
	}
	var noted time.Time
	lastHave := -1
	for {
		games, from, err := ev.roundGames(own, ownGames, folder, self, meta)
		if err != nil {
			return nil, err
		}
		var in []results.Game
		for _, g := range games {
			if g.ID >= 1 && g.ID <= total {
				in = append(in, g)
			}
		}
		have := len(in)
		if have == total {
			if lastHave >= 0 {
				notef("event %s, %s: all %d games of the round are in (%s)", ev.r.Name, folder, total, strings.Join(from, ", "))
			}
			return in, nil
		}
		if have != lastHave || time.Since(noted) >= roundWaitNote {
			notef("event %s, %s: waiting for the other shards' games: %d of the round's %d are in (-peers %s)", ev.r.Name, folder, have, total, ev.opts.Peers)
			noted, lastHave = time.Now(), have
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: event %s, %s: waiting for the other shards' games (%d of %d in); run the same command again to resume", ErrInterrupted, ev.r.Name, folder, have, total)
		case <-time.After(roundPoll):
		}
	}
}

// roundGames reads the round's games from the peers' folders (those
// begun: a peer not yet at this round is passed over) and joins them by
// id with this shard's, ownGames from its folder own. from names the
// folders read.
func (ev *event) roundGames(own string, ownGames []results.Game, folder, self string, meta rundir.Meta) (games []results.Game, from []string, err error) {
	journals := [][]results.Game{ownGames}
	from = []string{own}
	dirs, err := filepath.Glob(ev.opts.Peers)
	if err != nil {
		return nil, nil, fmt.Errorf("-peers %q: %w", ev.opts.Peers, err)
	}
	for _, d := range dirs {
		if abs, err := filepath.Abs(d); err == nil && abs == self {
			continue
		}
		rd := filepath.Join(d, folder)
		m, err := rundir.ReadMeta(rd)
		if err != nil {
			continue // not at this round yet, or not begun
		}
		if diffs := rundir.MetaDiff(meta, m); len(diffs) > 0 {
			return nil, nil, fmt.Errorf("-peers: %s holds another event's %s than this shard's; it differs in: %s", rd, folder, strings.Join(diffs, "; "))
		}
		if m.Shards != meta.Shards {
			return nil, nil, fmt.Errorf("-peers: %s is shard %d/%d, this one %d/%d: every shard of an event plays with the same n", rd, m.Shard, m.Shards, meta.Shard, meta.Shards)
		}
		// A line being written is left out, and read once whole at the
		// next poll.
		g, _, err := results.ReadJournalFrom(filepath.Join(rd, rundir.JournalFile), 0)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			return nil, nil, fmt.Errorf("-peers: %w", err)
		}
		journals = append(journals, g)
		from = append(from, rd)
	}
	games, err = results.Merge(journals...)
	if err != nil {
		return nil, nil, fmt.Errorf("event %s, %s: %w", ev.r.Name, folder, err)
	}
	return games, from, nil
}

// pairingScores returns each pairing's games from its first engine's
// side, counted from the round's games (every shard's). A game of no
// pairing of the round, or without a result, is an error naming it.
func pairingScores(folder string, pairs [][2]string, games []results.Game) ([]stats.WDL, error) {
	out := make([]stats.WDL, len(pairs))
	for _, g := range games {
		s, ok := g.WhiteScore()
		if !ok {
			return nil, fmt.Errorf("%s: game %d (%s-%s) has no result", folder, g.ID, g.White, g.Black)
		}
		i := -1
		for k, p := range pairs {
			switch {
			case g.White == p[0] && g.Black == p[1]:
				i = k
			case g.White == p[1] && g.Black == p[0]:
				i, s = k, 1-s
			}
			if i >= 0 {
				break
			}
		}
		if i < 0 {
			return nil, fmt.Errorf("%s: game %d (%s-%s) is of no pairing of the round", folder, g.ID, g.White, g.Black)
		}
		switch s {
		case 1:
			out[i].W++
		case 0:
			out[i].L++
		default:
			out[i].D++
		}
	}
	return out, nil
}

// relativePeers is the glob of the shards' event directories relative
// to this shard's (dir), as the event's record keeps it: the same on
// every shard whose directories are siblings, and found again from the
// directory wherever the command that reads it runs.
func relativePeers(dir, glob string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	g, err := filepath.Abs(glob)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(d, g)
	if err != nil {
		return "", fmt.Errorf("-peers %q: %w", glob, err)
	}
	return filepath.ToSlash(rel), nil
}
