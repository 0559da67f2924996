// Package holdout holds the rule by which a Texel fit splits its data
// into a training and a validation set: whole games go to one side,
// chosen by a hash of the tune's seed and the game, so that about the
// configured share of the positions are held out.
//
// It is a package of its own so that the fit (tuning.Dataset.Split) and
// the tests that build data the split must send one way or the other
// (tuning/tuningtest) read the one rule.
package holdout
