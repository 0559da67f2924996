// Package check holds the full checker of varena's config files: the
// configs.Checker that knows every playable variant, the built-in
// engine's search options and evaluation weights, and the variants of a
// run's variant_file. The command line, tuning's verify match and the
// tests take it from here, so that each checks a config as fully as the
// others. It lives apart from configs because it needs the engines,
// which configs must not import.
package check
