package wide_test

import (
	"strings"
	"testing"

	"varena/engines/fairy"
	"varena/engines/wide"
)

// TestFileRules: rules that sections of Fairy-Stockfish's own
// variants.ini showed, each a position and its legal-move count as
// Fairy-Stockfish plays it (11.1 and the c19b5f6 build agree; the
// counts of compulsory captures and check counting with drops are the
// c19b5f6 build's, which plays coffeehouse and 3check-crazyhouse).
func TestFileRules(t *testing.T) {
	const kono = "[kono]\nmaxRank = 5\nmaxFile = e\ncustomPiece1 = p:mF\nstartFen = ppppp/p3p/5/P3P/PPPPP w - - 0 1\nflagPiece = p\nflagRegionWhite = a5 b5 c5 d5 e5 a4 e4\nflagRegionBlack = a1 b1 c1 d1 e1 a2 e2\nflagPieceCount = 7\nflagPieceBlockedWin = true\nnFoldRule = 0\nnMoveRule = 0\n"
	const squatter = "[squatter:chess]\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\n"
	const alapo = "[alapo:chess]\nmaxRank = 6\nmaxFile = f\nking = -\ncommoner = k\ncastling = false\nstartFen = 2k3/6/6/6/6/3K2 w - - 0 1\nflagRegionWhite = *6\nflagRegionBlack = *1\nflagPieceSafe = true\nflagMove = true\nstalemateValue = loss\n"
	const atlantis = "[atlantis:chess]\nwallingRule = edge\nwallOrMove = true\n"
	const musketeers = "[musketeers]\nmaxRank = 5\nmaxFile = 5\ncustomPiece1 = m:cW\ncustomPiece2 = p:mW\nstartFen = ppppM/ppppp/ppMpp/ppppp/Mpppp w - - 0 1\ncollinearN = 3\nconnectDiagonal = false\nconnectValue = loss\nstalemateValue = win\nconnectPieceTypes = m\n"
	const ttt = "[ttt]\nmaxRank = 3\nmaxFile = 3\nimmobile = p\nstartFen = 3/3/3[PPPPPpppp] w - - 0 1\npieceDrops = true\ndoubleStep = false\ncastling = false\nimmobilityIllegal = false\nconnectN = 3\n"
	cases := []struct {
		name, ini, fen string
		depth          int
		nodes          uint64
	}{
		// A king in hand may not be dropped where it stands attacked:
		// K@h8 is missing (the bishop on a1 sees it), 39 moves.
		{"royal drop", "[x:placement]\n", "8/8/8/8/8/8/8/B7[KQRRBNNPPPPPPPPkqrrbbnnpppppppp] b - - 0 1", 1, 39},
		// A pawn without promotion types but with a promoted type
		// (shinobi's p:c) promotes as a piece: g3f2+, g3g2+ and g3h2+,
		// forced in the zone, 8 moves.
		{"pawn promoted type", "[x:chess]\ncommoner = c\npromotionRegionWhite = *7 *8\npromotionRegionBlack = *2 *1\npromotionPieceTypes = -\npromotedPieceType = p:c\nmandatoryPiecePromotion = true\n",
			"4k3/8/8/8/8/6p1/5P1P/4K3 b - - 0 1", 1, 8},
		// Compulsory captures with drops (coffeehouse): exd5 is the only
		// move; after it Black must retake if it can.
		{"must capture", "[x:crazyhouse]\nmustCapture = true\n", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2", 1, 1},
		{"must capture 3", "[x:crazyhouse]\nmustCapture = true\n", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2", 3, 62},
		// En passant is a capture: exf6 is the only move.
		{"must capture ep", "[x:crazyhouse]\nmustCapture = true\n", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3", 2, 3},
		// Check counting with drops (3check-crazyhouse): White has one
		// check left to give; Bb5+ and every other check end the game.
		{"check counting", "[x:crazyhouse]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 3+3 0 1\ncheckCounting = true\n", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 1+3 0 3", 2, 1097},
		{"check counting 3", "[x:crazyhouse]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 3+3 0 1\ncheckCounting = true\n", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 1+3 0 3", 3, 34603},
		// Connect-N (tictactoe): P@c3 and P@c2 finish White's line and
		// end the game; perft 5 ends before the board is full.
		{"connect three", ttt, "PP1/pp1/3[PPPppp] w - - 0 3", 2, 16},
		{"connect three 5", ttt, "PP1/pp1/3[PPPppp] w - - 0 3", 5, 36},
		// A filled 2x2 square wins (teeko's connectNxN), no line does.
		{"connect square", ttt + "[sq2:ttt]\nmaxRank = 4\nmaxFile = 4\nstartFen = 4/4/4/4[PPPPpppp] w - - 0 1\nconnectN = 0\nconnectNxN = 2\n", "4/1P2/1P1p/p3[PPPppp] w - - 0 3", 3, 1320},
		// Kono's flag: seven pieces on the region, or one with the region
		// full of any pieces (flagPieceBlockedWin): d4e5 fills it and wins.
		{"flag blocked", kono, "PPpP1/P2Pp/5/5/p3p w - - 0 1", 2, 26},
		{"flag blocked 3", kono, "PPpP1/P2Pp/5/5/p3p w - - 0 1", 3, 211},
		// Every piece a flag piece (pawnsking's flagPiece = *): g8=Q reaches
		// the last rank and wins at once.
		{"flag any piece", "[pawnsonly]\npawn = p\nqueen = q\nstartFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1\npromotionPieceTypes = q\ncastling = false\nstalemateValue = loss\nflagPiece = q\nflagRegionWhite = *8\nflagRegionBlack = *1\n[pawnsking:pawnsonly]\ncommoner = k\nflagPiece = *\nstartFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\nextinctionValue = loss\nextinctionPieceTypes = k\nstalemateValue = draw\n",
			"k7/6P1/8/8/8/8/1p6/4K3 w - - 0 1", 4, 720},
		// Safe flags (squatter's flagPieceSafe, every piece a flag piece
		// since the region has no flagPiece): a flag piece the opponent
		// attacks does not count. Counts of Fairy-Stockfish c19b5f6.
		// The rook on a8 is not attacked: White has won.
		{"flag safe, not attacked", squatter, "R3k3/8/8/8/8/8/8/4K3 b - - 0 1", 1, 0},
		// Kb8 attacks a8: play goes on.
		{"flag safe, attacked by the king", squatter, "Rk6/8/8/8/8/8/8/4K3 b - - 0 1", 1, 3},
		// Kxa8 would be illegal, yet the attack counts.
		{"flag safe, king attacks a defended piece", squatter, "R7/1k6/8/8/8/8/8/R3K3 b - - 0 1", 1, 3},
		// White's own rook on a8, unattacked, wins on White's turn too.
		{"flag safe, side to move holds it", squatter, "R7/2k5/8/8/8/8/8/R3K3 w - - 0 1", 1, 0},
		// The bishop pinned on the d-file still attacks h8.
		{"flag safe, pinned attacker", squatter, "7R/3Q4/8/8/3b4/1K6/3k4/8 b - - 0 1", 1, 6},
		{"flag safe, pinned attacker, white", squatter, "7R/3Q4/8/8/3b4/1K6/3k4/8 w - - 0 1", 1, 39},
		// Both flags held: a draw.
		{"flag safe, both sides", squatter, "7R/2k5/8/8/8/4K3/8/r7 w - - 0 1", 1, 0},
		// Safe flags with flagMove and every piece a flag piece (alapo):
		// only the opponent's pieces must be safe. Counts of
		// Fairy-Stockfish c19b5f6.
		// White's unattacked rook holds a6 and Black cannot reach rank 1: White has won.
		{"flag move safe, held", alapo, "R1k3/6/6/6/6/3K2 b - - 0 1", 1, 0},
		// Kb6 attacks a6: play goes on.
		{"flag move safe, attacked", alapo, "Rk4/6/6/6/6/3K2 b - - 0 1", 1, 5},
		// White to move with its rook on a6 wins, attacked or not.
		{"flag move safe, side to move there", alapo, "Rk4/6/6/6/6/3K2 w - - 0 1", 1, 0},
		// Black's rook on a2 attacks a6: play goes on.
		{"flag move safe, rook attacks", alapo, "R1k3/6/6/6/r5/3K2 b - - 0 1", 1, 15},
		// Rb1 would reach Black's region unattacked, yet White's safe
		// rook has already won: Black's one more move is only the one
		// it has while the piece there is attacked.
		{"flag move safe, no answer", alapo, "R1k3/6/6/6/1r4/3K2 b - - 0 1", 1, 0},
		// Only Black gets the one more move.
		{"flag move safe, White cannot answer", alapo, "2k3/6/1R4/6/6/r1K3 w - - 0 1", 1, 0},
		// Walls at the edge instead of a move (atlantis): on the rim and,
		// orthogonally, next to a wall (d4's neighbours); a1 too; none in
		// check. Counts of Fairy-Stockfish c19b5f6.
		{"edge walls", atlantis, "4k3/8/8/8/8/8/8/1K5R w - - 0 1", 2, 1197},
		{"edge walls in check", atlantis, "r3k3/8/8/8/8/8/8/K7 w - - 0 1", 1, 2},
		{"edge walls in check 2", atlantis, "r3k3/8/8/8/8/8/8/K7 w - - 0 1", 2, 81},
		{"edge walls beside a wall", atlantis, "4k3/8/8/8/3*4/8/8/1K5R b - - 0 1", 2, 1526},
		{"edge walls beside a rim wall", atlantis, "4k3/8/8/8/8/*7/8/1K5R b - - 0 1", 2, 1216},
		// Three pieces anywhere on one rank or file (collinearN, three
		// musketeers) lose for the side that moved them there, gaps and
		// all; not on a diagonal without connectDiagonal, and not for the
		// side to move. Counts of Fairy-Stockfish c19b5f6.
		{"collinear file", musketeers, "M4/ppppp/M1ppp/ppppp/M4 b - - 0 1", 1, 0},
		{"collinear, side to move", musketeers, "M4/ppppp/M1ppp/ppppp/M4 w - - 0 1", 1, 4},
		{"not collinear", musketeers, "M4/ppppp/1Mppp/ppppp/M4 b - - 0 1", 1, 10},
		{"two on a rank", musketeers, "M3M/ppppp/ppppp/ppppp/2M2 b - - 0 1", 1, 7},
		{"collinear diagonal", musketeers, "M3p/ppppp/1pMpp/ppppp/4M b - - 0 1", 1, 11},
		// Hoppers (cannonshogi's pieces), counts of Fairy-Stockfish c19b5f6:
		// a hopper that moves quietly is no immobile piece under shogi's
		// immobilityIllegal (a1d1), and a forward one may go to the last
		// rank but one (a4a8), not to the last; a range bounds the whole
		// hop (pB2: a1c3 over b2, no further); a letter taken by a new type
		// names it in the keys after (soldier = p, then p:g promotes the
		// soldier: a6a7+).
		{"quiet hopper", "[h:shogi]\ncustomPiece1 = a:pR\nstartFen = 4k4/9/9/9/9/9/9/9/A1P1K4[] w - - 0 1\n", "4k4/9/9/9/9/9/9/9/A1P1K4[] w - - 0 1", 2, 35},
		{"forward hopper", "[h:shogi]\ncustomPiece1 = a:fpR\nstartFen = 4k4/9/9/9/P8/A8/9/9/4K4[] w - - 0 1\n", "4k4/9/9/9/P8/A8/9/9/4K4[] w - - 0 1", 2, 45},
		{"hopper of range 2", "[h:chess]\ncustomPiece1 = a:pB2\nstartFen = 4k3/8/8/8/8/8/1P6/A3K3 w - - 0 1\ncastling = false\n", "4k3/8/8/8/8/8/1P6/A3K3 w - - 0 1", 2, 40},
		{"letter taken", "[h:shogi]\nsoldier = p\npromotedPieceType = p:g\nstartFen = 4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1\n", "4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1", 2, 40},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defs, err := fairy.Parse(strings.NewReader(c.ini), "x.ini")
			if err != nil {
				t.Fatal(err)
			}
			v, err := defs[len(defs)-1].Wide()
			if err != nil {
				t.Fatal(err)
			}
			p := mustFEN(t, v, c.fen)
			if n := wide.Perft(&p, c.depth); n != c.nodes {
				t.Errorf("%s: perft %d = %d, want %d", c.fen, c.depth, n, c.nodes)
			}
			if got := p.FEN(); got != c.fen {
				t.Errorf("FEN %s, want %s", got, c.fen)
			}
		})
	}
}

// TestSafeFlagOutcome: under flagPieceSafe the side whose flag is held
// wins, whoever is to move, and both flags held draw (Fairy-Stockfish
// c19b5f6 scores the last "cp 0" and ends the game); with flagMove
// (alapo) the side to move that stands on its region wins, unless it is
// White and Black stands on its own too.
func TestSafeFlagOutcome(t *testing.T) {
	const squatter = "[squatter:chess]\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\n"
	const alapo = "[alapo:chess]\nmaxRank = 6\nmaxFile = f\nking = -\ncommoner = k\ncastling = false\nstartFen = 2k3/6/6/6/6/3K2 w - - 0 1\nflagRegionWhite = *6\nflagRegionBlack = *1\nflagPieceSafe = true\nflagMove = true\nstalemateValue = loss\n"
	cases := []struct {
		ini, fen string
		want     wide.Result
	}{
		{squatter, "R3k3/8/8/8/8/8/8/4K3 b - - 0 1", wide.WhiteWins},
		{squatter, "R7/2k5/8/8/8/8/8/R3K3 w - - 0 1", wide.WhiteWins},
		{squatter, "2k5/8/8/8/8/8/8/r3K3 w - - 0 1", wide.BlackWins},
		{squatter, "7R/2k5/8/8/8/4K3/8/r7 w - - 0 1", wide.Draw},
		{squatter, "7R/2k5/8/8/8/4K3/8/r7 b - - 0 1", wide.Draw},
		{alapo, "R1k3/6/6/6/6/3K2 b - - 0 1", wide.WhiteWins},
		{alapo, "Rk4/6/6/6/6/3K2 w - - 0 1", wide.WhiteWins},
		{alapo, "R1k3/6/6/6/6/r2K2 w - - 0 1", wide.Draw},
		{alapo, "R1k3/6/6/6/6/r2K2 b - - 0 1", wide.BlackWins},
	}
	for _, c := range cases {
		defs, err := fairy.Parse(strings.NewReader(c.ini), "x.ini")
		if err != nil {
			t.Fatal(err)
		}
		v, err := defs[0].Wide()
		if err != nil {
			t.Fatal(err)
		}
		p := mustFEN(t, v, c.fen)
		o, over := p.ImmediateEnd()
		if !over || o.Result != c.want || o.Reason != wide.FlagReached {
			t.Errorf("%s: %+v (over %v), want %v by the flag", c.fen, o, over, c.want)
		}
	}
}

// TestEdgeWallNotation: a wall placement is written in UCI as
// Fairy-Stockfish writes it, a pass from the side's first piece's square
// then the wall, and in SAN as the king's pass then the wall; every
// other UCI move carries the wall a1 that stands for none; the wall goes
// into the FEN as '*'.
func TestEdgeWallNotation(t *testing.T) {
	defs, err := fairy.Parse(strings.NewReader("[atlantis:chess]\nwallingRule = edge\nwallOrMove = true\n"), "x.ini")
	if err != nil {
		t.Fatal(err)
	}
	v, err := defs[0].Wide()
	if err != nil {
		t.Fatal(err)
	}
	p := mustFEN(t, v, v.StartFEN())
	for _, c := range []struct{ uci, san, fen string }{
		{"a1a1,a1a3", "Ke1,a3", "rnbqkbnr/pppppppp/8/8/8/*7/PPPPPPPP/RNBQKBNR b KQkq - 1 1"},
		{"a7a7,a7b3", "Ke8,b3", "rnbqkbnr/pppppppp/8/8/8/**6/PPPPPPPP/RNBQKBNR w KQkq - 2 2"},
		{"e2e4,e4a1", "e4", "rnbqkbnr/pppppppp/8/8/4P3/**6/PPPP1PPP/RNBQKBNR b KQkq - 0 2"},
	} {
		m, err := p.ParseUCIMove(c.uci)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.UCI(m); got != c.uci {
			t.Errorf("UCI %s, want %s", got, c.uci)
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s: SAN %s, want %s", c.uci, got, c.san)
		}
		var child wide.Position
		p.MakeMove(m, &child)
		if got := child.FEN(); got != c.fen {
			t.Errorf("after %s: %s, want %s", c.uci, got, c.fen)
		}
		p = child
	}
}
