// Package evolution describes Evolution Chess (Jason D. Wittman, 2001):
// knights on a 7x6 board that evolve N -> B -> R -> Q each time they move;
// orthodox check, checkmate and stalemate.
package evolution

import "varena/engines"

// StartFEN is the initial position.
const StartFEN = "NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/KNN1nnn w - - 0 1"

// Variant is Evolution Chess.
var Variant = mustVariant()

func mustVariant() *engines.Variant {
	g, err := engines.NewGeometry(7, 6)
	if err != nil {
		panic(err) // the description is a constant: a failure is a bug here
	}
	v, err := engines.NewVariant(engines.Variant{
		Name:          "evolution",
		Geometry:      g,
		StartFEN:      StartFEN,
		Pieces:        []engines.PieceType{engines.King, engines.Queen, engines.Rook, engines.Bishop, engines.Knight},
		Check:         true,
		Evolution:     true,
		BareKingsDraw: true,
	})
	if err != nil {
		panic(err)
	}
	return v
}
