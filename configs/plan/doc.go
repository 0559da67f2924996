// Package plan resolves a checked run config (configs.Run) once into a
// plain value, the Plan, that the arena plays: the variants as
// *engines.Variant values, each engine's entry with its limit in every
// variant and its weights as bytes, the openings of every variant with
// their book as bytes, the variants.ini as bytes, each file's hash, and
// the run's other settings with their defaults applied.
//
// Every file a run names is read here and only here, so that what the
// run's fingerprint hashes is what the games are played with. The arena,
// tuning and the commands take a Plan; nothing after Resolve looks a
// value up in the config by name or reads a file the config names.
//
// Adding a variant or an engine protocol to the plan is one field of
// Variant or Engine, filled in Resolve.
package plan
