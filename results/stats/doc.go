// Package stats computes the statistics of engine-vs-engine tournaments:
// Elo estimates with confidence intervals, the sequential probability
// ratio test (SPRT) used to stop a match early, and maximum-likelihood
// ratings of a whole pool of players.
//
// Everything here is a small pure function or value type; nothing does I/O
// except [Table.Write].
//
// # Results of one match
//
// The outcome of a match between two engines is kept either as game
// counts, [WDL] (wins, draws, losses of the first engine), or as
// pentanomial counts of colour-reversed game pairs, [Penta] (pairs scoring
// 0, ½, 1, 1½ and 2 points for the first engine). Both implement
// [Outcomes]. Pairs played from the same opening with colours reversed are
// strongly correlated, so the pentanomial variance is the honest one when
// games are paired; the trinomial (WDL) variance treats games as
// independent.
//
// [Summarize] gives the score, the logistic Elo difference, the
// normalized Elo (nElo) and the likelihood of superiority (LOS), each Elo
// with a 95% interval:
//
//   - Elo(s) = -400·log10(1/s - 1), the logistic model in which a player
//     rated d points higher is expected to score 1/(1+10^(-d/400));
//   - the interval is the likelihood-ratio interval of the expected
//     score: the scores μ whose most likely distribution of outcomes
//     (the one the SPRT compares with) has a deviance from the observed
//     frequencies of at most 1.96², mapped through Elo. On hundreds of
//     games or more it is the normal interval s ± 1.96·σ/√N that
//     fishtest's stat_util.get_elo and fastchess's EloWDL/EloPentanomial
//     print, to a few hundredths of an Elo point; on a few games it stays
//     wide where the normal one, with the spread σ taken from a handful
//     of equal results, is not (one pair [0, 0, 1, 0, 0]: ±441, not ±34);
//   - nElo = (s - ½)/σ_g · 800/ln 10, where σ_g is the standard deviation of
//     one game's score (σ_g = √2·σ_pair for pairs); nElo measures how
//     quickly a test can tell the engines apart and does not depend on the
//     draw rate the way logistic Elo does. Each end of its interval takes
//     σ_g from the distribution at that end of the score's interval, so it
//     counts the uncertainty of σ that fishtest's and fastchess's
//     intervals leave out (on even matches a few percent wider than
//     theirs; on 34-0-356, ±110 where they print ±34);
//   - LOS = Φ(±√D), D the deviance of an even score, the likelihood-ratio
//     form of Φ((s - ½)/(σ/√N)).
//
// As in fishtest, an outcome that never occurred is counted as 0.001 of an
// occurrence before means and variances are taken (regularization), so all
// wins, all draws and all losses still give finite numbers, and Elo is
// clamped to the scores [0.001, 0.999], i.e. to about ±1200. No games at
// all gives [ErrNoGames].
//
// # SPRT
//
// [SPRT] holds the hypotheses H0: elo = Elo0 and H1: elo = Elo1, the error
// rates Alpha and Beta and the [EloModel] (logistic or normalized Elo).
// [SPRT.LLR] is the generalized log-likelihood ratio (GSPRT) that fishtest
// and fastchess compute: for each hypothesis, the multinomial distribution
// closest (maximum likelihood) to the observed frequencies among those
// whose expected score (logistic) or normalized t-value (normalized) meets
// the hypothesis, and LLR = N·Σ p̂ᵢ·ln(p1ᵢ/p0ᵢ). [SPRT.LLRApprox] is the
// closed-form approximation of the same quantity (Van den Bergh,
// "GSPRT approximation", as in c-chess-cli's sprt.c and fishtest's
// LLR_alt2 / LLR_normalized_alt). On real tests of thousands of games the
// two agree to a few hundredths; they part in lopsided or degenerate
// samples (all draws, all wins). In the normalized model the constrained
// maximum is found with fishtest's fixed-point iteration, so the LLR is
// fishtest's, even in such degenerate samples where the iteration may
// settle on a local rather than the global maximum. The test stops when
// the LLR leaves (ln(β/(1-α)), ln((1-β)/α)): below accepts H0, above
// accepts H1. Fishtest's dynamic overshoot correction of the bounds is not
// modelled.
//
// # Ratings of a pool
//
// [RateList] (and [Rate], [RateGames], [RateMatchups] for the table
// alone) fits the Bradley–Terry (logistic Elo) model to all games of a
// tournament by maximum likelihood, counting a draw as half a win and
// half a loss, with gonum's Newton method. [Anchor]s fix players at given
// ratings, one or several (the others are fitted around them); without
// anchors the mean rating is a given value. To keep players with a 100%
// or 0% score finite, every player is given virtual draws (one by
// default) against an opponent rated at the average of the pool (see
// [RatingOptions.PriorDraws]), in the spirit of BayesElo's prior of
// virtual draws; with thousands of games its effect is a fraction of an
// Elo point.
//
// The 95% errors, and the LOS matrix between every two players, come from
// one of two sources. By default, the inverse of the observed information
// (the Hessian of the log-likelihood): a normal approximation that counts
// each game as a win or a loss, so it overstates the spread of drawish
// games and of colour-reversed pairs, whose two games pull against each
// other. With [RatingOptions.Bootstrap] replicates: a stratified
// bootstrap that resamples, within each pairing of two players, its
// colour-reversed pairs (and its games in no pair) and fits again, with
// two corrections for small pairings (Rao and Wu's rescaling, and the
// spread of one virtual pair, so that a pairing whose pairs all ended
// alike still varies); the errors are the 2.5% and
// 97.5% quantiles and the LOS the share of replicates that rate one
// player above the other. Simulated lists of known ratings (calibration
// in docs/statistics.md) find the bootstrap's 95% intervals holding the
// truth 95.4% of the time (93.7-96.6% by kind of list), the Hessian's
// 97.6% (99.4% with many draws: too wide, never too narrow there).
//
// [GauntletOf] is the table of one base player against each opponent,
// from their own games, with the pentanomial intervals of [Summarize].
package stats
