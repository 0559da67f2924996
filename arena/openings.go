package arena

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"varena/configs"
	"varena/engines"
)

// LoadBook reads the openings of a run: an EPD/FEN file with one position
// per line (the first four to six FEN fields; EPD operations after a ';'
// or after the fourth field are ignored; blank and '#' lines skipped).
// Every position must parse for the variant: an error names file:line.
// With order random, the book is shuffled with the run's seed.
func LoadBook(r *configs.Run, op configs.Openings, v *engines.Variant) ([]Opening, error) {
	if op.File == "" {
		return nil, nil
	}
	f, err := r.Open(op.File)
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	defer f.Close()
	book, err := readBook(f, op.File, v)
	if err != nil {
		return nil, err
	}
	if len(book) == 0 {
		return nil, fmt.Errorf("openings %s: no positions", op.File)
	}
	if op.Order == "random" {
		rng := rand.New(rand.NewPCG(r.Seed, 0x6f70656e))
		rng.Shuffle(len(book), func(i, j int) { book[i], book[j] = book[j], book[i] })
	}
	return book, nil
}

func readBook(rd io.Reader, name string, v *engines.Variant) ([]Opening, error) {
	var book []Opening
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fen := epdFEN(text)
		pos, err := engines.ParseFEN(v, fen)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if pos.Status().Result != engines.Ongoing {
			return nil, fmt.Errorf("%s:%d: the game is already over in %s", name, line, fen)
		}
		book = append(book, Opening{FEN: pos.FEN(), Initial: v.IsStart(&pos)})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return book, nil
}

// epdFEN returns the FEN part of an EPD or FEN line: the first four
// fields, plus the two move counters when they are numbers.
func epdFEN(line string) string {
	if i := strings.IndexByte(line, ';'); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(line)
	n := min(len(f), 4)
	for n < len(f) && n < 6 && isNumber(f[n]) {
		n++
	}
	return strings.Join(f[:n], " ")
}

func isNumber(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
