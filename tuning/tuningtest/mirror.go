package tuningtest

import (
	"errors"
	"fmt"
	"strings"

	"varena/tuning/holdout"
)

// MirrorHeldOut rewrites datagen's text (the first data file of a tune
// config) so that each position is in it twice: with its result under a
// game number the split of seed and share trains on, and with the result
// reversed under one it holds out. A fit on it without l2 gets worse on
// the validation set exactly as it gets better on the training set: its
// validation loss rises.
func MirrorHeldOut(text string, seed uint64, share float64) (string, error) {
	reversed := map[string]string{`"1-0"`: `"0-1"`, `"0-1"`: `"1-0"`, `"1/2-1/2"`: `"1/2-1/2"`}
	next := 1
	number := func(held bool) int { // the next game number on the side held
		for ; holdout.Held(holdout.Group(0, next, 0), share, seed) != held; next++ {
		}
		next++
		return next - 1
	}
	var train, valid strings.Builder
	games := map[string][2]int{}
	decisive := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		i := strings.Index(line, " game ")
		if i < 0 {
			continue
		}
		game := line[i+len(" game "):]
		g, ok := games[game]
		if !ok {
			g = [2]int{number(false), number(true)}
			games[game] = g
		}
		fields := strings.SplitAfter(line[:i], "; ")
		for k, f := range fields {
			if r, ok := strings.CutPrefix(f, "c9 "); ok {
				r = strings.TrimSuffix(r, "; ")
				if _, known := reversed[r]; !known {
					return "", fmt.Errorf("mirror held out: result %s in line %q", r, strings.TrimSpace(line))
				}
				if r != `"1/2-1/2"` {
					decisive++
				}
				fields[k] = "c9 " + reversed[r] + "; "
			}
		}
		fmt.Fprintf(&train, "%s game %d;\n", line[:i], g[0])
		fmt.Fprintf(&valid, "%s game %d;\n", strings.Join(fields, ""), g[1])
	}
	if decisive == 0 {
		return "", errors.New("mirror held out: no datagen line with a game number and a decisive result")
	}
	return train.String() + valid.String(), nil
}
