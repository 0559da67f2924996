package results

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Game results, as in PGN.
const (
	WhiteWins  = "1-0"
	BlackWins  = "0-1"
	Draw       = "1/2-1/2"
	Unfinished = "*"
)

// Terminations: how a game ended, as recorded in Game.Termination. The
// first group are endings by the rules of the game; the others are
// decided outside the board. Other values are allowed and are written to
// PGN as they are.
const (
	TermExtinction   = "extinction"
	TermCheckmate    = "checkmate"
	TermStalemate    = "stalemate"
	TermRepetition   = "threefold repetition"
	TermFiftyMoves   = "50-move rule"
	TermInsufficient = "insufficient material"
	// The ends of Fairy-Stockfish's rules (engines.Variant): a flag piece
	// on its region, a side's last check given, a bare king, a count
	// (makruk's counting rule) past its limit.
	TermFlag        = "flag"
	TermCheckLimit  = "check limit"
	TermBareKing    = "bare king"
	TermCounting    = "counting rule"
	TermResignation = "resignation"

	TermAdjudication = "adjudication"
	TermTimeForfeit  = "time forfeit"
	TermIllegalMove  = "illegal move"
	TermEngineCrash  = "engine crash" // also a protocol failure: fastchess's "disconnects"
	// TermStall: an engine under a depth or node limit gave no move within
	// the run's stall_timeout (fastchess's and cutechess's "stalls").
	TermStall = "stall"
)

// Game is the record of one finished game: what the journal stores, one
// per line, and what the PGN writer formats. Its JSON form is the journal
// format; fields are added, never renamed.
type Game struct {
	// ID is the game's index in the run's schedule, unique within a run.
	// The journal and Merge identify games by it.
	ID int `json:"id"`
	// Round is the 1-based round of the schedule the game belongs to.
	Round int `json:"round"`
	// Pair groups the games that share an opening with colours reversed.
	Pair int `json:"pair"`
	// Event is the name of the run (PGN Event tag).
	Event string `json:"event"`
	// Variant is the variant's name: "extinction", "losalamos-bunkers" or
	// "evolution".
	Variant string `json:"variant"`
	// White and Black name the players.
	White string `json:"white"`
	Black string `json:"black"`
	// StartFEN is the position the game started from, in the variant's FEN.
	StartFEN string `json:"start_fen"`
	// StartIsInitial is true when StartFEN is the variant's initial
	// position; PGN then has no FEN and SetUp tags.
	StartIsInitial bool `json:"start_is_initial"`
	// Moves are the moves played, in order.
	Moves []Move `json:"moves"`
	// Result is "1-0", "0-1", "1/2-1/2" or "*" (no result).
	Result string `json:"result"`
	// Termination says how the game ended, one of the Term constants
	// (e.g. "extinction", "adjudication", "time forfeit") or free text.
	Termination string `json:"termination"`
	// Reason details the termination in free text, e.g. "Fairy-Stockfish
	// played e2e5, illegal"; it may be empty.
	Reason string `json:"reason,omitempty"`
	// TimeControl is the PGN TimeControl value: "40/60+0.6", "-", or a
	// fixed limit such as "depth=6", "nodes=20000", "movetime=0.1".
	TimeControl string `json:"time_control"`
	// WhiteTimeControl and BlackTimeControl are each side's limit, in the
	// same form, set only when the two differ (TimeControl is then
	// White's, as older records have it); PGN gets the WhiteTimeControl
	// and BlackTimeControl tags cutechess-cli writes in that case.
	WhiteTimeControl string `json:"white_time_control,omitempty"`
	BlackTimeControl string `json:"black_time_control,omitempty"`
	// Started is when the game started; PGN's Date comes from it, in its
	// own time zone.
	Started time.Time `json:"started"`
	// DurationMS is the game's wall-clock duration in milliseconds.
	DurationMS int64 `json:"duration_ms"`
	// Ponder counts the pondering of engines that ponder (nil for none).
	Ponder *PonderCounts `json:"ponder,omitempty"`
	// Site is where the game was played (PGN Site tag); it may be empty.
	Site string `json:"site,omitempty"`
	// Overruns are the moves that took longer than their time budget but
	// not longer than the margin too, so were forgiven (clock and
	// movetime games; none: nil).
	Overruns []Overrun `json:"overruns,omitempty"`
}

// Overrun is one move that overstepped its time within the margin.
type Overrun struct {
	Ply    int    `json:"ply"`     // the move's index in Moves
	Side   string `json:"side"`    // "white" or "black"
	OverMS int64  `json:"over_ms"` // how much longer than its budget it took
}

