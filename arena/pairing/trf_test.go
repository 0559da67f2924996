package pairing

import (
	"strings"
	"testing"
)

// line builds a 001 line by TRF-16's columns from the pairing number, the
// points and the round entries ("  26 w 1", "0000 - H").
func line(no int, points string, rounds ...string) string {
	l := "001 " + pad(no, 4) + strings.Repeat(" ", 72) + points
	l += strings.Repeat(" ", 84-len(l)) + " " + pad(no, 4) + " "
	for _, r := range rounds {
		l += " " + r + " "
	}
	return strings.TrimRight(l, " ")
}

func pad(n, w int) string {
	s := strings.Repeat(" ", w) + itoa(n)
	return s[len(s)-w:]
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func TestReadTRF(t *testing.T) {
	good := strings.Join([]string{
		"012 Test",
		"XXR 5",
		line(1, " 1.5", "   2 w 1", "0000 - H", "   3 b -"),
		line(2, " 1.0", "   1 b 0", "   3 w 1", "0000 - U"),
		line(3, " 1.0", "0000 - U", "   2 b 0", "   1 w +"),
	}, "\n")
	trf, err := ReadTRF(strings.NewReader(good), "good.trf")
	if err != nil {
		t.Fatal(err)
	}
	if trf.Rounds != 5 || len(trf.Players) != 3 {
		t.Fatalf("got %d rounds, %d players", trf.Rounds, len(trf.Players))
	}
	// Round 2: 1 is absent (H); 2 met 1 with black, both on 0: no float;
	// 3 had the bye in round 1, a downfloat.
	ps := trf.Before(2)
	if len(ps) != 2 || ps[0].No != 2 || ps[1].No != 3 {
		t.Fatalf("round 2 players: %+v", ps)
	}
	if p := ps[0]; p.Score != 0 || p.Colours[0] != Black || p.Opponents[0] != 1 || p.Floats[0] != NoFloat {
		t.Errorf("player 2 before round 2: %+v", p)
	}
	if p := ps[1]; p.Score != 2 || !p.HadBye || p.Colours[0] != NoColour || p.Floats[0] != Down {
		t.Errorf("player 3 before round 2: %+v", p)
	}
	// Round 4: 1 was absent in round 2 and 3 met 2 on 1 point against 0
	// (downfloats both); the forfeit of round 3 is no game (a downfloat,
	// no colour, no meeting), and the forfeit win bars a bye.
	ps = trf.Before(4)
	if len(ps) != 3 {
		t.Fatalf("round 4 players: %+v", ps)
	}
	if p := ps[0]; p.Score != 3 || len(p.Opponents) != 1 || p.Colours[2] != NoColour || p.Floats[1] != Down || p.Floats[2] != Down || p.HadBye {
		t.Errorf("player 1 before round 4: %+v", p)
	}
	if p := ps[1]; p.Score != 4 || p.Floats[1] != Up || p.Colours[1] != White {
		t.Errorf("player 2 before round 4: %+v", p)
	}
	if p := ps[2]; p.Score != 4 || !p.HadBye || p.Floats[1] != Down || len(p.Opponents) != 1 {
		t.Errorf("player 3 before round 4: %+v", p)
	}
	if r := trf.Pairing(3); r.String() != "3-1 bye 2" {
		t.Errorf("round 3: got %q, want %q", r, "3-1 bye 2")
	}

	// An accelerated event: 1 and 2 have a fictitious point in rounds 1
	// and 2, 3 and 4 none; 5 has no entry for round 1, which the others
	// record, so 5 had not come yet.
	acc := strings.Join([]string{
		"XXA    1  1.0  1.0",
		line(1, " 1.0", "   2 w 1"),
		line(2, " 0.0", "   1 b 0"),
		line(3, " 0.0", "   4 w 0"),
		line(4, " 1.0", "   3 b 1"),
		line(5, " 0.0"),
		"XXA    2  1.0  1.0",
	}, "\n")
	if trf, err = ReadTRF(strings.NewReader(acc), "acc.trf"); err != nil {
		t.Fatal(err)
	}
	if ps := trf.Before(1); len(ps) != 4 || ps[0].Score != 2 || ps[1].Score != 2 || ps[2].Score != 0 {
		t.Errorf("accelerated round 1: %+v", ps)
	}
	// Round 2: 1 and 2 met on the same paired score (no float); 1 now has
	// 1 + 1, 2 has 0 + 1, the same as 4's 1 + 0; 5 plays.
	ps = trf.Before(2)
	if len(ps) != 5 {
		t.Fatalf("accelerated round 2 players: %+v", ps)
	}
	for i, want := range []struct{ score int }{{4}, {2}, {0}, {2}, {0}} {
		if ps[i].Score != want.score {
			t.Errorf("accelerated round 2: player %d has %d half-points, want %d", ps[i].No, ps[i].Score, want.score)
		}
	}
	if ps[0].Floats[0] != NoFloat || ps[3].Floats[0] != NoFloat {
		t.Errorf("accelerated round 2: floats %v %v, want none", ps[0].Floats, ps[3].Floats)
	}

	bad := []struct {
		name, text, want string
	}{
		{"no players", "012 Test\n", "no player lines"},
		{"short line", "001    1 m", "good.trf:1: player line of 10 characters"},
		{"bad number", "001    x" + strings.Repeat("a", 80), "pairing number"},
		{"twice", line(1, " 0.0") + "\n" + line(1, " 0.0"), "good.trf:2: pairing number 1 twice"},
		{"bad colour", line(1, " 0.0", "   2 x 1") + "\n" + line(2, " 0.0", "   1 b 0"), "colour 'x'"},
		{"bad result", line(1, " 0.0", "   2 w 7") + "\n" + line(2, " 0.0", "   1 b 0"), "result '7'"},
		{"game without colour", line(1, " 0.0", "   2 - 1") + "\n" + line(2, " 0.0", "   1 b 0"), "a game needs"},
		{"bye with opponent", line(1, " 0.0", "   2 w U"), "a game needs"},
		{"missing opponent", line(1, " 0.0", "   9 w 1"), "opponent 9 has no line"},
		{"one-sided", line(1, " 0.0", "   2 w 1") + "\n" + line(2, " 0.0", "   1 w 0"), "not on 2's line"},
		{"own opponent", line(1, " 0.0", "   1 w 1"), "opponent"},
		{"bad XXR", "XXR many\n" + line(1, " 0.0"), "good.trf:1: XXR"},
		{"XXA without line", line(1, " 0.0") + "\nXXA    9  1.0", "good.trf:2: XXA: player 9 has no line"},
		{"XXA twice", line(1, " 0.0") + "\nXXA    1  1.0\nXXA    1  1.0", "good.trf:3: XXA: player 1 twice"},
		{"XXA not a half", line(1, " 0.0") + "\nXXA    1  0.3", "good.trf:2: XXA: player 1, round 1: points \"0.3\""},
		{"XXA no points", line(1, " 0.0") + "\nXXA    1", "good.trf:2: XXA: want"},
		{"XXA bad number", line(1, " 0.0") + "\nXXA    x  1.0", "good.trf:2: XXA: pairing number"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadTRF(strings.NewReader(tc.text), "good.trf")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// FuzzReadTRF feeds the reader any text: it errs or gives players whose
// every round the pairer can take, never a panic.
func FuzzReadTRF(f *testing.F) {
	// Small events, written out: the fuzzer minimizes each input it
	// finds interesting, and a mutated event of 52 or 84 players (the
	// real events of TestDutchEvent) took it most of a minute's run.
	f.Add(line(1, " 1.0", "   2 w 1") + "\n" + line(2, " 0.0", "   1 b 0"))
	f.Add(strings.Join([]string{ // six players, three rounds
		line(1, " 2.5", "   4 w 1", "   2 b =", "   6 w 1"),
		line(2, " 1.5", "   5 b 0", "   1 w =", "   3 b 1"),
		line(3, " 2.0", "   6 w 1", "   5 b 1", "   2 w 0"),
		line(4, " 1.5", "   1 b 0", "   6 w 1", "   5 b ="),
		line(5, " 1.5", "   2 w 1", "   3 w 0", "   4 w ="),
		line(6, " 0.0", "   3 b 0", "   4 b 0", "   1 b 0"),
	}, "\n"))
	f.Add(strings.Join([]string{ // five players: byes, an absence, a forfeit, acceleration
		"XXR 4",
		"XXA    1  1.0  1.0",
		line(1, " 2.5", "   2 w 1", "0000 - H", "   4 b +"),
		line(2, " 2.0", "   1 b 0", "   3 w 1", "0000 - U"),
		line(3, " 1.5", "0000 - U", "   2 b 0", "   5 w ="),
		line(4, " 0.5", "   5 b =", "   5 w 0", "   1 w -"),
		line(5, " 2.0", "   4 w =", "   4 b 1", "   3 b ="),
	}, "\n"))
	f.Fuzz(func(t *testing.T, text string) {
		trf, err := ReadTRF(strings.NewReader(text), "fuzz.trf")
		if err != nil {
			return
		}
		rounds := 0
		for _, p := range trf.Players {
			rounds = max(rounds, len(p.Games))
		}
		for r := 1; r <= rounds+1 && r <= 12; r++ {
			ps := trf.Before(r)
			for _, p := range ps {
				if len(p.Colours) != r-1 || len(p.Floats) != r-1 {
					t.Fatalf("round %d: player %d has %d colours, %d floats", r, p.No, len(p.Colours), len(p.Floats))
				}
			}
			trf.Pairing(r)
			if len(ps) >= 2 && len(ps) <= 12 {
				Dutch(ps) // may fail to pair, must not panic
			}
		}
	})
}
