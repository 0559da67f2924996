// Package configs reads varena's YAML files and embeds the built-in ones
// (the default evaluation weights of each variant live with their parser,
// in engines/search/weights/): the example runs (runs/*.yaml, runs/default.yaml being what `varena run`
// plays without a file), opening books (openings/*.epd) and the built-in
// book of each variant (books/<variant>.epd, made by `varena book`: the
// openings of a run that names neither a file nor plies). Embedding them
// makes `go run ./cmd/varena run` work from any directory with nothing to
// install.
//
// A run file describes one tournament (type Run); runs/default.yaml
// explains every key. Load and Parse decode it strictly (an unknown key
// is an error), check every value, and report all problems at once, one
// per line, as "FILE:LINE: what is wrong". They then fill in the
// defaults, so the rest of varena never sees a zero value that means
// "default":
//
//	tournament.type     round-robin
//	tournament.games    2 (sprt: 20000, the maximum)
//	tournament.rounds   1
//	openings            the variant's built-in book (no file, no plies)
//	openings.order      sequential
//	openings.format     epd (pgn for a file named *.pgn)
//	openings.start      1 (with a file)
//	variant_schedule    all (runs with several variants)
//	sprt alpha, beta    0.05, model normalized
//	engine hash         16 MB (alphabeta)
//	engine restart      on-crash (uci)
//	engine history      game (uci)
//	time_control.margin 1 s (clock and movetime)
//	name                the file name without its extension
//
// Where a zero could only mean "not given" (games, rounds, hash, depth),
// an explicit 0 is refused with the default named. Where 0 is a value of
// its own, it is kept apart from an absent key: "margin: 0" is no margin
// at all, and "openings: {plies: 0}" plays every game from the initial
// position, where openings without file and plies play the built-in book.
//
// The package imports of varena only engines/yamlfile and
// engines/variants (the Set a variant_file loads), and nothing of
// engines imports it; the variant names it accepts are passed in a
// Checker. The plan the arena plays is made from a Run by configs/plan.
package configs
