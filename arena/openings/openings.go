package openings

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"varena/configs"
	"varena/configs/plan"
	"varena/engines"
)

// Opening is where a game starts.
type Opening struct {
	FEN     string
	Initial bool // the variant's initial position
}

// LoadBook reads the book of a variant of a run's plan: EPD/FEN (one
// position per line: the first four to six FEN fields; EPD operations
// after a ';' or after the fourth field are ignored; blank and '#' lines
// skipped) or PGN (format pgn: the position after the first Plies plies
// of each game, all of them when 0), or the variant's built-in book
// (configs/books), from the bytes the plan read. Every position must
// parse for the variant, every PGN move be legal: an error names
// file:line. With order random, the book is shuffled with seed; it is
// then used from its Start-th opening on, round to the beginning again.
// Random openings (Plies without a file) are no book: nil. where names
// the run's config in errors of the book as a whole. note, when not
// nil, gets the one warning line of a PGN book's games that are over
// within their opening, which are skipped.
func LoadBook(v plan.Variant, seed uint64, where string, note func(format string, args ...any)) ([]Opening, error) {
	op := v.Openings
	if v.Book == nil {
		return nil, nil
	}
	if op.File == "" {
		return readBook(bytes.NewReader(v.Book.Data), v.Book.Name, v.Variant)
	}
	var book []Opening
	var err error
	if op.Format == configs.FormatPGN {
		var skipped string
		book, skipped, err = readPGNBook(bytes.NewReader(v.Book.Data), v.Book.Name, v.Variant, op.PlyCount())
		if skipped != "" && note != nil {
			note("warning: %s", skipped)
		}
	} else {
		book, err = readBook(bytes.NewReader(v.Book.Data), v.Book.Name, v.Variant)
	}
	if err != nil {
		return nil, err
	}
	if len(book) == 0 {
		what := "one FEN or EPD line each"
		if op.Format == configs.FormatPGN {
			what = "PGN games"
		}
		return nil, fmt.Errorf("%s:%d: openings file %s holds no positions (%s)", where, max(op.Line, 1), v.Book.Name, what)
	}
	if op.Order == configs.OrderRandom {
		rng := rand.New(rand.NewPCG(seed, 0x6f70656e))
		rng.Shuffle(len(book), func(i, j int) { book[i], book[j] = book[j], book[i] })
	}
	if k := max(op.Start-1, 0) % len(book); k > 0 {
		book = slices.Concat(book[k:], book[:k]) // start=: the first pair plays line k+1
	}
	return book, nil
}

// maxBookErrors caps the bad lines of an openings file reported one by
// one; the rest are counted.
const maxBookErrors = 20

// readBook reads a book; every bad line is reported (up to
// maxBookErrors, then a count), each as name:line, the line quoted whole
// and what is wrong, joined into one error.
func readBook(rd io.Reader, name string, v *engines.Variant) ([]Opening, error) {
	var book []Opening
	var errs []error
	bad := 0
	report := func(line int, text string, format string, args ...any) {
		bad++
		if bad <= maxBookErrors {
			errs = append(errs, fmt.Errorf("%s:%d: %q: %s", name, line, text, fmt.Sprintf(format, args...)))
		}
	}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 1
	for ; sc.Scan(); line++ {
		raw := sc.Text()
		text := strings.TrimSpace(raw)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fen := epdFEN(text)
		pos, err := engines.ParseFEN(v, fen)
		var fe *engines.FENError
		switch {
		case errors.As(err, &fe):
			report(line, raw, "not %s position: FEN field %d: %s", withArticle(v.Name), fe.Field, fe.Msg)
			continue
		case err != nil:
			report(line, raw, "not %s position: %v", withArticle(v.Name), err)
			continue
		case pos.Status().Result != engines.Ongoing:
			report(line, raw, "the game is already over (%s)", pos.Status().Reason)
			continue
		}
		book = append(book, Opening{FEN: pos.FEN(), Initial: v.IsStart(&pos)})
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s:%d: %w", name, line, err))
	}
	if bad > maxBookErrors {
		errs = append(errs, fmt.Errorf("%s: ... and %d more bad lines (%d in all)", name, bad-maxBookErrors, bad))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return book, nil
}

// epdFEN returns the FEN part of an EPD or FEN line: its position fields
// (engines.PositionFields), plus the two move counters when they are numbers, or else
// when the EPD operations hmvc and fmvn give them (as varena book writes
// them).
func epdFEN(line string) string {
	head := line
	if i := strings.IndexByte(line, ';'); i >= 0 {
		head = line[:i]
	}
	f := strings.Fields(head)
	posFields, _ := engines.PositionFields(f)
	pos := len(posFields)
	n := pos
	for n < len(f) && n < pos+2 && isNumber(f[n]) {
		n++
	}
	fen := strings.Join(f[:n], " ")
	if all := strings.Fields(line); n == pos && len(all) > pos {
		ops := map[string]string{}
		for _, op := range strings.Split(strings.Join(all[pos:], " "), ";") {
			if k, v, ok := strings.Cut(strings.TrimSpace(op), " "); ok {
				ops[k] = strings.TrimSpace(v)
			}
		}
		if h, m := ops["hmvc"], ops["fmvn"]; isNumber(h) && isNumber(m) {
			fen += " " + h + " " + m
		}
	}
	return fen
}

func isNumber(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// withArticle puts "a" or "an" before a variant's name: "an extinction
// position", "a losalamos-bunkers position".
func withArticle(name string) string {
	if name != "" && strings.ContainsRune("aeiouAEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
