package engines_test

import (
	"testing"

	"varena/engines"
)

// Atom sets of the fairy pieces the tests use, expanded by hand from
// their Betza names as the variants.ini parser does.

// sym returns the atoms of step (dx, dy) in every direction the board's
// symmetries give (8 for a knight, 4 for a wazir or fers).
func sym(dx, dy, rng int) []engines.Atom {
	var out []engines.Atom
	seen := map[[2]int]bool{}
	for _, s := range [][2]int{{dx, dy}, {dy, dx}} {
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				st := [2]int{s[0] * sx, s[1] * sy}
				if !seen[st] {
					seen[st] = true
					out = append(out, engines.Atom{DX: st[0], DY: st[1], Range: rng, Move: true, Capture: true})
				}
			}
		}
	}
	return out
}

// keep returns the atoms for which f holds (a direction filter: f, b, s).
func keep(as []engines.Atom, f func(a engines.Atom) bool) []engines.Atom {
	var out []engines.Atom
	for _, a := range as {
		if f(a) {
			out = append(out, a)
		}
	}
	return out
}

func forward(a engines.Atom) bool { return a.DY > 0 }

// moveOnly and captureOnly are Betza's m and c.
func moveOnly(as []engines.Atom) []engines.Atom {
	out := append([]engines.Atom(nil), as...)
	for i := range out {
		out[i].Capture = false
	}
	return out
}

func captureOnly(as []engines.Atom) []engines.Atom {
	out := append([]engines.Atom(nil), as...)
	for i := range out {
		out[i].Move = false
	}
	return out
}

func cat(as ...[]engines.Atom) []engines.Atom {
	var out []engines.Atom
	for _, a := range as {
		out = append(out, a...)
	}
	return out
}

var (
	atW = sym(1, 0, 1)
	atF = sym(1, 1, 1)
	atA = sym(2, 2, 1)
	atD = sym(2, 0, 1)
	atN = sym(1, 2, 1)
	atR = sym(1, 0, 0)
	atB = sym(1, 1, 0)
	atK = cat(atW, atF)
)

// fairyPieces are the pieces of the tests, by name.
var fairyPieces = map[string][]engines.Atom{
	"fers":         atF,
	"wazir":        atW,
	"alfil":        atA,
	"dabbaba":      atD,
	"commoner":     atK,
	"archbishop":   cat(atB, atN),
	"chancellor":   cat(atR, atN),
	"amazon":       cat(atR, atB, atN),
	"silver":       cat(atF, keep(atW, forward)),
	"gold":         cat(atW, keep(atF, forward)),
	"nightrider":   sym(1, 2, 0),
	"mWcF":         cat(moveOnly(atW), captureOnly(atF)),
	"rook2":        sym(1, 0, 2),
	"knibis":       cat(moveOnly(atN), captureOnly(atB)),
	"rookni":       cat(moveOnly(atR), captureOnly(atN)),
	"lance":        keep(atR, func(a engines.Atom) bool { return a.DX == 0 && a.DY > 0 }),
	"centaur":      cat(atK, atN),
	"dragonHorse":  cat(atB, atW),
	"shogiKnight":  keep(atN, func(a engines.Atom) bool { return a.DY == 2 }),
	"soldier":      keep(atW, func(a engines.Atom) bool { return a.DY >= 0 }),
	"breakthrough": cat(moveOnly(keep(atW, func(a engines.Atom) bool { return a.DY > 0 })), keep(atF, forward)),
	"clobber":      captureOnly(atW),
	"bers":         cat(atR, atF),
}

func fairy(name string, letter byte) engines.FairyPiece {
	return engines.FairyPiece{Name: name, Letter: letter, Atoms: fairyPieces[name]}
}

// ft is the type of the i-th fairy piece.
func ft(i int) engines.PieceType { return engines.FirstFairy + engines.PieceType(i) }

func mustGeometry(t testing.TB, files, ranks int) *engines.Geometry {
	g, err := engines.NewGeometry(files, ranks)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// fairyVariants builds the variants of testdata/fairy/fairy.ini, by name.
func fairyVariants(t testing.TB) map[string]*engines.Variant {
	P, N, B, R, K := engines.Pawn, engines.Knight, engines.Bishop, engines.Rook, engines.King
	descs := []engines.Variant{{
		Name: "fairy-amazon", Geometry: mustGeometry(t, 8, 8),
		StartFEN: "rhbakbco/pppppppp/8/8/8/8/PPPPPPPP/RHBAKBCO w - - 0 1",
		Pieces:   []engines.PieceType{P, B, R, K},
		Fairy:    []engines.FairyPiece{fairy("amazon", 'A'), fairy("archbishop", 'H'), fairy("chancellor", 'C'), fairy("rookni", 'O')},
		// Generation order: the amazon first, as a queen would be.
		Promotions: []engines.PieceType{ft(0), ft(1), ft(2), R, B, ft(3)},
		Check:      true, DoubleStep: true, EnPassant: true,
	}, {
		Name: "fairy-shatranj", Geometry: mustGeometry(t, 8, 8),
		StartFEN:   "rnafkanr/pppppppp/8/8/8/8/PPPPPPPP/RNAFKANR w - - 0 1",
		Pieces:     []engines.PieceType{P, N, R, K},
		Fairy:      []engines.FairyPiece{fairy("fers", 'F'), fairy("alfil", 'A')},
		Promotions: []engines.PieceType{ft(0)},
		Check:      true,
	}, {
		Name: "fairy-makruk", Geometry: mustGeometry(t, 8, 8),
		StartFEN:   "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
		Pieces:     []engines.PieceType{P, N, R, K},
		Fairy:      []engines.FairyPiece{fairy("silver", 'S'), fairy("fers", 'M')},
		Promotions: []engines.PieceType{ft(1)},
		Check:      true,
	}, {
		Name: "fairy-mini", Geometry: mustGeometry(t, 6, 6),
		StartFEN: "ilmkwg/pppppp/6/6/PPPPPP/GWKMLI w - - 0 1",
		Pieces:   []engines.PieceType{P, K},
		Fairy: []engines.FairyPiece{fairy("gold", 'G'), fairy("wazir", 'W'), fairy("commoner", 'M'),
			fairy("knibis", 'I'), fairy("lance", 'L')},
		Promotions: []engines.PieceType{ft(0), ft(2), ft(3)},
		Check:      true, DoubleStep: true, EnPassant: true,
	}, {
		Name: "fairy-seven", Geometry: mustGeometry(t, 7, 7),
		StartFEN: "chjkejc/sttxtts/7/7/7/STTXTTS/CJEKJHC w - - 0 1",
		Pieces:   []engines.PieceType{K},
		Fairy: []engines.FairyPiece{fairy("centaur", 'C'), fairy("dragonHorse", 'H'), fairy("shogiKnight", 'J'),
			fairy("soldier", 'S'), fairy("breakthrough", 'T'), fairy("clobber", 'X'), fairy("bers", 'E')},
		Check: true,
	}}
	out := map[string]*engines.Variant{}
	for _, d := range descs {
		v, err := engines.NewVariant(d)
		if err != nil {
			t.Fatal(err)
		}
		out[v.Name] = v
	}
	return out
}
