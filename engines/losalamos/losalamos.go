package losalamos

import "varena/engines"

// StartFEN is the Los Alamos initial position with empty bunkers.
const StartFEN = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - - 0 1"

// NoBunkersStartFEN is the Los Alamos initial position.
const NoBunkersStartFEN = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"

var (
	// Variant is Los Alamos Extinction Chess with Bunkers.
	Variant = mustVariant("losalamos-bunkers", StartFEN,
		engines.Rect{File: 2, Rank: 0, Files: 2, Ranks: 2}, // White's bunker, under c1 d1 c2 d2
		engines.Rect{File: 2, Rank: 4, Files: 2, Ranks: 2}) // Black's bunker, under c5 d5 c6 d6
	// NoBunkers is Los Alamos chess with extinction rules and no bunkers,
	// the variant losalamos-extinction (Fairy-Stockfish's name for it):
	// the one 6x6 variant an outside engine plays.
	NoBunkers = mustVariant("losalamos-extinction", NoBunkersStartFEN)
)

func mustVariant(name, fen string, bunkers ...engines.Rect) *engines.Variant {
	g, err := engines.NewGeometry(6, 6, bunkers...)
	if err != nil {
		panic(err) // the description is a constant: a failure is a bug here
	}
	all := []engines.PieceType{engines.King, engines.Queen, engines.Rook, engines.Knight, engines.Pawn}
	v, err := engines.NewVariant(engines.Variant{
		Name:       name,
		Geometry:   g,
		StartFEN:   fen,
		Pieces:     all,
		Species:    all,
		Promotions: []engines.PieceType{engines.Queen, engines.Rook, engines.Knight, engines.King},
	})
	if err != nil {
		panic(err)
	}
	return v
}
