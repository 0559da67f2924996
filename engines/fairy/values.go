package fairy

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Square is a square of the board, a1 = {0, 0}.
type Square struct{ File, Rank int }

func (s Square) String() string { return fmt.Sprintf("%c%d", 'a'+s.File, s.Rank+1) }

// Region is a set of squares, sorted by rank then file, without repeats.
type Region []Square

// Contains reports whether s is in r.
func (r Region) Contains(s Square) bool {
	for _, q := range r {
		if q == s {
			return true
		}
	}
	return false
}

func (r Region) String() string {
	if len(r) == 0 {
		return "-"
	}
	parts := make([]string, len(r))
	for i, s := range r {
		parts[i] = s.String()
	}
	return strings.Join(parts, " ")
}

// Result is a game result as variants.ini says it: for the side the rule
// is about, which is the side to move (checkmated, stalemated, at the
// repetition) or the side whose pieces went extinct; Fairy-Stockfish
// gives the other side the opposite.
type Result int

const (
	ResultNone Result = iota // the rule does not end the game
	Win
	Loss
	Draw
)

func (r Result) String() string {
	return [...]string{"none", "win", "loss", "draw"}[r]
}

// PieceSet is a set of piece types by key name ("knight", "customPiece1").
type PieceSet struct {
	All  bool     // "*": every piece type (extinction of the whole army)
	Keys []string // sorted in Fairy-Stockfish's piece order
}

// Has reports whether key is in the set.
func (s PieceSet) Has(key string) bool {
	if s.All {
		return true
	}
	for _, k := range s.Keys {
		if k == key {
			return true
		}
	}
	return false
}

// Largest file and rank Fairy-Stockfish's large-board build reads.
const (
	maxFiles = 12
	maxRanks = 10
)

func parseBool(v string) (bool, error) {
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("value %q is not true or false", short(v))
}

func parseInt(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 1_000_000 {
		return 0, fmt.Errorf("value %q is not a whole number from 0 to 1000000", short(v))
	}
	return n, nil
}

// parseRank reads a rank number 1..10.
func parseRank(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > maxRanks {
		return 0, fmt.Errorf("value %q is not a rank from 1 to %d", short(v), maxRanks)
	}
	return n, nil
}

