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
