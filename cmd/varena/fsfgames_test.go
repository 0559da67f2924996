package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fsfBinary is the Debian package's Fairy-Stockfish, the reference for
// variants from a variants.ini.
const fsfBinary = "/usr/games/fairy-stockfish"

// TestGamesAgainstFairyStockfish: the built-in engine plays
// Fairy-Stockfish 11.1 (2 games, or 20 with VARENA_DEEP=1) in each of
// six variants of a variants.ini (sections of its parents king of the
// hill, 3check, antichess, shatranj and makruk, and a chess with
// compound fairy pieces), and makruk from the endings of
// testdata/makruk-ends.epd, whose counts are near their limits. No move
// either side plays is refused, and every game that a rule ended (not
// an adjudication, a repetition or the move rule, which
// Fairy-Stockfish leaves to the GUI) ends where Fairy-Stockfish, given
// the same moves, finds no move to play; a game makruk's count ended
// ends where Fairy-Stockfish's FEN has the count past its limit, and
// not a ply before (Fairy-Stockfish plays on at the root: the count is
// one of its optional game ends, a draw only inside its search).
func TestGamesAgainstFairyStockfish(t *testing.T) {
	if _, err := os.Stat(fsfBinary); err != nil {
		t.Skipf("needs Fairy-Stockfish at %s (Debian package fairy-stockfish; .ci/run installs it): %v", fsfBinary, err)
	}
	if testing.Short() {
		t.Skip("-short: 10 games against Fairy-Stockfish")
	}
	// 2 games a variant; VARENA_DEEP=1 plays the 20 of the issue.
	games := 2
	if os.Getenv("VARENA_DEEP") != "" {
		games = 20
	}
	dir := t.TempDir()
	ini := filepath.Join(dir, "five.ini")
	if err := os.WriteFile(ini, []byte(`[hill5:kingofthehill]
[check5:3check]
[anti5:antichess]
[shatranj5:shatranj]
[compound5:chess]
queen = -
bishop = -
knight = -
amazon = a
centaur = c
archbishop = h
chancellor = e
startFen = rhcakceh/pppppppp/8/8/8/8/PPPPPPPP/RHCAKCEH w Qq - 0 1
promotionPieceTypes = ahcer
[makruk5:makruk]
`), 0o644); err != nil {
		t.Fatal(err)
	}
	ends, err := filepath.Abs("testdata/makruk-ends.epd")
	if err != nil {
		t.Fatal(err)
	}
	counted := 0 // games ended by makruk's count
	for _, tt := range []struct {
		name, variant, openings string
		games                   int
	}{
		{"hill5", "hill5", "{plies: 2}", games},
		{"check5", "check5", "{plies: 2}", games},
		{"anti5", "anti5", "{plies: 2}", games},
		{"shatranj5", "shatranj5", "{plies: 2}", games},
		{"compound5", "compound5", "{plies: 2}", games},
		{"makruk5", "makruk5", "{plies: 2}", games},
		// Each ending with both colours: 12 games.
		{"makruk5-ends", "makruk5", "{file: " + ends + "}", 12},
	} {
		variant := tt.variant
		t.Run(tt.name, func(t *testing.T) {
			cfg := filepath.Join(dir, tt.name+".yaml")
			out := filepath.Join(dir, "out-"+tt.name)
			if err := os.WriteFile(cfg, []byte(fmt.Sprintf(`name: %s
variant: %s
variant_file: five.ini
out: out-%s
tournament: {type: round-robin, games: %d}
openings: %s
time_control: {nodes: 1000}
adjudication: {max_plies: 300}
engines:
  - {name: varena, kind: alphabeta}
  - {name: fsf, kind: uci, command: %s, options: {VariantPath: %s, Hash: 4}}
`, tt.name, variant, tt.name, tt.games, tt.openings, fsfBinary, ini)), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr strings.Builder
			if err := execute(context.Background(), runCmd, []string{cfg, "-quiet", "-concurrency", "2"}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
				t.Fatalf("run: %v\n%s", err, stderr.String())
			}
			data, err := os.ReadFile(filepath.Join(out, "journal.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				var g struct {
					ID          int    `json:"id"`
					StartFEN    string `json:"start_fen"`
					Termination string `json:"termination"`
					Moves       []struct {
						UCI string `json:"uci"`
					} `json:"moves"`
				}
				if err := json.Unmarshal([]byte(line), &g); err != nil {
					t.Fatal(err)
				}
				switch g.Termination {
				case "adjudication", "threefold repetition", "50-move rule", "":
					continue
				case "time forfeit", "illegal move", "crash", "stall":
					t.Errorf("game %d ended by %s", g.ID, g.Termination)
					continue
				}
				moves := make([]string, len(g.Moves))
				for i, m := range g.Moves {
					moves[i] = m.UCI
				}
				if g.Termination == "counting rule" {
					if !fsfCountPassed(t, ini, variant, g.StartFEN, moves) {
						t.Errorf("game %d ended by the count after %d plies, where Fairy-Stockfish's has not passed its limit", g.ID, len(moves))
					}
					if fsfCountPassed(t, ini, variant, g.StartFEN, moves[:len(moves)-1]) {
						t.Errorf("game %d: Fairy-Stockfish's count passed its limit a ply before", g.ID)
					}
					checked++
					counted++
					continue
				}
				if best := fsfBestMove(t, ini, variant, g.StartFEN, moves); best != "(none)" {
					t.Errorf("game %d ended by %s after %d plies, where Fairy-Stockfish plays %s", g.ID, g.Termination, len(moves), best)
				}
				// One ply before, the game went on for both.
				if best := fsfBestMove(t, ini, variant, g.StartFEN, moves[:len(moves)-1]); best == "(none)" {
					t.Errorf("game %d: Fairy-Stockfish finds it over a ply before its %s", g.ID, g.Termination)
				}
				checked++
			}
			if checked == 0 {
				t.Errorf("no game of %s ended by a rule: nothing compared", variant)
			}
			t.Logf("%s: %d game ends agree with Fairy-Stockfish", tt.name, checked)
		})
	}
	if counted == 0 {
		t.Errorf("no makruk game ended by its count: the counting rule was not compared")
	}
	t.Logf("%d games ended by makruk's count", counted)
}

// fsfCountPassed reports whether Fairy-Stockfish's count of its counting
// rule has passed its limit after moves: its FEN (d) has the limit in
// the en-passant field and the plies counted in the halfmove field.
func fsfCountPassed(t *testing.T, ini, variant, fen string, moves []string) bool {
	t.Helper()
	f := strings.Fields(fsfAsk(t, ini, variant, fen, moves, "d", "Fen: "))
	if len(f) < 6 {
		t.Fatalf("Fairy-Stockfish's FEN %q", f)
	}
	limit, err1 := strconv.Atoi(f[3])
	plies, err2 := strconv.Atoi(f[4])
	return err1 == nil && err2 == nil && plies > limit
}

// fsfBestMove asks Fairy-Stockfish for its move at depth 1 after moves
// from fen in variant of the file ini: "(none)" when the game is over.
func fsfBestMove(t *testing.T, ini, variant, fen string, moves []string) string {
	t.Helper()
	return strings.Fields(fsfAsk(t, ini, variant, fen, moves, "go depth 1", "bestmove "))[0]
}

// fsfAsk sets up the position after moves from fen in variant of the
// file ini, sends cmd and returns the rest of the first line of the
// answer that starts with prefix.
func fsfAsk(t *testing.T, ini, variant, fen string, moves []string, cmd, prefix string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	proc := exec.CommandContext(ctx, fsfBinary)
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	proc.Stdin = strings.NewReader(fmt.Sprintf("setoption name VariantPath value %s\nsetoption name UCI_Variant value %s\n%s\n%s\n", ini, variant, pos, cmd))
	stdout, err := proc.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	defer proc.Wait()
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), prefix); ok && strings.TrimSpace(rest) != "" {
			cancel()
			return rest
		}
	}
	t.Fatalf("Fairy-Stockfish gave no %q line for %s, %s", prefix, pos, cmd)
	return ""
}
