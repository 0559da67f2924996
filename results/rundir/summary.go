package rundir

import (
	"varena/results/stats"
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
	// Shard and Shards say which shard of the schedule the directory
	// plays (run -shard 2/4); 0 for the whole. An SPRT counts a shard's
	// pairs in its own order (Shard, Shard+Shards, ...), so that a report
	// of the shard's journal counts them as the run did.
	Shard  int `json:"shard,omitempty"`
	Shards int `json:"shards,omitempty"`
	// Matrix lists the variants of a per-variant SPRT (sprt.per_variant)
	// in the schedule's order: pair p plays Matrix[(p-1) mod len]. Each
	// has its own test (Summary.Matrix). LeftOut gives, for each variant
	// of the run left out of it, why (an engine does not play it).
	Matrix  []string          `json:"matrix,omitempty"`
	LeftOut map[string]string `json:"left_out,omitempty"`
	// VariantFile is the absolute path of the run's variants.ini, so
	// that rate, report and serve of the directory know its variants
	// without being told again. The fingerprint holds its content's
	// hash ("variant file"), not the path: a file moved resumes.
	VariantFile string `json:"variant_file,omitempty"`
	// Settings fingerprints everything that changes what a game is
	// (see fingerprint): a resume with other settings is refused, naming
	// each difference. Absent in the meta.json of older versions.
	Settings map[string]string `json:"settings,omitempty"`
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
	// ByVariant splits WDL by variant (multivariant runs).
	ByVariant map[string]stats.WDL `json:"by_variant,omitempty"`
	// Text is the Elo as every view writes it (EloText).
	Text PairingText `json:"text"`
}

// Standing is a row of the final standings: total score, then the
// tie-breaks Sonneborn-Berger (the sum, over opponents, of the points
// scored against each times that opponent's total) and direct encounter
// (points scored against the players tied on points and Sonneborn-Berger).
// Summary.RankedBy says which order the rows follow; a gauntlet has no
// Sonneborn-Berger or direct encounter (0).
type Standing struct {
	Rank            int     `json:"rank"`
	Name            string  `json:"name"`
	Points          float64 `json:"points"`
	Games           int     `json:"games"`
	Score           float64 `json:"score"` // points per game
	SonnebornBerger float64 `json:"sonneborn_berger"`
	Direct          float64 `json:"direct_encounter"`
}

// Summary is the machine-readable result of a run (summary.json).
type Summary struct {
	Meta      Meta        `json:"meta"`
	Played    int         `json:"played"`
	Standings []Standing  `json:"standings"`
	RankedBy  string      `json:"ranked_by,omitempty"` // RankByPoints or RankByScore
	Ratings   stats.Table `json:"ratings"`
	// PriorDraws is the number of virtual draws each player has in the
	// ratings (stats.RatingOptions), which pull them toward the pool's
	// average; a pairing's Elo is from its games alone.
	PriorDraws float64 `json:"prior_draws,omitempty"`
	// RatingErrors says where the errors of Ratings and the LOS matrix
	// come from: stats.ErrorsHessian, or stats.ErrorsBootstrap with
	// Bootstrap replicates from BootstrapSeed. VariantRatings' errors
	// are the Hessian's.
	RatingErrors  string `json:"rating_errors,omitempty"`
	Bootstrap     int    `json:"bootstrap,omitempty"`
	BootstrapSeed uint64 `json:"bootstrap_seed,omitempty"`
	// LOS is the likelihood of superiority between every two rated
	// players, in the order of Ratings (two or more players).
	LOS *stats.LOSMatrix `json:"los,omitempty"`
	// Gauntlet is each opponent's Elo to the gauntlet's challenger (or
	// the player rate -base names), from their own games.
	Gauntlet *stats.Gauntlet `json:"gauntlet,omitempty"`
	// VariantRatings are the ratings fitted on each variant's games alone
	// (multivariant runs). A variant whose ratings diverge (possible only
	// without a prior: someone won or lost all its games there) has none
	// and is listed in Divergent.
	VariantRatings map[string]stats.Table `json:"variant_ratings,omitempty"`
	Divergent      []string               `json:"divergent_variants,omitempty"`
	Pairings       []Pairing              `json:"pairings"`
	Letters        map[string]string      `json:"variant_letters,omitempty"` // variant -> crosstable letter
	SPRT           *SPRTState             `json:"sprt,omitempty"`
	// Matrix is a per-variant SPRT's table (then SPRT is nil): each
	// variant's test and the worst verdict.
	Matrix *Matrix `json:"matrix,omitempty"`
	// PastDecision counts the games of an SPRT run finished after the
	// test decided (games in flight then): they are in the journal and
	// the PGN but in no statistic here, standings and ratings included,
	// so that the result is the same whatever the concurrency. Waiting
	// counts the finished games of an undecided SPRT not counted yet
	// because an earlier pair is not finished (an interrupted run).
	PastDecision int                       `json:"past_decision,omitempty"`
	Waiting      int                       `json:"waiting,omitempty"`
	Faults       map[string]map[string]int `json:"faults,omitempty"` // engine -> termination -> count
	// Overruns are, per engine, the moves that took longer than their
	// time but not longer than the margin too: forgiven, not hidden.
	Overruns map[string]*Overruns `json:"overruns,omitempty"`
	Terms    map[string]int       `json:"terminations"`
	// Ponder is, for each engine that pondered, how often it had
	// pondered on the move its opponent played.
	Ponder map[string]PonderRate `json:"ponder,omitempty"`
	// Shard is set for a run played with -shard: which shard, and how
	// many of its own games it played; Played and the tables above are
	// this shard's, Meta.Total the whole run's.
	Shard *ShardRecord `json:"shard,omitempty"`
}

// SPRTState is where an SPRT stands.
type SPRTState struct {
	Test stats.SPRT `json:"test"`
	stats.Status
	Penta stats.Penta `json:"penta"`
	// Problem says why there is no LLR yet, in words: bounds out of reach
	// of the results so far (stats.OutOfReachError). The test continues.
	Problem string `json:"problem,omitempty"`
	// Verdict is the outcome in words: VerdictH1, VerdictH0,
	// VerdictLimit or VerdictOpen; ExitStatus is what `varena run`
	// exits with for it (0, 3, 4; an open test is no exit of its own).
	Verdict    string `json:"verdict"`
	ExitStatus int    `json:"exit_status"`
	// Estimates from the counted pairs (nil before the first pair).
	Pairs *stats.Summary `json:"pairs,omitempty"`
}

// Verdicts of an SPRT run, and the exit statuses of `varena run` that
// go with them (errors exit 1, usage errors 2).
const (
	VerdictH1    = "H1 accepted"
	VerdictH0    = "H0 accepted"
	VerdictLimit = "undecided: game limit reached"
	VerdictOpen  = "undecided: not finished"

	ExitH1    = 0
	ExitH0    = 3
	ExitLimit = 4
)
