package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/variants"
	"varena/results"
	"varena/results/rules"
)

// pgnGame writes one game: tags as name/value pairs, then the movetext.
func pgnGame(movetext string, tags ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(tags); i += 2 {
		fmt.Fprintf(&b, "[%s %q]\n", tags[i], tags[i+1])
	}
	b.WriteString("\n" + movetext + "\n\n")
	return b.String()
}

func writePGN(t *testing.T, games ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(strings.Join(games, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A good game beside each bad one, so that the rating still runs.
var goodGame = pgnGame("1. e4 e5 2. Nf3 Nc6 1/2-1/2", "White", "good1", "Black", "good2", "Result", "1/2-1/2", "Variant", "extinction")

func TestRateReportsBadGames(t *testing.T) {
	ext := func(result, movetext string, extra ...string) string {
		return pgnGame(movetext, append([]string{"White", "a", "Black", "b", "Result", result, "Variant", "extinction"}, extra...)...)
	}
	tests := []struct {
		name string
		game string
		want []string // in the warning
	}{
		{"illegal square", ext("1-0", "1. e4 e5 2. Ke9 1-0"), []string{":1: game 1:", "move 2. Ke9", "extinction"}},
		{"black's move", ext("1-0", "1. e4 Zz9 1-0"), []string{"move 1... Zz9"}},
		{"not a standard move", pgnGame("1. Zz9 1-0", "White", "a", "Black", "b", "Result", "1-0"), []string{"move 1. Zz9", "is not legal in standard"}},
		{"standard off the board", pgnGame("1. e4 e5 2. Ke9 1-0", "White", "a", "Black", "b", "Result", "1-0"), []string{"move 2. Ke9"}},
		{"unknown variant", pgnGame("1. e4 1-0", "White", "a", "Black", "b", "Result", "1-0", "Variant", "bogusvariant"),
			[]string{`unknown variant "bogusvariant"`, "extinction, losalamos-bunkers, evolution"}},
		{"result disagrees", ext("1-0", "1. e4 e5 0-1"), []string{`Result tag "1-0" disagrees`, `"0-1"`}},
		{"bad result tag", ext("2-0", "1. e4 e5"), []string{`Result tag "2-0"`}},
		{"bad result marker", ext("1-0", "1. e4 e5 2-0"), []string{`result "2-0" in the movetext`}},
		{"plays itself", pgnGame("1. e4 e5 1-0", "White", "a", "Black", "a", "Result", "1-0", "Variant", "extinction"),
			[]string{"game 1:", "a plays itself"}},
		{"no players", pgnGame("1. e4 e5 1-0", "White", "?", "Black", "b", "Result", "1-0", "Variant", "extinction"), []string{"White or Black"}},
		{"move after the end", ext("1-0", "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxd2 4. Bxd2 e5 1-0"),
			[]string{"move 4... e5", "already over (extinction)"}},
		{"result against the rules", ext("0-1", "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxd2 4. Bxd2 0-1"),
			[]string{"result 0-1, but the game ended by extinction, 1-0"}},
		{"bad FEN", ext("1-0", "1. e4 1-0", "FEN", "8/8/8 w - - 0 1", "SetUp", "1"), []string{"FEN tag"}},
		{"illegal standard move", pgnGame("1. e4 e5 2. Ke3 1-0", "White", "a", "Black", "b", "Result", "1-0"),
			[]string{"move 2. Ke3 is not legal in standard"}},
		{"castling through check", pgnGame("1. O-O 1-0", "White", "a", "Black", "b", "Result", "1-0", "FEN", "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "SetUp", "1"),
			[]string{"move 1. O-O is not legal in standard"}},
		{"standard result against the rules", pgnGame("1. f3 e5 2. g4 Qh4# 1-0", "White", "a", "Black", "b", "Result", "1-0"),
			[]string{"result 1-0, but the game ended by checkmate, 0-1"}},
		{"bad chess960 FEN", pgnGame("1. e4 1-0", "White", "a", "Black", "b", "Result", "1-0", "Variant", "chess960", "FEN", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", "SetUp", "1"),
			[]string{"FEN tag"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writePGN(t, tt.game, goodGame)
			var stdout, stderr bytes.Buffer
			if err := rateMain([]string{path}, &stdout, &stderr); err != nil {
				t.Fatalf("rate: %v\n%s", err, stderr.String())
			}
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			if len(lines) != 2 {
				t.Fatalf("want a warning and the count, have:\n%s", stderr.String())
			}
			if !strings.HasPrefix(lines[0], "varena rate: "+path+":") || !strings.HasSuffix(lines[0], "game skipped") {
				t.Errorf("warning %q: want FILE:LINE first and the skip last", lines[0])
			}
			for _, w := range tt.want {
				if !strings.Contains(lines[0], w) {
					t.Errorf("warning %q lacks %q", lines[0], w)
				}
			}
			if !strings.Contains(lines[1], "skipped 1 of 2 games") {
				t.Errorf("count %q", lines[1])
			}
			// The good game is rated; the bad one is not.
			if !strings.Contains(stdout.String(), "good1") || strings.Contains(stdout.String(), " a ") {
				t.Errorf("tables:\n%s", stdout.String())
			}
		})
	}
}

func TestRateGoodGamesPass(t *testing.T) {
	tests := []struct {
		name, game string
	}{
		{"castling with zeros", pgnGame("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 1-0", "White", "a", "Black", "b", "Result", "1-0")},
		{"long algebraic", pgnGame("1. e2-e4 e7e5 2. Ng1-f3 1-0", "White", "a", "Black", "b", "Result", "1-0")},
		{"promotion", pgnGame("1. a8=Q+ Kg1 2. Qg8+ Kf1 1-0", "White", "a", "Black", "b", "Result", "1-0", "FEN", "8/P7/8/8/8/8/8/K6k w - - 0 1")},
		{"checkmate", pgnGame("1. f3 e5 2. g4 Qh4# 0-1", "White", "a", "Black", "b", "Result", "0-1")},
		{"insufficient material", pgnGame("1. Kxb2 1/2-1/2", "White", "a", "Black", "b", "Result", "1/2-1/2", "FEN", "8/8/8/8/8/8/1n6/K6k w - - 0 1")},
		{"black moves first", pgnGame("1... e5 1-0", "White", "a", "Black", "b", "Result", "1-0", "Variant", "extinction",
			"FEN", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "SetUp", "1")},
		{"extinction ends the game", pgnGame("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxd2+ 4. Bxd2 1-0",
			"White", "a", "Black", "b", "Result", "1-0", "Variant", "Extinction")},
		{"no result tag", pgnGame("1. e4 e5 1-0", "White", "a", "Black", "b", "Variant", "extinction")},
		{"standard named", pgnGame("1. e4 e5 1-0", "White", "a", "Black", "b", "Variant", "Standard")},
		{"chess960", pgnGame("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O 1-0", "White", "a", "Black", "b", "Variant", "fischerandom", "Result", "1-0",
			"FEN", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "SetUp", "1")},
		{"chess960 king on its castling square", pgnGame("1. O-O 1-0", "White", "a", "Black", "b", "Variant", "Chess960", "Result", "1-0",
			"FEN", "4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "SetUp", "1")},
		{"bunkers", pgnGame("1. c3 c4 1/2-1/2", "White", "a", "Black", "b", "Variant", "losalamos-bunkers", "Result", "1/2-1/2")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if err := rateMain([]string{writePGN(t, tt.game)}, &stdout, &stderr); err != nil || stderr.Len() > 0 {
				t.Fatalf("rate: %v\n%s", err, stderr.String())
			}
		})
	}
}

func TestRateWarningsCapped(t *testing.T) {
	var games []string
	for range 25 {
		games = append(games, pgnGame("1. e4 e5 2. Ke9 1-0", "White", "a", "Black", "b", "Result", "1-0", "Variant", "extinction"))
	}
	games = append(games, goodGame)
	var stdout, stderr bytes.Buffer
	if err := rateMain([]string{writePGN(t, games...)}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if len(lines) != rules.MaxWarnings+2 || !strings.Contains(lines[rules.MaxWarnings], "and 5 more warnings") ||
		!strings.Contains(lines[rules.MaxWarnings+1], "skipped 25 of 26 games: 25 with a move that is not legal") {
		t.Errorf("stderr:\n%s", stderr.String())
	}
}

func TestRateNothingToRate(t *testing.T) {
	unfinished := pgnGame("1. e4 e5 *", "White", "a", "Black", "b", "Result", "*")
	bad := pgnGame("1. Zz9 1-0", "White", "a", "Black", "b", "Result", "1-0")
	tests := []struct {
		name  string
		games []string
		want  string
	}{
		{"all unfinished", []string{unfinished, unfinished}, "all 2 games are unfinished"},
		{"all bad", []string{bad, unfinished}, "no game left to rate (2 read, 1 skipped, 1 unfinished)"},
		{"empty", nil, "no games"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writePGN(t, tt.games...)
			var stdout, stderr bytes.Buffer
			err := rateMain([]string{path}, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), path) {
				t.Errorf("error %v, want %s: ... %q", err, path, tt.want)
			}
		})
	}
}

// FuzzRateCheck feeds PGN through the checker: no panic, and every
// warning is one line naming the file.
func FuzzRateCheck(f *testing.F) {
	f.Add([]byte(goodGame))
	f.Add([]byte(pgnGame("1. e4 e5 2. Ke9 2-0", "White", "a", "Black", "b", "Result", "2-0", "Variant", "extinction")))
	f.Add([]byte(pgnGame("1... Vc1 1-0", "White", "a", "Black", "b", "Variant", "losalamos-bunkers", "FEN", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 b - - 0 1")))
	f.Fuzz(func(t *testing.T, data []byte) {
		pgs, err := results.ReadPGN(bytes.NewReader(data))
		if err != nil {
			return
		}
		var warnings bytes.Buffer
		c := rules.NewPGNChecker(&warnings, nil)
		rated := 0
		for i, pg := range pgs {
			if _, ok := c.Game("f.pgn", i+1, pg); ok {
				rated++
			}
		}
		_ = c.Finish([]string{"f.pgn"}, rated)
		for _, line := range strings.Split(strings.TrimSuffix(warnings.String(), "\n"), "\n") {
			if line != "" && !strings.HasPrefix(line, "varena rate: ") {
				t.Fatalf("warning line %q", line)
			}
		}
	})
}

// randomGamesPGN writes n games of random moves in each variant, as
// varena's PGN writer writes them, each to its end or 120 plies.
func randomGamesPGN(tb testing.TB, n int) []byte {
	tb.Helper()
	var b bytes.Buffer
	rng := rand.New(rand.NewPCG(1, 2))
	var buf [engines.MaxMoves]engines.Move
	for i := range n {
		v := variants.All[i%len(variants.All)]
		game := engines.NewGame(v.StartPosition())
		g := results.Game{ID: i + 1, Variant: v.Name, White: "p1", Black: "p2", StartIsInitial: true, Result: results.Draw}
		for ply := 0; ply < 120 && game.Outcome().Result == engines.Ongoing; ply++ {
			moves := game.Position().GenerateMoves(buf[:0])
			g.Moves = append(g.Moves, results.Move{SAN: game.PlaySAN(moves[rng.IntN(len(moves))])})
		}
		if o := game.Outcome(); o.Result != engines.Ongoing {
			g.Result = o.Result.String()
		}
		if err := results.WritePGN(&b, g); err != nil {
			tb.Fatal(err)
		}
	}
	return b.Bytes()
}

// Random games of every variant, written by varena, pass the check
// without a word.
func TestRateCheckRandomGames(t *testing.T) {
	pgs, err := results.ReadPGN(bytes.NewReader(randomGamesPGN(t, 60)))
	if err != nil {
		t.Fatal(err)
	}
	var warnings bytes.Buffer
	c := rules.NewPGNChecker(&warnings, nil)
	for i, pg := range pgs {
		if _, ok := c.Game("r.pgn", i+1, pg); !ok {
			t.Errorf("game %d left out", i+1)
		}
	}
	if warnings.Len() > 0 {
		t.Errorf("warnings:\n%s", warnings.String())
	}
}

// BenchmarkRateCheck measures the replay of games read from PGN, the
// cost `varena rate FILE.pgn` adds per game (games/s).
func BenchmarkRateCheck(b *testing.B) {
	pgs, err := results.ReadPGN(bytes.NewReader(randomGamesPGN(b, 300)))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	games := 0
	for b.Loop() {
		c := rules.NewPGNChecker(io.Discard, nil)
		for i, pg := range pgs {
			c.Game("r.pgn", i+1, pg)
			games++
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}
