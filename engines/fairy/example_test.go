package fairy_test

import (
	"fmt"
	"strings"

	"varena/engines/fairy"
)

func ExampleParse() {
	ini := `# Chess with an archbishop (BN) instead of the queen and a custom
# piece that moves as a knight and captures as a bishop.
[archchess:chess]
queen = -
archbishop = a
customPiece1 = x:mNcB
startFen = rnbakbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNX w Qq - 0 1
promotionPieceTypes = anbrx
`
	defs, err := fairy.Parse(strings.NewReader(ini), "archchess.ini")
	if err != nil {
		fmt.Println(err)
		return
	}
	d := defs[0]
	fmt.Println(d.Name, "from", d.Parent, d.Files, "x", d.Ranks)
	for _, p := range d.Pieces {
		fmt.Printf("%c %s %s: %d atoms\n", p.Letter, p.Key, p.Betza, len(p.Atoms))
	}
	_, err = fairy.Parse(strings.NewReader("[fourchess:chess]\ndropOnTop = true\n"), "drop.ini")
	fmt.Println(err)
	// Output:
	// archchess from chess 8 x 8
	// p pawn fmWfcF: 3 atoms
	// n knight N: 8 atoms
	// b bishop B: 4 atoms
	// r rook R: 4 atoms
	// a archbishop BN: 12 atoms
	// x customPiece1 mNcB: 12 atoms
	// k king K: 8 atoms
	// drop.ini:2: key "dropOnTop": not supported: drops on top of a column (connect-four)
}
