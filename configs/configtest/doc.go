// Package configtest holds what the tests of several packages share
// about run configs: a small run of the three kinds of built-in engine,
// a variants.ini with pieces of its own on a 7x7 board, and the parse of
// a config given as text.
package configtest
