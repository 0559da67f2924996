// Package variants lists the variants varena plays, in one place.
//
// The built-ins are fixed data: varena's own (All) and Fairy-Stockfish's
// built-in variants that engines/fairy describes, lowered the first time
// they are asked for (ByName, Names, Playable).
//
// A variants.ini's sections are a Set's (LoadSet, ParseSet): a value
// that a run (configs.Run.VariantSet), a command (-variant-file), an
// engine server or a referee (results/rules.Referee) holds, never
// process state. Two files that define the same section name with other
// rules are then two Sets, each used by its own run in one process.
package variants
