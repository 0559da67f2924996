package configs

import (
	"time"

	"varena/engines/variants"
)

// Run is one tournament: what `varena run CONFIG.yaml` plays. YAML keys
// are the snake_case field names given in the tags. Line fields record
// where a value stood in the file, for error messages.
type Run struct {
	Name string `yaml:"name"`
	// Variant is the variant of every game; Variants (multivariant
	// events) lists several instead. Exactly one of the two is set.
	Variant  string        `yaml:"variant"`
	Variants []VariantSpec `yaml:"variants"`
	// VariantFile is a Fairy-Stockfish variants.ini (relative to the
	// config's folder) whose sections Variant and Variants may name, as
	// well as the built-in variants (docs/variants-file.md).
	VariantFile string `yaml:"variant_file"`
	// VariantSet holds VariantFile's variants as the checker loaded them
	// (Checker.LoadVariants); nil (the built-ins only) when the run has
	// no variant_file or was checked without loading it.
	VariantSet *variants.Set `yaml:"-"`
	// VariantSchedule for multivariant events: "all" (every pairing plays
	// every variant both engines accept) or "assigned" (each pairing
	// plays Tournament.Games games, variants spread over pairings).
	VariantSchedule string `yaml:"variant_schedule"`
	Out             string `yaml:"out"`         // output directory (journal, PGN, summary)
	Seed            uint64 `yaml:"seed"`        // schedule, openings and random players
	Concurrency     int    `yaml:"concurrency"` // workers; 0 = number of CPUs
	// ProtocolLog is a file (relative to the config's folder) that logs
	// every line sent to and read from the external engines, with a
	// timestamp and the game id; "" for none. varena run -log overrides.
	ProtocolLog string `yaml:"protocol_log"`

	Tournament   Tournament   `yaml:"tournament"`
	Openings     Openings     `yaml:"openings"`
	TimeControl  TimeControl  `yaml:"time_control"` // default for every engine
	Adjudication Adjudication `yaml:"adjudication"`
	SPRT         *SPRT        `yaml:"sprt"` // required for tournament type sprt
	Engines      []Engine     `yaml:"engines"`

	// File is the path the run was read from ("" for built-in runs);
	// relative paths in the run are relative to its folder.
	File string `yaml:"-"`
	// Source names the run in messages: its File, or for an embedded
	// run or Parse the name given ("configs/runs/default.yaml").
	Source string `yaml:"-"`
	Line   int    `yaml:"-"`
}

// VariantSpec is one variant of a multivariant event, with its own
// openings and time control when given (else the run's).
type VariantSpec struct {
	Name        string       `yaml:"name"`
	Openings    *Openings    `yaml:"openings"`
	TimeControl *TimeControl `yaml:"time_control"`
	Line        int          `yaml:"-"`
}

// Tournament types.
const (
	RoundRobin = "round-robin"
	Gauntlet   = "gauntlet"
	SPRTTest   = "sprt"
	Swiss      = "swiss"    // Dutch-system rounds (arena/pairing)
	Knockout   = "knockout" // cutechess-cli's bracket
)

// Tournament says who plays whom.
type Tournament struct {
	Type string `yaml:"type"` // round-robin, gauntlet, sprt, swiss, knockout
	// Challenger of a gauntlet: plays every other engine; they do not
	// play each other.
	Challenger string `yaml:"challenger"`
	// Games per pairing per round (even: openings are played in
	// colour-reversed pairs). For sprt: the maximum number of games.
	Games int `yaml:"games,omitempty"`
	// Rounds: times the whole schedule repeats (default 1); for swiss the
	// number of Swiss rounds (default: ceil(log2 engines)).
	Rounds int `yaml:"rounds,omitempty"`
	// Seeds of a knockout: the first Seeds engines keep their config
	// order in the bracket, the rest are drawn with the seed (as
	// cutechess-cli's -seeds; 0: all drawn).
	Seeds int `yaml:"seeds,omitempty"`
	// Adaptive, for a round robin: after the first round, a round plays
	// only the pairings of neighbours in the ranking whose order is not
	// settled, and the run stops when every one is (or at Rounds).
	Adaptive *Adaptive `yaml:"adaptive,omitempty"`
	// Pairs, when set, are the pairings to play instead of the type's (a
	// round of a swiss or knockout, made by the event); never read from
	// YAML.
	Pairs [][2]string `yaml:"-"`
	Line  int         `yaml:"-"`
}

