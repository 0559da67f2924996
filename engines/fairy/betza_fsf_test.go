package fairy

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestBetzaAgainstFSF compares, for every named piece type 11.1 has and
// the engine can play, the targets its atoms give with the moves
// Fairy-Stockfish generates: the piece alone on d4 (its moves) and on d4
// with every other square held by immobile enemy pieces (its captures),
// for White and, turned by half a turn, for Black.
func TestBetzaAgainstFSF(t *testing.T) {
	if testing.Short() {
		t.Skip("asks Fairy-Stockfish; skipped with -short")
	}
	var ini strings.Builder
	var keys []string
	for _, p := range pieceTypes {
		// Hoppers and lame leapers are checked by engines/wide's perft
		// against Fairy-Stockfish, move by move.
		if p.why != "" || slices.Contains(newOnly, p.key) || p.key == "immobile" || p.key == "pawn" || strings.ContainsAny(p.betza, "pn") && p.key != "pawn" {
			continue
		}
		keys = append(keys, p.key)
		fmt.Fprintf(&ini, "[bz-%s]\n%s = a\nking = k\nimmobile = o\ncastling = false\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\n", p.key, p.key)
	}
	path := filepath.Join(t.TempDir(), "betza.ini")
	if err := os.WriteFile(path, []byte(ini.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	defs, err := Parse(strings.NewReader(ini.String()), "betza.ini")
	if err != nil {
		t.Fatal(err)
	}
	f := startFSF(t, path)
	t.Logf("%d piece types: %s", len(keys), strings.Join(keys, " "))
	for i, key := range keys {
		atoms := defs[i].Piece(key).Atoms
		for _, black := range []bool{false, true} {
			for _, full := range []bool{false, true} {
				fen, from := boardFEN(black, full)
				f.setup("bz-"+key, fen, nil)
				moves, _ := f.perft(1)
				var got []string
				for _, m := range moves {
					if strings.HasPrefix(m, from.String()) {
						got = append(got, m[2:])
					}
				}
				want := targets(atoms, from, black, full)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("%s (%s), black %v, full %v: Fairy-Stockfish %v, atoms %v", key, defs[i].Piece(key).Betza, black, full, got, want)
				}
			}
		}
	}
}

// boardFEN places the piece 'a' on d4 (White) or d5 (Black, to move), the
// own king on a2 (a7), the other on h7 (h2): squares no named piece
// reaches from d4. With full, immobile enemy pieces fill the rest.
func boardFEN(black, full bool) (string, Square) {
	var rows []string
	piece, own, other := Square{3, 3}, Square{0, 1}, Square{7, 6}
	pc, ok, ot, filler, side := "A", "K", "k", "o", "w"
	if black {
		piece, own, other = Square{3, 4}, Square{0, 6}, Square{7, 1}
		pc, ok, ot, filler, side = "a", "k", "K", "O", "b"
	}
	for r := 7; r >= 0; r-- {
		row, empty := "", 0
		for f := 0; f < 8; f++ {
			c := ""
			switch (Square{f, r}) {
			case piece:
				c = pc
			case own:
				c = ok
			case other:
				c = ot
			default:
				if full {
					c = filler
				}
			}
			if c == "" {
				empty++
				continue
			}
			if empty > 0 {
				row += fmt.Sprint(empty)
				empty = 0
			}
			row += c
		}
		if empty > 0 {
			row += fmt.Sprint(empty)
		}
		rows = append(rows, row)
	}
	return strings.Join(rows, "/") + " " + side + " - - 0 1", piece
}

// targets are the squares the atoms reach from s on an 8x8 board, empty
// (moves) or full of enemy pieces (captures); Black's atoms are turned by
// half a turn. The kings' squares are never reached (boardFEN sees to it).
func targets(atoms []Atom, s Square, black, full bool) []string {
	var out []string
	for _, a := range atoms {
		if full && !a.Capture || !full && !a.Move {
			continue
		}
		dx, dy := a.DX, a.DY
		if black {
			dx, dy = -dx, -dy
		}
		for n, q := 1, (Square{s.File + dx, s.Rank + dy}); q.File >= 0 && q.File < 8 && q.Rank >= 0 && q.Rank < 8; n, q = n+1, (Square{q.File + dx, q.Rank + dy}) {
			if a.Range != 0 && n > a.Range {
				break
			}
			out = append(out, q.String())
			if full {
				break
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
