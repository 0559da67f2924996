// Package configtest holds what the tests of several packages share
// about run configs: a small run of the three kinds of built-in engine,
// and the parse of a config given as text.
package configtest