// Adaptive is the rule of an adaptive round robin: neighbours in the
// ranking are settled when the likelihood that the better is stronger
// (LOS, from the ratings' fit) is at least LOS.
type Adaptive struct {
	LOS float64 `yaml:"los"`
}

// DefaultAdaptiveLOS is Adaptive.LOS when the block leaves it out.
const DefaultAdaptiveLOS = 0.95

// Openings says where games start. With none of File and Plies given,
// every game starts from the variant's default (For): its built-in book
// (configs/books, made by `varena book`) or random openings; `plies: 0`
// starts every game from the variant's initial position.
type Openings struct {
	// File is a book: an EPD/FEN file, one position per line (first four
	// or six FEN fields; EPD operations after them are ignored; #
	// comments), or a PGN file whose games are played to their end or to
	// Plies plies.
	File string `yaml:"file"`
	// Format of File: epd or pgn (default: pgn for a name ending in
	// .pgn, else epd).
	Format string `yaml:"format"`
	Order  string `yaml:"order"` // sequential (default) or random (with the seed)
	// Start, with File: the book's line (1-based, after the random
	// order's shuffle) the first pair plays, as fastchess's and
	// cutechess-cli's start=: workers given the same book and seed play
	// different openings. 0 is 1.
	Start int `yaml:"start,omitempty"`
	// Plies, without File: openings are made by this many random plies
	// from the start position (0: every game from the start position).
	// With a PGN File: the plies played of each game (0: all). Nil when
	// not given: without a file, the variant's default openings (For).
	Plies *int `yaml:"plies"`
	Line  int  `yaml:"-"`
}

// Builtin reports whether the openings are the variant's default (its
// built-in book, or what For gives): no file and no plies given.
func (o Openings) Builtin() bool { return o.File == "" && o.Plies == nil }

// PlyCount returns the plies given, 0 when none were.
func (o Openings) PlyCount() int {
	if o.Plies == nil {
		return 0
	}
	return *o.Plies
}

// RandomPlies returns openings of n random plies from the start
// position (0: every game from it).
func RandomPlies(n int) Openings { return Openings{Plies: &n} }

// TimeControl limits each move: exactly one of depth, nodes, movetime or
// clock. Clock is "moves/seconds+increment", "seconds+increment" or
// "seconds" (as cutechess's tc=), e.g. "40/60+0.6", "10+0.1".
type TimeControl struct {
	Depth    int     `yaml:"depth,omitempty"`
	Nodes    int64   `yaml:"nodes,omitempty"`
	MoveTime float64 `yaml:"movetime,omitempty"` // seconds
	Clock    string  `yaml:"clock"`
	// Margin is how much longer than its time an engine may take before
	// it loses on time (seconds; 0 is none; nil when not given, and then
	// DefaultMargin for clocks and movetime).
	Margin *float64 `yaml:"margin,omitempty"`
	// StallTimeout is how long an engine under a depth or node limit may
	// think before it is taken for stalled and loses (seconds; default
	// DefaultStallTimeout).
	StallTimeout float64 `yaml:"stall_timeout,omitempty"`
	Line         int     `yaml:"-"`

	// Parsed from Clock by validation.
	Moves     int           `yaml:"-"` // moves per period, 0: whole game
	Base      time.Duration `yaml:"-"`
	Increment time.Duration `yaml:"-"`
}

// Adjudication ends games early. Zero values switch a rule off.
type Adjudication struct {
	MaxPlies int       `yaml:"max_plies"` // draw after this many plies
	Draw     *DrawRule `yaml:"draw"`
	Resign   *Resign   `yaml:"resign"`
	Line     int       `yaml:"-"`
}

// DrawRule: draw when both engines report |score| <= Score centipawns for
// Moves consecutive moves each, from move number MoveNumber on.
type DrawRule struct {
	MoveNumber int `yaml:"move_number"`
	Moves      int `yaml:"moves"`
	Score      int `yaml:"score"`
	Line       int `yaml:"-"`
}

