package arena_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"varena/arena"
	"varena/configs/configtest"
	"varena/engines"
	"varena/engines/chess"
	"varena/results"
)

// Debian's stockfish and ethereal-chess packages: ordinary UCI chess
// engines, with no UCI_Variant, that varena must drive as cutechess-cli
// and fastchess do.
const (
	stockfishPath = "/usr/games/stockfish"
	etherealPath  = "/usr/games/ethereal-chess"
)

// orthodoxRun is stockfish against ethereal-chess in variant v: games
// games at nodes nodes a move (a little CPU, no clock to forfeit on),
// two at a time.
func orthodoxRun(t *testing.T, v string, games, nodes int) string {
	t.Helper()
	for _, p := range []string{stockfishPath, etherealPath} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed (apt install stockfish ethereal-chess)", p)
		}
	}
	return fmt.Sprintf(`
name: orthodox-%s
variant: %s
seed: 5
concurrency: 2
tournament: {type: round-robin, games: %d}
openings: {plies: 4}
time_control: {nodes: %d}
adjudication: {max_plies: 300}
engines:
  - {name: stockfish, kind: uci, command: %s, options: {Hash: 4, Threads: 1}}
  - {name: ethereal, kind: uci, command: %s, options: {Hash: 4, Threads: 1}}
`, v, v, games, nodes, stockfishPath, etherealPath)
}

// TestOrthodoxEngines plays stockfish against ethereal-chess through
// arena.Run in standard chess and in Chess960 (UCI_Chess960, random
// start positions): every game must end without a fault, and every game
// of the PGN must replay by the rules to its recorded result.
func TestOrthodoxEngines(t *testing.T) {
	for _, v := range []*engines.Variant{chess.Standard, chess.Chess960} {
		t.Run(v.Name, func(t *testing.T) {
			const games = 4
			r := benchRun(t, orthodoxRun(t, v.Name, games, 2000))
			out := t.TempDir()
			sum, err := arena.Run(context.Background(), configtest.Resolve(t, r), arena.Options{Out: out})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Played != games || len(sum.Faults) > 0 {
				t.Fatalf("played %d of %d games, faults %v, terminations %v", sum.Played, games, sum.Faults, sum.Terms)
			}
			f, err := os.Open(filepath.Join(out, "games.pgn"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			pgs, err := results.ReadPGN(f)
			if err != nil || len(pgs) != games {
				t.Fatalf("PGN: %d games, %v", len(pgs), err)
			}
			starts := map[string]bool{}
			for _, pg := range pgs {
				replayPGN(t, v, pg)
				starts[strings.Fields(pg.Tags["FEN"] + " x")[0]] = true
			}
			if v.Chess960 && len(starts) < 2 {
				t.Errorf("every Chess960 game began from one position: %v", starts)
			}
		})
	}
}

// replayPGN plays a PGN game's moves by v's rules from its FEN tag and
// checks a result the rules decided.
func replayPGN(t *testing.T, v *engines.Variant, pg results.PGNGame) {
	t.Helper()
	if got := pg.Tags["Variant"]; got != v.Name {
		t.Errorf("line %d: Variant tag %q, want %q", pg.Line, got, v.Name)
	}
	pos, err := engines.ParseFEN(v, pg.Tags["FEN"])
	if err != nil {
		t.Fatalf("line %d: %v", pg.Line, err)
	}
	game := engines.NewGame(pos)
	for i, san := range pg.Moves {
		m, err := game.Position().ParseSAN(san)
		if err != nil {
			t.Fatalf("line %d: ply %d: %v", pg.Line, i+1, err)
		}
		game.Play(m)
	}
	if o := game.Outcome(); o.Result != engines.Ongoing && o.Result.String() != pg.Tags["Result"] {
		t.Errorf("line %d: result %s, the rules say %s by %s", pg.Line, pg.Tags["Result"], o.Result, o.Reason)
	}
}
