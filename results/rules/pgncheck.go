package rules

import (
	"fmt"
	"io"
	"regexp"
	"strings"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/variants"
	"varena/results"
)

// orthodoxTags maps the Variant tag values (lower case) that name orthodox
// chess or Chess960 other than by varena's names and aliases (standard,
// chess, fischerandom, chess960): no tag is standard chess (cutechess-cli
// and fastchess write none), "Standard" is Lichess's.
var orthodoxTags = map[string]*engines.Variant{
	"": chess.Standard, "?": chess.Standard, "normal": chess.Standard, "orthodox": chess.Standard,
	"960": chess.Chess960,
}

// MaxWarnings caps the warnings written one per line; the rest are
// only counted.
const MaxWarnings = 20

// Why a game read from PGN is left out of the ratings, in the order the
// final count lists them.
const (
	skipIllegal   = "with a move that is not legal"
	skipVariant   = "of a variant varena does not know"
	skipResult    = "with a bad or contradictory result"
	skipSelf      = "of a player against itself"
	skipNoPlayers = "without both player names"
)

var skipOrder = []string{skipIllegal, skipVariant, skipResult, skipSelf, skipNoPlayers}

// PGNChecker vets the games read from PGN files before they are rated:
// each game's moves are replayed under its variant's rules, its Result
// tag is compared with the movetext's termination marker and with the
// final position. A game that fails is reported (FILE:LINE, its number
// in the file, what is wrong) and left out; the good games are rated.
type PGNChecker struct {
	w          io.Writer     // warnings, one line each
	variants   *variants.Set // the variants a Variant tag may name
	warned     int           // warnings written or held back
	skipped    map[string]int
	unfinished int
	read       int
}

// NewPGNChecker returns a checker that writes its warnings to w and
// knows the variants of vs (nil: the built-ins).
func NewPGNChecker(w io.Writer, vs *variants.Set) *PGNChecker {
	return &PGNChecker{w: w, variants: vs, skipped: map[string]int{}}
}

// warnf writes one warning line, or only counts it beyond MaxWarnings.
func (c *PGNChecker) warnf(format string, args ...any) {
	c.warned++
	if c.warned <= MaxWarnings {
		fmt.Fprintf(c.w, "varena rate: "+format+"\n", args...)
	}
}

// skip reports a game left out and why.
func (c *PGNChecker) skip(why, place, format string, args ...any) {
	c.skipped[why]++
	c.warnf("%s: %s; game skipped", place, fmt.Sprintf(format, args...))
}

// Game checks the num-th game (from 1) of file. It returns the game to
// rate, and false when the game is left out: reported as bad, or
// unfinished (counted, not reported one by one).
func (c *PGNChecker) Game(file string, num int, pg results.PGNGame) (results.Game, bool) {
	c.read++
	place := fmt.Sprintf("%s:%d: game %d", file, pg.Line, num)
	g := results.ToGame(pg)
	g.ID = c.read // unique over all files read
	g.Pair = 0    // PGN does not say which games share an opening

	result, ok := c.result(place, pg)
	if !ok {
		return g, false
	}
	g.Result = result

	tag := strings.TrimSpace(pg.Tags["Variant"])
	v, ok := orthodoxTags[strings.ToLower(tag)]
	if !ok {
		var err error
		if v, err = c.variants.ByName(strings.ToLower(tag)); err != nil {
			c.skip(skipVariant, place, "unknown variant %q (varena knows %s; no tag means standard chess)",
				tag, strings.Join(c.variants.Playable(), ", "))
			return g, false
		}
	}
	g.Variant = v.Name

	if g.White == "" || g.Black == "" {
		c.skip(skipNoPlayers, place, "the White or Black tag is missing or \"?\"")
		return g, false
	}
	if g.White == g.Black {
		c.skip(skipSelf, place, "%s plays itself", g.White)
		return g, false
	}

	if !c.replay(place, v, pg, g) {
		return g, false
	}

	if result == results.Unfinished {
		c.unfinished++
		return g, false
	}
	return g, true
}

// resultText matches a would-be game termination marker such as "2-0" or
// "1/2-0" (but not castling, 0-0).
var resultText = regexp.MustCompile(`^[0-9]+(/[0-9]+)?-[0-9]+(/[0-9]+)?$`)

