// Package tuningtest holds what the tests of several packages share
// about the Texel fit: data whose validation split is known in advance,
// so that a test of what follows a fit (a rejected fit, here) holds by
// construction rather than by the games datagen played that day.
package tuningtest
