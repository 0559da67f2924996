// Command testengine is varena's UCI server as a program of its own, for
// the tests of the UCI client (engines/uci) and of the arena, independent
// of the varena command table:
//
//	testengine [-variant NAME] [-hash MB] [-weights FILE]
//
// It is what `varena uci` runs.
package main
