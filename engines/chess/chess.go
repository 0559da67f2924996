package chess

import (
	"fmt"
	"strings"

	"varena/engines"
)

// StartFEN is the orthodox initial position (Chess960 number 518).
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Standard is orthodox chess.
var Standard = mustVariant(engines.Variant{Name: "standard", Aliases: []string{"chess"}})

// Chess960 is Fischer Random Chess: the back ranks shuffled (one of 960
// start positions, see StartPosition960), castling to the orthodox
// squares from wherever king and rook stand.
var Chess960 = mustVariant(engines.Variant{Name: "fischerandom", Aliases: []string{"chess960"}, Chess960: true})

// mustVariant completes the rules both variants share.
func mustVariant(v engines.Variant) *engines.Variant {
	g, err := engines.NewGeometry(8, 8)
	if err != nil {
		panic(err) // the description is a constant: a failure is a bug here
	}
	v.Geometry = g
	v.StartFEN = StartFEN
	v.Pieces = []engines.PieceType{engines.King, engines.Queen, engines.Rook, engines.Bishop, engines.Knight, engines.Pawn}
	v.Promotions = []engines.PieceType{engines.Queen, engines.Rook, engines.Bishop, engines.Knight}
	v.Check, v.Orthodox, v.InsufficientMaterial = true, true, true
	v.Castling, v.DoubleStep, v.EnPassant = true, true, true
	nv, err := engines.NewVariant(v)
	if err != nil {
		panic(err)
	}
	return nv
}

// knightPlaces lists, for the Scharnagl number's knight digit 0-9, the two
// of the five squares left after the bishops and queen that the knights
// take, in file order.
var knightPlaces = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// BackRank960 returns the white back rank of Chess960 start position n
// (0-959) in Scharnagl's numbering, as piece letters from the a-file:
// 518 is RNBQKBNR.
func BackRank960(n int) (string, error) {
	if n < 0 || n > 959 {
		return "", fmt.Errorf("Chess960 position %d: want a number from 0 to 959", n)
	}
	var rank [8]byte
	rank[n%4*2+1] = 'B' // light-squared bishop: b, d, f or h
	n /= 4
	rank[n%4*2] = 'B' // dark-squared bishop: a, c, e or g
	n /= 4
	place := func(i int, piece byte) { // on the i-th empty square
		for f := range rank {
			if rank[f] == 0 {
				if i == 0 {
					rank[f] = piece
					return
				}
				i--
			}
		}
	}
	place(n%6, 'Q')
	n /= 6
	k := knightPlaces[n]
	place(k[1], 'N') // the later square first: placing one shifts the indices after it
	place(k[0], 'N')
	place(0, 'R')
	place(0, 'K')
	place(0, 'R')
	return string(rank[:]), nil
}

// StartFEN960 returns the FEN of Chess960 start position n (0-959), with
// Shredder-FEN castling rights (HAha for 518), which every Chess960 program
// reads.
func StartFEN960(n int) (string, error) {
	back, err := BackRank960(n)
	if err != nil {
		return "", err
	}
	var rights strings.Builder
	for _, lower := range []bool{false, true} {
		for f := len(back) - 1; f >= 0; f-- {
			if back[f] == 'R' {
				c := byte('A' + f)
				if lower {
					c += 'a' - 'A'
				}
				rights.WriteByte(c)
			}
		}
	}
	return fmt.Sprintf("%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s - 0 1", strings.ToLower(back), back, rights.String()), nil
}

// StartPosition960 returns Chess960 start position n (0-959).
func StartPosition960(n int) (engines.Position, error) {
	fen, err := StartFEN960(n)
	if err != nil {
		return engines.Position{}, err
	}
	return engines.ParseFEN(Chess960, fen)
}
