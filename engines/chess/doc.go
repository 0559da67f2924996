// Package chess describes orthodox chess (FIDE rules) and Chess960
// (Fischer Random Chess), the ground every engine author stands on: check,
// checkmate, stalemate, castling never out of, through or into check, en
// passant, promotion to Q, R, B or N, the 50-move rule, threefold
// repetition and the draw by insufficient material.
package chess