// parseFile reads a file as a letter (a..l) or a number (1..12); it
// returns the number of files up to and including it.
func parseFile(v string) (int, error) {
	if len(v) == 1 && v[0] >= 'a' && v[0] < 'a'+maxFiles {
		return int(v[0]-'a') + 1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > maxFiles {
		return 0, fmt.Errorf("value %q is not a file from a to %c (or 1 to %d)", short(v), 'a'+maxFiles-1, maxFiles)
	}
	return n, nil
}

func parseResult(v string) (Result, error) {
	switch v {
	case "none":
		return ResultNone, nil
	case "win":
		return Win, nil
	case "loss":
		return Loss, nil
	case "draw":
		return Draw, nil
	}
	return 0, fmt.Errorf("value %q is not win, loss, draw or none", short(v))
}

// parseRegion reads a list of squares as Fairy-Stockfish does: "d4 e4",
// "*8" (a rank), "a*" (a file), "-" (none). Files and ranks are checked
// against the largest board; finish checks them against the variant's.
func parseRegion(v string) (Region, error) {
	seen := map[Square]bool{}
	for _, tok := range strings.Fields(v) {
		if tok == "-" {
			break
		}
		switch {
		case len(tok) == 2 && tok[1] == '*' && isLetter(tok[0]):
			f := int(lower(tok[0]) - 'a')
			if f >= maxFiles {
				return nil, fmt.Errorf("region %q: file %c beyond %c", short(v), tok[0], 'a'+maxFiles-1)
			}
			for r := 0; r < maxRanks; r++ {
				seen[Square{f, r}] = true
			}
		case tok[0] == '*':
			r, err := parseRank(tok[1:])
			if err != nil {
				return nil, fmt.Errorf("region %q: %q: %w", short(v), tok, err)
			}
			for f := 0; f < maxFiles; f++ {
				seen[Square{f, r - 1}] = true
			}
		case len(tok) > 1 && isLetter(tok[0]):
			f := int(lower(tok[0]) - 'a')
			r, err := parseRank(tok[1:])
			if err != nil || f >= maxFiles {
				return nil, fmt.Errorf("region %q: %q is not a square", short(v), tok)
			}
			seen[Square{f, r - 1}] = true
		default:
			return nil, fmt.Errorf("region %q: %q is not a square, *RANK or FILE*", short(v), tok)
		}
	}
	if len(seen) == 0 {
		return nil, nil // "-": no square, the zero Region
	}
	out := make(Region, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sortRegion(out)
	return out, nil
}

func sortRegion(r Region) {
	sort.Slice(r, func(i, j int) bool {
		if r[i].Rank != r[j].Rank {
			return r[i].Rank < r[j].Rank
		}
		return r[i].File < r[j].File
	})
}

// clip keeps the squares of r on a files x ranks board.
func (r Region) clip(files, ranks int) Region {
	out := Region{}
	for _, s := range r {
		if s.File < files && s.Rank < ranks {
			out = append(out, s)
		}
	}
	return out
}

// ranksRegion is every square of the 1-based ranks from..to; ranks below
// the first (a derived default on a board of one rank) have none.
func ranksRegion(files, from, to int) Region {
	out := Region{}
	for r := max(from, 1); r <= to; r++ {
		for f := 0; f < files; f++ {
			out = append(out, Square{f, r - 1})
		}
	}
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// parsePieceSet reads piece letters ("nbrq"), "*" for all or "-" for none,
// against the pieces the definition has so far.
func (d *Definition) parsePieceSet(v string) (PieceSet, error) {
	var s PieceSet
	if v == "-" {
		return s, nil
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == ' ' || c == '\t':
		case c == '*':
			s.All = true
		case c == '-':
			return s, fmt.Errorf("value %q: '-' stands alone", short(v))
		default:
			p := d.pieceByLetter(lower(c))
			if p == nil {
				return s, fmt.Errorf("value %q: no piece has the letter %q", short(v), c)
			}
			if !s.Has(p.Key) {
				s.Keys = append(s.Keys, p.Key)
			}
		}
	}
	if s.All {
		s.Keys = nil
	}
	sort.Slice(s.Keys, func(i, j int) bool { return pieceOrder(s.Keys[i]) < pieceOrder(s.Keys[j]) })
	return s, nil
}

// parsePiece reads one piece letter.
func (d *Definition) parsePiece(v string) (string, error) {
	if len(v) != 1 {
		return "", fmt.Errorf("value %q is not one piece letter", short(v))
	}
	p := d.pieceByLetter(lower(v[0]))
	if p == nil {
		return "", fmt.Errorf("value %q: no piece has this letter", short(v))
	}
	return p.Key, nil
}

// parsePromoted reads "n:b b:r" (a piece's promoted type, "-" for none).
func (d *Definition) parsePromoted(v string) (map[string]string, error) {
	out := map[string]string{}
	for _, tok := range strings.Fields(v) {
		from, to, ok := strings.Cut(tok, ":")
		if !ok || len(from) != 1 || len(to) != 1 {
			return nil, fmt.Errorf("value %q: %q is not PIECE:PIECE", short(v), tok)
		}
		p := d.pieceByLetter(lower(from[0]))
		if p == nil {
			return nil, fmt.Errorf("value %q: no piece has the letter %q", short(v), from)
		}
		if to == "-" {
			out[p.Key] = ""
			continue
		}
		q := d.pieceByLetter(lower(to[0]))
		if q == nil {
			return nil, fmt.Errorf("value %q: no piece has the letter %q", short(v), to)
		}
		out[p.Key] = q.Key
	}
	if len(out) == 0 {
		return nil, errors.New("empty value")
	}
	return out, nil
}
