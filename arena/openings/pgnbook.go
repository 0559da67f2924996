package openings

import (
	"errors"
	"fmt"
	"io"

	"varena/engines"
	"varena/results"
)

// readPGNBook reads a PGN book: each game gives one opening, the
// position after its first plies plies (all of its moves when plies is
// 0 or the game is shorter), from the game's FEN tag or the variant's
// initial position. Every move is checked by the variant's rules. A bad
// game (a move that is not legal, a FEN tag that is not a position of
// the variant) is reported as name:line of the game's first line, up to
// maxBookErrors, joined into one error. A game whose position is over
// where its opening would stop (a mate within its first plies) is no
// opening but no error either: books made of played games hold such
// games, and cutechess-cli and fastchess skip them. skipped counts them
// and names the first, for one warning line.
func readPGNBook(rd io.Reader, name string, v *engines.Variant, plies int) (book []Opening, skipped string, err error) {
	games, err := results.ReadPGN(rd)
	if err != nil {
		var se *results.SyntaxError
		if errors.As(err, &se) {
			return nil, "", fmt.Errorf("%s:%d: %s", name, se.Line, se.Msg)
		}
		return nil, "", fmt.Errorf("%s: %w", name, err)
	}
	var errs []error
	bad, over := 0, 0
	for i, pg := range games {
		op, err := pgnOpening(v, pg, plies)
		switch {
		case errors.Is(err, errGameOver):
			over++
			if over == 1 {
				skipped = fmt.Sprintf("%s:%d: game %d: %v", name, pg.Line, i+1, err)
			}
			continue
		case err != nil:
			bad++
			if bad <= maxBookErrors {
				errs = append(errs, fmt.Errorf("%s:%d: game %d: %w", name, pg.Line, i+1, err))
			}
			continue
		}
		book = append(book, op)
	}
	if bad > maxBookErrors {
		errs = append(errs, fmt.Errorf("%s: ... and %d more bad games (%d in all)", name, bad-maxBookErrors, bad))
	}
	if len(errs) > 0 {
		return nil, "", errors.Join(errs...)
	}
	if over > 0 {
		skipped = fmt.Sprintf("%s: skipped %d of %d games, over within their opening (the first, %s)", name, over, len(games), skipped)
	}
	return book, skipped, nil
}

// errGameOver marks a book game whose position is over where its
// opening would stop: skipped, not refused.
var errGameOver = errors.New("the game is over")

// pgnOpening plays the first plies plies of a game (all when 0).
func pgnOpening(v *engines.Variant, pg results.PGNGame, plies int) (Opening, error) {
	pos := v.StartPosition()
	if fen := results.ToGame(pg).StartFEN; fen != "" {
		p, err := engines.ParseFEN(v, fen)
		if err != nil {
			return Opening{}, fmt.Errorf("FEN tag %q is not a %s position: %w", fen, v.Name, err)
		}
		pos = p
	}
	n := len(pg.Moves)
	if plies > 0 {
		n = min(n, plies)
	}
	game := engines.NewGame(pos)
	for i, san := range pg.Moves[:n] {
		if o := game.Position().Status(); o.Result != engines.Ongoing {
			return Opening{}, fmt.Errorf("%w (%s) before move %s", errGameOver, o.Reason, moveLabel(game.Position(), san))
		}
		m, err := game.Position().ParseSAN(san)
		if err != nil {
			msg := err.Error()
			var me *engines.MoveError
			if errors.As(err, &me) {
				msg = me.Msg
			}
			return Opening{}, fmt.Errorf("move %s (ply %d) is not legal in %s: %s", moveLabel(game.Position(), san), i+1, v.Name, msg)
		}
		game.Play(m)
	}
	end := game.Position()
	if o := end.Status(); o.Result != engines.Ongoing {
		return Opening{}, fmt.Errorf("%w (%s) after %d plies: no opening to play", errGameOver, o.Reason, n)
	}
	return Opening{FEN: end.FEN(), Initial: v.IsStart(end)}, nil
}

// moveLabel writes a move as PGN numbers it in pos: "12. Nf3" or
// "12... Nf6".
func moveLabel(pos *engines.Position, san string) string {
	if pos.SideToMove() == engines.White {
		return fmt.Sprintf("%d. %s", pos.FullmoveNumber(), san)
	}
	return fmt.Sprintf("%d... %s", pos.FullmoveNumber(), san)
}
