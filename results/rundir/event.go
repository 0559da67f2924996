package rundir

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"varena/results/stats"
)

// Files of an event's output directory (a Swiss or a knockout, played
// as one run per round in folders of the directory).
const (
	// EventFile records the event: its rounds in the order they were
	// played, each with its folder, pairings and results, and the final
	// standings (Event). The event rewrites it as each round starts and
	// ends, so that it lists an interrupted round too.
	EventFile = "event.json"
	// EventStandingsFile holds the rounds' results and the standings
	// with their tie-breaks as text (Event.Text).
	EventStandingsFile = "standings.txt"
)

// Event is the record of a Swiss or a knockout (event.json).
type Event struct {
	Name    string       `json:"name"`
	Type    string       `json:"type"` // swiss or knockout
	Seed    uint64       `json:"seed"`
	Games   int          `json:"games"`   // per pairing and round
	Engines []string     `json:"engines"` // in the config's order (the seeds)
	Rounds  []EventRound `json:"rounds"`
	// Standings are the final standings with their tie-breaks; nil
	// until the event is over.
	Standings *EventTable `json:"standings,omitempty"`
	// Peers, for an event played in shards (run -shard i/n -peers
	// GLOB), is the glob of every shard's event directory relative to
	// this one (../shard-*): each shard's round folders hold its share
	// of the round's games, and the rounds are theirs together. The
	// same on every shard whose directories are siblings.
	Peers string `json:"peers,omitempty"`
}

// EventRound is a round of an event (or a knockout round's tie-break):
// a run of fixed pairings in its own folder.
type EventRound struct {
	Name     string         `json:"name"`   // "round 2", "round 2 tie-break 1"
	Folder   string         `json:"folder"` // its run's folder in the event's directory
	Pairings []EventPairing `json:"pairings"`
	Bye      string         `json:"bye,omitempty"` // the engine with the pairing-allocated bye (Swiss)
	// Played is false while the round's games are being played (an
	// interrupted round stays so): its pairings have no results yet.
	Played bool `json:"played"`
}

// EventPairing is a pairing of a round and its result.
type EventPairing struct {
	A string `json:"a"` // White in the pair's first game
	B string `json:"b"`
	// WDL is the round's games from A's side.
	WDL stats.WDL `json:"wdl"`
	// Score is the result as the standings show it, A's points-B's
	// points: of a knockout match, over its games so far (the tie-break
	// pairs before this one included).
	Score string `json:"score"`
	Note  string `json:"note,omitempty"` // why a level knockout match went to one engine
}

// EventTable is a table of standings: every cell as the standings file
// shows it.
type EventTable struct {
	Title   string     `json:"title"` // the line above the table: the system and its tie-breaks
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

// Line is the round as the standings file lists it:
// "round 1: a 1-1 c, d 2-0 b, bye e".
func (r EventRound) Line() string {
	var items []string
	for _, p := range r.Pairings {
		s := p.A + " " + p.Score + " " + p.B
		if p.Note != "" {
			s += " (" + p.Note + ")"
		}
		items = append(items, s)
	}
	if r.Bye != "" {
		items = append(items, "bye "+r.Bye)
	}
	return r.Name + ": " + strings.Join(items, ", ")
}

// Text is the table as the standings file has it: the title, then the
// columns aligned right.
func (t *EventTable) Text() string {
	var b strings.Builder
	fmt.Fprintln(&b, t.Title)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(t.Columns, "\t")+"\t")
	for _, row := range t.Rows {
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	tw.Flush()
	return b.String()
}

// Text is the standings file of the event: a line per played round,
// then the standings.
func (e *Event) Text() string {
	var b strings.Builder
	for _, r := range e.Rounds {
		if r.Played {
			fmt.Fprintln(&b, r.Line())
		}
	}
	if e.Standings != nil {
		fmt.Fprintf(&b, "\n%s", e.Standings.Text())
	}
	return b.String()
}