// Resign: a side loses when both engines agree it is losing by at least
// Score centipawns for Moves consecutive moves each.
type Resign struct {
	Moves int `yaml:"moves"`
	Score int `yaml:"score"`
	Line  int `yaml:"-"`
}

// SPRT parameters (fishtest's): the test stops when the log-likelihood
// ratio crosses a bound.
type SPRT struct {
	Elo0  float64 `yaml:"elo0"`
	Elo1  float64 `yaml:"elo1"`
	Alpha float64 `yaml:"alpha,omitempty"` // default 0.05
	Beta  float64 `yaml:"beta,omitempty"`  // default 0.05
	Model string  `yaml:"model"`           // normalized (default) or logistic
	// PerVariant runs one test per variant of `variants:` (a regression
	// matrix): each stops on its own decision, its games left unplayed,
	// so the workers go to the variants still undecided; tournament.games
	// caps each variant's games.
	PerVariant bool `yaml:"per_variant,omitempty"`
	Line       int  `yaml:"-"`
}

// Engine kinds.
const (
	KindAlphaBeta = "alphabeta"
	KindRandom    = "random"
	KindGreedy    = "greedy"
	KindUCI       = "uci"
	KindXboard    = "xboard"
	KindUSI       = "usi"
	KindUCCI      = "ucci"
)

// External reports whether the engine is a program varena runs and talks
// to over a protocol: kind uci, xboard, usi or ucci.
func (e *Engine) External() bool {
	switch e.Kind {
	case KindUCI, KindXboard, KindUSI, KindUCCI:
		return true
	}
	return false
}

// Engine is one player of the tournament.
type Engine struct {
	Name string `yaml:"name"` // unique in the run
	Kind string `yaml:"kind"` // alphabeta, random, greedy, uci, xboard, usi, ucci

	// Built-in engines. Weights maps a variant name to a weights file
	// (default: the embedded engines/search/weights/<variant>.yaml).
	Weights map[string]string `yaml:"weights"`
	Hash    int               `yaml:"hash,omitempty"` // MB, alphabeta (default 16)
	// Threads is an alphabeta engine's search threads (default 1): a
	// parallel search sharing the hash, as `varena uci`'s Threads.
	Threads int    `yaml:"threads,omitempty"`
	Seed    uint64 `yaml:"seed,omitempty"` // random and greedy (default: the run's seed)

	// External engines (uci, xboard, usi, ucci).
	Command string   `yaml:"command"`
	Args    []string `yaml:"args"`
	Dir     string   `yaml:"dir"`
	// Options are the UCI options to set (xboard: the engine's option
	// features, and memory and cores); for alphabeta, the search
	// parameters by name (`varena uci` lists them as spin options).
	Options map[string]string `yaml:"options"`
	// VariantNames maps our variant names to the engine's UCI_Variant
	// values (xboard: its variants feature's names) where they differ (Fairy-Stockfish: losalamos-bunkers has no
	// equivalent; extinction is extinction).
	VariantNames map[string]string `yaml:"variant_names"`
	// Restart: "on-crash" (default: a crashed engine is restarted for the
	// next game) or "always" (a fresh process for every game).
	Restart string `yaml:"restart"`
	// History is what the "position" command carries: "game" (default:
	// the start position and every move, as cutechess-cli and fastchess
	// send it) or "reversible" (the position after the last capture or
	// pawn move as a FEN, and the moves since: all that repetition and
	// the 50-move rule need, and far less for the engine to replay) or
	// "none" (the current position as a FEN, without moves: for an
	// engine whose move notation differs from ours, at the price of the
	// repetitions it cannot see).
	History string `yaml:"history"`

	// Variants the engine plays (empty: all it can) and declines.
	Plays    []string `yaml:"plays"`
	Declines []string `yaml:"declines"`

	// Ponder (UCI and xboard engines): the engine thinks on the
	// opponent's time, told "go ponder" on the move it expects, as
	// cutechess-cli's ponder (xboard: "hard").
	Ponder bool `yaml:"ponder,omitempty"`

	TimeControl *TimeControl `yaml:"time_control"` // overrides the run's
	Line        int          `yaml:"-"`
}