// Move is one move of a game with what its engine said about it.
type Move struct {
	// UCI is the move in UCI notation (bunker squares with V: "c1Vc1").
	UCI string `json:"uci"`
	// SAN is the move in standard algebraic notation.
	SAN string `json:"san"`
	// Score is the engine's own score of the move, from the mover's point
	// of view; nil if the engine gave none.
	Score *Score `json:"score,omitempty"`
	// Depth is the search depth the engine reported, 0 if none.
	Depth int `json:"depth,omitempty"`
	// Nodes is the node count the engine reported, 0 if none.
	Nodes int64 `json:"nodes,omitempty"`
	// TimeMS is the time the mover used, in milliseconds.
	TimeMS int64 `json:"time_ms"`
	// Comment is text the engine asked to keep with its move (UCI "info
	// string pgncomment TEXT"), written in the move's PGN comment after
	// the score and time; "" for none.
	Comment string `json:"comment,omitempty"`
}

// Score is an engine's evaluation. When Mate is not zero the engine
// announces a win (Mate > 0) or a loss (Mate < 0) in |Mate| moves, by
// mate or extinction; CP is then not meaningful. Otherwise CP is the score
// in centipawns.
type Score struct {
	CP   int `json:"cp"`
	Mate int `json:"mate,omitempty"`
}

// WhiteScore returns White's points for the game's result: 1, 0.5 or 0.
// It returns false when the game has no result ("*" or anything else).
func (g *Game) WhiteScore() (float64, bool) {
	switch g.Result {
	case WhiteWins:
		return 1, true
	case BlackWins:
		return 0, true
	case Draw:
		return 0.5, true
	}
	return 0, false
}

// sameGame reports whether a and b are the same record. Times are compared
// as instants, so a record read back with another zone offset still
// matches.
func sameGame(a, b Game) bool {
	if !a.Started.Equal(b.Started) {
		return false
	}
	a.Started, b.Started = time.Time{}, time.Time{}
	if len(a.Moves) == 0 {
		a.Moves = nil
	}
	if len(b.Moves) == 0 {
		b.Moves = nil
	}
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}

// withoutTiming returns g without what says when and where it was played
// (start, duration, site, each move's time): what stays is what the game
// is, so two plays of one scheduled game compare equal when their moves,
// results, players, opening and limits agree.
func withoutTiming(g Game) Game {
	g.Started, g.DurationMS, g.Site = time.Time{}, 0, ""
	moves := make([]Move, len(g.Moves))
	for i, m := range g.Moves {
		m.TimeMS = 0
		moves[i] = m
	}
	g.Moves = moves
	return g
}

// gameDiff lists, in words, the fields in which two records of one game
// differ ("result 1-0 / 0-1; moves: 41 / 43, first differing at ply 30
// (e7e5 / d7d5)"), or "" when they are the same record (see sameGame).
// Conflicts found by Merge and duplicated journal lines are reported
// with it, so that the user sees what differs, not two long records.
func gameDiff(a, b Game) string {
	var diffs []string
	add := func(field string, x, y any) {
		if fmt.Sprint(x) != fmt.Sprint(y) {
			diffs = append(diffs, fmt.Sprintf("%s %q / %q", field, fmt.Sprint(x), fmt.Sprint(y)))
		}
	}
	add("round", a.Round, b.Round)
	add("pair", a.Pair, b.Pair)
	add("event", a.Event, b.Event)
	add("variant", a.Variant, b.Variant)
	add("white", a.White, b.White)
	add("black", a.Black, b.Black)
	add("start_fen", a.StartFEN, b.StartFEN)
	add("result", a.Result, b.Result)
	add("termination", a.Termination, b.Termination)
	add("reason", a.Reason, b.Reason)
	add("time_control", a.TimeControl, b.TimeControl)
	add("white_time_control", a.WhiteTimeControl, b.WhiteTimeControl)
	add("black_time_control", a.BlackTimeControl, b.BlackTimeControl)
	if !a.Started.Equal(b.Started) {
		diffs = append(diffs, fmt.Sprintf("started %s / %s", a.Started.Format(time.RFC3339Nano), b.Started.Format(time.RFC3339Nano)))
	}
	add("duration_ms", a.DurationMS, b.DurationMS)
	add("site", a.Site, b.Site)
	add("overruns", a.Overruns, b.Overruns)
	if d := movesDiff(a.Moves, b.Moves); d != "" {
		diffs = append(diffs, d)
	}
	if len(diffs) == 0 && !sameGame(a, b) {
		diffs = append(diffs, "other fields") // a field added to Game and not above
	}
	return strings.Join(diffs, "; ")
}

// movesDiff describes where two move lists part, or "".
func movesDiff(a, b []Move) string {
	for i := 0; i < min(len(a), len(b)); i++ {
		x, _ := json.Marshal(a[i])
		y, _ := json.Marshal(b[i])
		if string(x) != string(y) {
			return fmt.Sprintf("moves: %d / %d, first differing at ply %d (%s / %s)", len(a), len(b), i+1, x, y)
		}
	}
	if len(a) != len(b) {
		return fmt.Sprintf("moves: %d / %d", len(a), len(b))
	}
	return ""
}
