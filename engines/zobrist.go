package engines

// Zobrist keys, shared by every variant: a hash is only ever compared with
// hashes of the same variant. Generated from a fixed seed so hashes (and
// thus search results) are the same from run to run.
var (
	// By colour, type and square; 16 types, not NumPieceTypes, so that
	// the index is shifts: a multiplication by 14 measured in make-move.
	zobristPiece [2][16][64]uint64
	zobristSide  uint64
	// zobristCastle by the castling byte: its castleChecked bit is no
	// right and has no key (the upper half repeats the lower), so that
	// the byte indexes it as it is, unmasked.
	zobristCastle [32]uint64
	zobristEP     [64]uint64
	// zobristChecks[c][n]: c has n checks left to give (CheckCounting).
	zobristChecks [2][maxCheckCount + 1]uint64
	// zobristCount[n+1]: n plies left to a count's limit, -1 past it
	// (Variant.Counting; TableKey only).
	zobristCount [maxCountingLimit + 2]uint64
)

func init() {
	s := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		s += 0x9E3779B97F4A7C15
		z := s
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for c := range zobristPiece {
		for t := Pawn; t <= King; t++ {
			for sq := range zobristPiece[c][t] {
				zobristPiece[c][t][sq] = next()
			}
		}
	}
	zobristSide = next()
	// Castling keys are the xor of one key per right, so that clearing a
	// right is one xor of the difference.
	var rights [4]uint64
	for i := range rights {
		rights[i] = next()
	}
	for mask := range zobristCastle {
		for i := range rights {
			if mask&(1<<i) != 0 {
				zobristCastle[mask] ^= rights[i]
			}
		}
	}
	for sq := range zobristEP {
		zobristEP[sq] = next()
	}
	// Drawn after the others, which stay what they were.
	for c := range zobristChecks {
		for n := range zobristChecks[c] {
			zobristChecks[c][n] = next()
		}
	}
	// The fairy types' keys come after every other, so that the keys
	// above, hence the hashes of the orthodox pieces' positions, are
	// those of before fairy types existed.
	for c := range zobristPiece {
		for t := FirstFairy; t <= MaxPieceType; t++ {
			for sq := range zobristPiece[c][t] {
				zobristPiece[c][t][sq] = next()
			}
		}
	}
	// Last again, for the same reason.
	for n := range zobristCount {
		zobristCount[n] = next()
	}
}
