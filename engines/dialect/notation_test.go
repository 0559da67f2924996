package dialect

import (
	"strings"
	"testing"
)

func TestUSINotation(t *testing.T) {
	for _, c := range []struct {
		files, ranks int
		varena, usi  string
	}{
		// Shogi, 9x9: 7g7f is c3c4, the bishop's 8h2b+ is b2h8+.
		{9, 9, "c3c4", "7g7f"},
		{9, 9, "b2h8+", "8h2b+"},
		{9, 9, "P@e5", "P*5e"},
		{9, 9, "a1i9", "9i1a"},
		{9, 9, "e9e8", "5a5b"},
		// Minishogi, 5x5: Fairy-Stockfish's 2e3d from the start.
		{5, 5, "d1c2", "2e3d"},
		{5, 5, "B@c3", "B*3c"},
		{5, 5, "a2a3+", "5d5c+"},
		// Dobutsu, 3x4.
		{3, 4, "b2b3", "2c2b"},
		{3, 4, "C@a4", "C*3a"},
		// Chess in USI notation, as Fairy-Stockfish writes it.
		{8, 8, "e2e4", "4g4e"},
		{8, 8, "a7a8q", "8b8aq"},
		{8, 8, "+P@e4", "+P*4e"},
		{8, 8, "e3e4-", "4f4e-"},
	} {
		got, err := ToUSI(c.varena, c.files, c.ranks)
		if err != nil || got != c.usi {
			t.Errorf("ToUSI(%q, %d, %d) = %q, %v; want %q", c.varena, c.files, c.ranks, got, err, c.usi)
		}
		back, err := FromUSI(c.usi, c.files, c.ranks)
		if err != nil || back != c.varena {
			t.Errorf("FromUSI(%q, %d, %d) = %q, %v; want %q", c.usi, c.files, c.ranks, back, err, c.varena)
		}
	}
	// A promotion refused may be marked "=".
	if got, err := FromUSI("7g7f=", 9, 9); err != nil || got != "c3c4" {
		t.Errorf("FromUSI(7g7f=) = %q, %v", got, err)
	}
}

func TestUCCINotation(t *testing.T) {
	for _, c := range []struct {
		files, ranks int
		varena, ucci string
	}{
		// Xiangqi: ranks 0 to 9 on the wire.
		{9, 10, "h3e3", "h2e2"},
		{9, 10, "b1c3", "b0c2"},
		{9, 10, "a10a9", "a9a8"},
		{9, 10, "e1e1", "e0e0"}, // janggi's pass
		// Grand (10x10) too; other boards keep varena's names.
		{10, 10, "j10j9", "j9j8"},
		{7, 7, "b1b4", "b1b4"},
		{10, 8, "a7a8q", "a7a8q"},
	} {
		got, err := ToUCCI(c.varena, c.files, c.ranks)
		if err != nil || got != c.ucci {
			t.Errorf("ToUCCI(%q, %d, %d) = %q, %v; want %q", c.varena, c.files, c.ranks, got, err, c.ucci)
		}
		back, err := FromUCCI(c.ucci, c.files, c.ranks)
		if err != nil || back != c.varena {
			t.Errorf("FromUCCI(%q, %d, %d) = %q, %v; want %q", c.ucci, c.files, c.ranks, back, err, c.varena)
		}
	}
}

func TestNotationErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"usi off the board", second(ToUSI("j1j2", 9, 9)), "no from square"},
		{"usi file 0", second(FromUSI("0a1a", 9, 9)), "no from square"},
		{"usi rank j", second(FromUSI("1j1a", 9, 9)), "no from square"},
		{"usi big board", second(ToUSI("a1a2", 10, 10)), "up to 9x9"},
		{"usi drop without piece", second(FromUSI("*5e", 9, 9)), "one piece letter"},
		{"usi trailing", second(FromUSI("7g7fxx", 9, 9)), "after the squares"},
		{"usi no to", second(FromUSI("7g", 9, 9)), "no to square"},
		{"ucci rank 10", second(FromUCCI("a10a9", 9, 10)), "no to square"},
		{"ucci drop mark", second(FromUCCI("P*e4", 9, 10)), "no from square"},
		{"varena rank 0", second(ToUCCI("a0a1", 9, 10)), "no from square"},
		{"empty", second(ToUSI("", 9, 9)), "no from square"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: error %v; want one with %q", c.name, c.err, c.want)
		}
	}
}

func second(_ string, err error) error { return err }

// FuzzNotation checks, for any text and board, that a conversion that
// succeeds converts back to the same text, both ways, in both dialects.
func FuzzNotation(f *testing.F) {
	for _, s := range []string{"c3c4", "7g7f", "P*5e", "P@e5", "8h2b+", "+P*4e", "h2e2", "a10a9", "a9a8", "b8b9q", "7g7f="} {
		f.Add(s, 9, 10)
		f.Add(s, 9, 9)
		f.Add(s, 5, 5)
	}
	f.Fuzz(func(t *testing.T, s string, files, ranks int) {
		for _, d := range []struct {
			name     string
			to, from func(string, int, int) (string, error)
		}{
			{"usi", ToUSI, FromUSI},
			{"ucci", ToUCCI, FromUCCI},
		} {
			if out, err := d.to(s, files, ranks); err == nil {
				back, err := d.from(out, files, ranks)
				if err != nil || back != s {
					t.Errorf("%s: %q -> %q -> %q, %v", d.name, s, out, back, err)
				}
			}
			if in, err := d.from(s, files, ranks); err == nil {
				out, err := d.to(in, files, ranks)
				want := strings.TrimSuffix(s, "=")
				if d.name == "ucci" {
					want = s
				}
				if err != nil || out != want {
					t.Errorf("%s: %q -> %q -> %q, %v", d.name, s, in, out, err)
				}
			}
		}
	})
}