// result returns the game's result: its termination marker and its Result
// tag must agree and be one of 1-0, 0-1, 1/2-1/2 and *.
func (c *PGNChecker) result(place string, pg results.PGNGame) (string, bool) {
	valid := func(r string) bool {
		return r == results.WhiteWins || r == results.BlackWins || r == results.Draw || r == results.Unfinished
	}
	tag, hasTag := pg.Tags["Result"]
	marker := pg.Marker
	if marker == "" && len(pg.Moves) > 0 {
		if last := pg.Moves[len(pg.Moves)-1]; resultText.MatchString(last) && last != "0-0" && last != "0-0-0" {
			c.skip(skipResult, place, "result %q in the movetext is not 1-0, 0-1, 1/2-1/2 or *", last)
			return "", false
		}
	}
	switch {
	case hasTag && !valid(tag):
		c.skip(skipResult, place, "Result tag %q is not 1-0, 0-1, 1/2-1/2 or *", tag)
		return "", false
	case hasTag && marker != "" && tag != marker:
		c.skip(skipResult, place, "Result tag %q disagrees with the movetext's result %q", tag, marker)
		return "", false
	case marker != "":
		return marker, true
	case hasTag:
		return tag, true
	}
	return results.Unfinished, true
}

// replay plays the game's moves under v's rules from its start position
// and checks that a game the rules ended has the rules' result.
func (c *PGNChecker) replay(place string, v *engines.Variant, pg results.PGNGame, g results.Game) bool {
	pos := v.StartPosition()
	if !g.StartIsInitial {
		p, err := engines.ParseFEN(v, g.StartFEN)
		if err != nil {
			c.skip(skipIllegal, place, "FEN tag %q: %v", g.StartFEN, err)
			return false
		}
		pos = p
	}
	first, black := pos.FullmoveNumber(), pos.SideToMove() == engines.Black
	game := engines.NewGame(pos)
	for i, san := range pg.Moves {
		m, err := game.Position().ParseSAN(san)
		if err != nil {
			reason := "no legal move reads so"
			if o := game.Outcome(); o.Result != engines.Ongoing && o.Reason != engines.Repetition && o.Reason != engines.FiftyMoves {
				reason = "the game was already over (" + o.Reason.String() + ")"
			} else if me, ok := err.(*engines.MoveError); ok && me.Msg != "" {
				reason = me.Msg
			}
			c.skip(skipIllegal, place, "move %s is not legal in %s: %s", moveLabel(first, i+boolInt(black), san), v.Name, reason)
			return false
		}
		game.Play(m)
	}
	o := game.Position().Status()
	if o.Result != engines.Ongoing && g.Result != results.Unfinished && g.Result != o.Result.String() {
		c.skip(skipResult, place, "result %s, but the game ended by %s, %s", g.Result, o.Reason, o.Result)
		return false
	}
	return true
}

// moveLabel writes the ply-th half-move (from 0) of a game whose first
// move has number first and is White's, as PGN numbers it: "12. Nf3" or
// "12... Nf6".
func moveLabel(first, ply int, san string) string {
	n := first + ply/2
	if ply%2 == 0 {
		return fmt.Sprintf("%d. %s", n, san)
	}
	return fmt.Sprintf("%d... %s", n, san)
}

// Finish writes the count of the games left out, and returns an error
// when no game is left to rate.
func (c *PGNChecker) Finish(paths []string, rated int) error {
	if c.warned > MaxWarnings {
		fmt.Fprintf(c.w, "varena rate: ... and %d more warnings\n", c.warned-MaxWarnings)
	}
	bad := 0
	var parts []string
	for _, why := range skipOrder {
		if n := c.skipped[why]; n > 0 {
			bad += n
			parts = append(parts, fmt.Sprintf("%d %s", n, why))
		}
	}
	if bad > 0 {
		fmt.Fprintf(c.w, "varena rate: skipped %d of %d games: %s\n", bad, c.read, strings.Join(parts, ", "))
	}
	if c.unfinished > 0 && rated > 0 {
		fmt.Fprintf(c.w, "varena rate: %d unfinished games (result *) not rated\n", c.unfinished)
	}
	switch {
	case rated > 0:
		return nil
	case c.read == 0:
		return fmt.Errorf("%s: no games", strings.Join(paths, ", "))
	case c.unfinished == c.read:
		return fmt.Errorf("%s: all %d games are unfinished (result *); nothing to rate", strings.Join(paths, ", "), c.read)
	}
	return fmt.Errorf("%s: no game left to rate (%d read, %d skipped, %d unfinished)", strings.Join(paths, ", "), c.read, bad, c.unfinished)
}
