package fairy

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Limits on the input, so that any file is read in bounded memory.
const (
	MaxFileSize   = 1 << 20 // bytes
	MaxLineLength = 4096    // bytes, without the line end
	MaxSections   = 1000
)

// section is one "[name:parent]" block as written, before resolution.
type section struct {
	name, parent string
	line         int
	entries      []entry
}

// entry is one "key = value" line.
type entry struct {
	key, value string
	line       int
}

// readSections splits a variants.ini into sections. It checks the syntax
// only; keys and values are read by apply. As Fairy-Stockfish reads a
// file, a key repeated in a section takes its last value, with a warning
// (warns); a section repeated is skipped, the first kept, with a warning.
// A line that is neither a section, a key nor a comment is a problem of
// the file (probs, all of them); the keys under a bad header are skipped
// with it. err is what stops the reading: the input's limits, I/O.
func readSections(r io.Reader, file string) (out []section, warns, probs []*Error, err error) {
	br := bufio.NewReader(io.LimitReader(r, MaxFileSize+1))
	var (
		read  int
		line  int
		names = map[string]int{}
		keys  map[string]int // the current section's keys: index in entries
		skip  bool           // under a bad or repeated header
	)
	for {
		text, rerr := br.ReadString('\n')
		if rerr != nil && !errors.Is(rerr, io.EOF) {
			return nil, nil, nil, fmt.Errorf("%s: reading: %w", file, rerr)
		}
		if text == "" && rerr != nil {
			break
		}
		line++
		read += len(text)
		if read > MaxFileSize {
			return nil, nil, nil, &Error{File: file, Line: line, Err: fmt.Errorf("file longer than %d bytes", MaxFileSize)}
		}
		text = strings.TrimRight(text, "\r\n")
		if len(text) > MaxLineLength {
			return nil, nil, nil, &Error{File: file, Line: line, Err: fmt.Errorf("line longer than %d bytes", MaxLineLength)}
		}
		t := strings.TrimSpace(text)
		switch {
		case t == "" || t[0] == '#' || t[0] == ';':
		case t[0] == '[':
			s, herr := readHeader(t, line)
			if herr != nil {
				probs = append(probs, &Error{File: file, Line: line, Err: herr})
				skip = true
				break
			}
			if first, ok := names[s.name]; ok {
				warns = append(warns, &Error{File: file, Line: line, Err: fmt.Errorf("section %q repeated (first at line %d): skipped, as Fairy-Stockfish keeps the first", s.name, first)})
				skip = true
				break
			}
			if len(out) == MaxSections {
				return nil, nil, nil, &Error{File: file, Line: line, Err: fmt.Errorf("more than %d sections", MaxSections)}
			}
			names[s.name] = line
			keys = map[string]int{}
			skip = false
			out = append(out, s)
		default:
			k, v, ok := strings.Cut(t, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok || k == "" {
				probs = append(probs, &Error{File: file, Line: line, Err: fmt.Errorf("expected \"key = value\" or \"[section]\", got %q", short(t))})
				break
			}
			if skip {
				break
			}
			if len(out) == 0 {
				probs = append(probs, &Error{File: file, Line: line, Key: k, Err: errors.New("key outside a section")})
				break
			}
			s := &out[len(out)-1]
			if i, ok := keys[k]; ok {
				// Fairy-Stockfish keeps the last value of a key.
				warns = append(warns, &Error{File: file, Line: line, Key: k, Err: fmt.Errorf("repeated in section %q (first at line %d): the last value counts", s.name, s.entries[i].line)})
				s.entries[i] = entry{key: k, value: v, line: line}
				break
			}
			keys[k] = len(s.entries)
			s.entries = append(s.entries, entry{key: k, value: v, line: line})
		}
		if rerr != nil {
			break
		}
	}
	return out, warns, probs, nil
}

// readHeader reads "[name]" or "[name:parent]". Fairy-Stockfish takes the
// text between the brackets as it stands, spaces included, so a name with
// spaces would never match a UCI_Variant value: refused here.
func readHeader(t string, line int) (section, error) {
	end := strings.IndexByte(t, ']')
	if end < 0 {
		return section{}, fmt.Errorf("section header %q has no ']'", short(t))
	}
	if rest := strings.TrimSpace(t[end+1:]); rest != "" && rest[0] != '#' && rest[0] != ';' {
		return section{}, fmt.Errorf("text %q after the section header", short(rest))
	}
	name, parent, _ := strings.Cut(t[1:end], ":")
	if err := checkName(name); err != nil {
		return section{}, fmt.Errorf("section name: %w", err)
	}
	if strings.Contains(t[1:end], ":") {
		if err := checkName(parent); err != nil {
			return section{}, fmt.Errorf("parent name: %w", err)
		}
	}
	return section{name: name, parent: parent, line: line}, nil
}

func checkName(n string) error {
	if n == "" {
		return errors.New("empty")
	}
	if len(n) > 64 {
		return fmt.Errorf("%q longer than 64 bytes", short(n))
	}
	for _, c := range n {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_+.", c)
		if !ok {
			return fmt.Errorf("%q: character %q (letters, digits and - _ + . only)", short(n), c)
		}
	}
	return nil
}

// short cuts s for an error message.
func short(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
