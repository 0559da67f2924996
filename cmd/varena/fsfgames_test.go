package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fsfBinary is the Debian package's Fairy-Stockfish, the reference for
// variants from a variants.ini.
const fsfBinary = "/usr/games/fairy-stockfish"

// TestGamesAgainstFairyStockfish: the built-in engine plays
// Fairy-Stockfish 11.1 (2 games, or 20 with VARENA_DEEP=1) in each of
// five variants of a variants.ini (sections of
// its parents king of the hill, 3check, antichess and shatranj, and a
// chess with compound fairy pieces). No move either side plays is
// refused, and every game that a rule ended (not an adjudication, a
// repetition or the move rule, which Fairy-Stockfish leaves to the GUI)
// ends where Fairy-Stockfish, given the same moves, finds no move to
// play.
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
`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, variant := range []string{"hill5", "check5", "anti5", "shatranj5", "compound5"} {
		t.Run(variant, func(t *testing.T) {
			cfg := filepath.Join(dir, variant+".yaml")
			out := filepath.Join(dir, "out-"+variant)
			if err := os.WriteFile(cfg, []byte(fmt.Sprintf(`name: %s
variant: %s
variant_file: five.ini
out: out-%s
tournament: {type: round-robin, games: %d}
openings: {plies: 2}
time_control: {nodes: 1000}
adjudication: {max_plies: 300}
engines:
  - {name: varena, kind: alphabeta}
  - {name: fsf, kind: uci, command: %s, options: {VariantPath: %s, Hash: 4}}
`, variant, variant, variant, games, fsfBinary, ini)), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr strings.Builder
			if err := execute(context.Background(), runCmd, []string{cfg, "-quiet", "-concurrency", "2"}, stdio{strings.NewReader(""), &stdout, &stderr}); err != nil {
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
			t.Logf("%s: %d game ends agree with Fairy-Stockfish", variant, checked)
		})
	}
}

// fsfBestMove asks Fairy-Stockfish for its move at depth 1 after moves
// from fen in variant of the file ini: "(none)" when the game is over.
func fsfBestMove(t *testing.T, ini, variant, fen string, moves []string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, fsfBinary)
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	cmd.Stdin = strings.NewReader(fmt.Sprintf("setoption name VariantPath value %s\nsetoption name UCI_Variant value %s\n%s\ngo depth 1\n", ini, variant, pos))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) >= 2 && f[0] == "bestmove" {
			cancel()
			return f[1]
		}
	}
	t.Fatalf("Fairy-Stockfish gave no bestmove for %s", pos)
	return ""
}
