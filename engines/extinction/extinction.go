package extinction

import "varena/engines"

// StartFEN is the orthodox initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Variant is Extinction Chess.
var Variant = mustVariant()

func mustVariant() *engines.Variant {
	g, err := engines.NewGeometry(8, 8)
	if err != nil {
		panic(err) // the description is a constant: a failure is a bug here
	}
	all := []engines.PieceType{engines.King, engines.Queen, engines.Rook, engines.Bishop, engines.Knight, engines.Pawn}
	v, err := engines.NewVariant(engines.Variant{
		Name:       "extinction",
		Geometry:   g,
		StartFEN:   StartFEN,
		Pieces:     all,
		Species:    all,
		Promotions: []engines.PieceType{engines.Queen, engines.Rook, engines.Bishop, engines.Knight, engines.King},
		Castling:   true,
		DoubleStep: true,
		EnPassant:  true,
	})
	if err != nil {
		panic(err)
	}
	return v
}
