// Package tuning fits and tunes the engines' numbers.
//
// # Data and the Texel fit
//
// Datagen plays self-play games with the built-in searcher and writes
// labelled quiet positions, one a line in an EPD-like text format that
// other tuners read:
//
//	<placement> <side> <castling> <ep> hmvc 3; fmvn 40; c9 "1-0"; ce 35; ply 78; game 12;
//
// The four FEN fields come first (Los Alamos boards carry their bunker
// ranks after a '|', as everywhere in varena; a variant that counts
// checks adds the checks left, W+B, as in its FEN); then EPD operations: hmvc
// and fmvn the move counters, c9 the game's result from White's view
// ("1-0", "0-1", "1/2-1/2"), ce the search score in centipawns from the
// side to move's view (as EPD defines ce), ply the plies played before
// the position and game the game's number in the file. Only c9 is needed
// to read a line; unknown operations are ignored.
//
// MakeBook (`varena book`) writes opening books in the same form: random
// openings scored by the built-in engine, kept when the score from
// White's view lies in a window, each line with ce and the candidate's
// number as id (docs/openings.md).
//
// The Texel fit (Fit) minimises the mean squared error between each
// position's result and sigmoid(K * eval / 400), eval the evaluation
// from White's view, first over K alone and then over the weights with
// gonum's L-BFGS and the analytic gradient. The evaluation is linear in
// its weights, so each position's sparse feature vector is computed once
// and stored in flat arrays (texel-tuner style); the loss and gradient sum
// is split over goroutines with a gradient buffer each.
//
// # SPSA over games
//
// RunSPSA is simultaneous perturbation stochastic approximation as
// fishtest runs it, for what a static fit cannot reach: the search
// parameters of the built-in engine (and, by name, its evaluation
// weights) and the UCI spin options of any engine. GamePairs plays its
// pairs through the arena's game loop (arena.PlayGame): theta+ against
// theta-, or, with an opponent, theta+ and theta- each a pair against it
// (four games; a game counts as a win when theta+ wins or theta- loses).
// Each parameter has a start value, a range [min, max], and c_end and
// r_end: the perturbation and the learning rate it has at the last of
// the N iterations. With alpha = 0.602, gamma = 0.101 and A = 0.1 N
// (the defaults), the gains are derived from them as fishtest does:
//
//	c   = c_end * N^gamma              c_k = c / k^gamma       (c_N = c_end)
//	a   = r_end * c_end^2 * (A+N)^alpha a_k = a / (A+k)^alpha   (a_N = r_end c_end^2)
//	R_k = a_k / c_k^2
//
// Iteration k (1..N) draws flip_i = +1 or -1 for every parameter (from the
// seed and k alone), plays one game pair, the same opening with colours
// reversed, between theta+ = theta + c_k flip and theta- = theta - c_k flip
// (each clamped to [min, max]; rounded to integers for integer
// parameters such as UCI spin options), and moves
//
//	theta_i += R_k * c_k * result * flip_i   (= a_k * result * flip_i / c_k)
//
// clamped to [min, max], where result is the wins minus the losses of
// theta+ in the pair (-2..2). Several pairs are in flight over the
// workers (concurrency); each uses the theta of when it started and is
// applied with the gains of its own k when it finishes, as fishtest
// applies a worker's batch. (fishtest numbers an iteration by the pairs
// finished when it is handed out, so pairs in flight may share a k; here
// every iteration has its own k, the journal's key.) With one worker a
// run is reproducible from its seed.
//
// The output directory holds meta.json (the config's fingerprint: a
// changed config is refused), spsa.jsonl (one line per finished
// iteration: k, flips, theta+, theta-, wins, draws, losses, result, theta
// after, the games; the source of truth, resumed after a kill),
// trajectory.csv (k, result and theta per iteration) and games.pgn;
// WriteSPSAFinal adds the final values as a run config's engine entry
// (final.yaml), as setoption lines (final.uci) and, for tuned evaluation
// weights, as a weights file (final-weights.yaml).
package tuning
