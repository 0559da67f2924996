//go:build unix

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"varena/results/rundir"
	"varena/results/stats"
)

// The command lines of fishtest's and OpenBench's workers, with varena in
// fastchess's or cutechess-cli's place, and their readers' expressions
// and checks applied to varena's stdout.

// uciScript writes an engine that is `varena uci`, for command lines
// whose cmd= takes no arguments (fishtest's).
func uciScript(t *testing.T, bin string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "engine.sh")
	writeFile(t, path, "#!/bin/sh\nexec "+bin+" uci \"$@\"\n")
	if err := os.Chmod(path, 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// fishtest worker/games.py: the results block's two expressions.
var (
	fishtestWLD   = regexp.MustCompile(`Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), Points: ([0-9.]+) \(`)
	fishtestPtnml = regexp.MustCompile(`Ptnml\(0-2\): \[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\]`)
	fishtestError = []*regexp.Regexp{
		regexp.MustCompile(`Warning;.*doesn't have option`),
		regexp.MustCompile(`Warning;.*Invalid value`),
		regexp.MustCompile(`Warning;.*Illegal move`),
		regexp.MustCompile(`Warning;.*Illegal PV move`),
		regexp.MustCompile(`Warning;.*Move does not match uci move format`),
	}
	resultsOf = regexp.MustCompile(`^Results of (\S+) vs (\S+) \(`)
)

// fishtestBlock is one results block as fishtest reads it.
type fishtestBlock struct {
	a, b              string
	games, w, l, d    int
	ptnml             [5]int
	crashes, timeouts int // lines so far with "disconnect"/"stall", "on time"/"timeout"
}

// readFishtest reads stdout and stderr line by line as fishtest's worker
// does, checking its assertions, and returns the blocks in order and
// whether "Finished match" came after a block with all gamesToPlay games
// of the pairing.
func readFishtest(t *testing.T, out string, gamesToPlay int) (blocks []fishtestBlock, finished bool) {
	t.Helper()
	var cur fishtestBlock
	var wld, ptnml []string
	crashes, timeouts := 0, 0
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if strings.Contains(line, "Finished match") {
			if len(blocks) == 0 || blocks[len(blocks)-1].games != gamesToPlay {
				t.Fatalf("Finished match uncleanly: last block %+v, want %d games", blocks, gamesToPlay)
			}
			finished = true
		}
		for _, re := range fishtestError {
			if re.MatchString(line) {
				t.Fatalf("fastchess says: %q", line)
			}
		}
		if strings.Contains(line, "disconnect") || strings.Contains(line, "stall") {
			crashes++
		}
		if strings.Contains(line, "on time") || strings.Contains(line, "timeout") {
			timeouts++
		}
		if m := resultsOf.FindStringSubmatch(line); m != nil {
			cur = fishtestBlock{a: m[1], b: m[2]}
		}
		if m := fishtestWLD.FindStringSubmatch(line); m != nil {
			wld = m
		}
		if m := fishtestPtnml.FindStringSubmatch(line); m != nil {
			ptnml = m
		}
		if wld == nil || ptnml == nil {
			continue
		}
		n := func(s string) int {
			v, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			return v
		}
		cur.games, cur.w, cur.l, cur.d = n(wld[1]), n(wld[2]), n(wld[3]), n(wld[4])
		sum := 0
		for i := range cur.ptnml {
			cur.ptnml[i] = n(ptnml[i+1])
			sum += cur.ptnml[i]
		}
		// fishtest's assertions.
		if 2*sum != cur.w+cur.l+cur.d || cur.games != 2*sum || cur.games > gamesToPlay {
			t.Fatalf("block %+v: 2*sum(ptnml) == wins+losses+draws == games <= %d fails", cur, gamesToPlay)
		}
		if p, err := strconv.ParseFloat(wld[5], 64); err != nil || p != float64(cur.w)+float64(cur.d)/2 {
			t.Fatalf("points %q for %+v", wld[5], cur)
		}
		cur.crashes, cur.timeouts = crashes, timeouts
		blocks = append(blocks, cur)
		wld, ptnml = nil, nil
	}
	return blocks, finished
}

// summaryCounts is what these tests read of summary.json.
type summaryCounts struct {
	Pairings []rundir.Pairing `json:"pairings"`
	SPRT     *struct {
		LLR float64 `json:"llr"`
	} `json:"sprt"`
}

func readPairings(t *testing.T, dir string) *summaryCounts {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, rundir.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	var s summaryCounts
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("summary.json: %v", err)
	}
	return &s
}

// checkLastBlocks compares each pairing's last block with summary.json.
func checkLastBlocks(t *testing.T, blocks []fishtestBlock, sum *summaryCounts) {
	t.Helper()
	last := map[[2]string]fishtestBlock{}
	for _, b := range blocks {
		last[[2]string{b.a, b.b}] = b
	}
	if len(last) != len(sum.Pairings) {
		t.Fatalf("blocks of %d pairings, summary has %d", len(last), len(sum.Pairings))
	}
	for _, p := range sum.Pairings {
		b, ok := last[[2]string{p.A, p.B}]
		if !ok {
			t.Fatalf("no block for %s vs %s", p.A, p.B)
		}
		if b.w != p.WDL.W || b.l != p.WDL.L || b.d != p.WDL.D || b.ptnml != [5]int(p.Penta) {
			t.Errorf("%s vs %s: stdout W/L/D %d/%d/%d ptnml %v; summary.json %d/%d/%d %v",
				p.A, p.B, b.w, b.l, b.d, b.ptnml, p.WDL.W, p.WDL.L, p.WDL.D, p.Penta)
		}
	}
}

// TestFishtestWorkerLine runs the command line fishtest's worker builds
// (worker/games.py, run_games), with -variant extinction, two UCI
// engines (varena uci) and nodes=, to "Finished match", and reads it as
// the worker does: W/L/D and the pentanomial equal summary.json's.
func TestFishtestWorkerLine(t *testing.T) {
	bin := buildVarena(t)
	engine := uciScript(t, bin)
	dir := t.TempDir()
	pgn := filepath.Join(dir, "results-run-0.pgn")
	out := filepath.Join(dir, "out")
	const rounds = 4
	args := []string{
		"-testEnv", "-recover", "-repeat", "-games", "2", "-rounds", strconv.Itoa(rounds),
		"-ratinginterval", "1", "-scoreinterval", "1", "-autosaveinterval", "0", "-report", "penta=true",
		"-pgnout", "file=" + pgn, "-crc32", "pgn=true",
		"-site", "https://tests.stockfishchess.org/tests/view/0123",
		"-event", "Batch 0: New-abc vs Base-def",
		"-srand", "1234567",
		"-resign", "movecount=3", "score=600", "-draw", "movenumber=34", "movecount=8", "score=20",
		"-variant", "extinction",
		"-concurrency", "2",
		"-engine", "name=New-abc", "tc=10+0.1", "cmd=" + engine, "dir=.", "option.Hash=16",
		"-engine", "name=Base-def", "tc=10+0.1", "cmd=" + engine, "dir=.", "option.Hash=16",
		"-each", "proto=uci", "nodes=400", "option.Threads=1",
		"-out", out, // varena's run directory, to find summary.json
	}
	code, stdout, stderr := runStatus(t, bin, append([]string{"run"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	blocks, finished := readFishtest(t, stdout+"\n"+stderr, 2*rounds)
	if !finished {
		t.Fatalf("no Finished match:\n%s", stdout)
	}
	if len(blocks) != rounds {
		t.Errorf("%d results blocks, want one per pair (%d) at -ratinginterval 1", len(blocks), rounds)
	}
	if b := blocks[len(blocks)-1]; b.crashes != 0 || b.timeouts != 0 {
		t.Errorf("crashes %d, time losses %d as fishtest counts them", b.crashes, b.timeouts)
	}
	checkLastBlocks(t, blocks, readPairings(t, out))
	// "... has CRC32: X" names the -pgnout copy's checksum.
	if !regexp.MustCompile(`(?m)^PGN file .* has CRC32: [0-9A-F]{8}$`).MatchString(stdout) {
		t.Errorf("no CRC32 line:\n%s", stdout)
	}
	if _, err := os.Stat(pgn); err != nil {
		t.Error(err)
	}
	for _, want := range []string{"Started game 1 of 8 (New-abc vs Base-def)", "Finished game 2 (Base-def vs New-abc): "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s", want, stdout)
		}
	}
}

// TestFastchessOutputTournaments: a round robin, a gauntlet and an SPRT
// in fastchess's format, each results block passing fishtest's checks,
// the last of each pairing equal to summary.json; the SPRT's block has
// its LLR line.
func TestFastchessOutputTournaments(t *testing.T) {
	bin := buildVarena(t)
	engine := uciScript(t, bin)
	three := []string{
		"-engine", "cmd=" + engine, "name=e1", "nodes=300",
		"-engine", "cmd=" + engine, "name=e2", "nodes=150",
		"-engine", "cmd=" + engine, "name=e3", "depth=1",
	}
	tests := []struct {
		name  string
		args  []string
		games int // per pairing
		sprt  bool
	}{
		{"roundrobin", append(slices3(three), "-tournament", "roundrobin", "-games", "2", "-rounds", "1"), 2, false},
		{"gauntlet", append(slices3(three), "-tournament", "gauntlet", "-repeat", "-rounds", "2"), 4, false},
		{"sprt", append(slices3(three[:8]), "-sprt", "elo0=0", "elo1=10", "alpha=0.05", "beta=0.05", "-repeat", "-rounds", "3"), 6, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := append([]string{"run", "-variant", "extinction", "-ratinginterval", "2", "-concurrency", "2", "-out", out,
				"-openings", "plies=4", "-maxmoves", "60"}, tt.args...)
			code, stdout, stderr := runStatus(t, bin, args...)
			if code != 0 && !(tt.sprt && code == rundir.ExitLimit) {
				t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
			}
			blocks, finished := readFishtest(t, stdout, tt.games)
			if !finished {
				t.Fatalf("no Finished match:\n%s", stdout)
			}
			sum := readPairings(t, out)
			checkLastBlocks(t, blocks, sum)
			llr := regexp.MustCompile(`(?m)^LLR: (-?[0-9.]+) \(-?[0-9.]+%\) \((-?[0-9.]+), ([0-9.]+)\) \[0\.00, 10\.00\]$`)
			m := llr.FindAllStringSubmatch(stdout, -1)
			switch {
			case !tt.sprt && m != nil:
				t.Errorf("LLR line without -sprt:\n%s", stdout)
			case tt.sprt && m == nil:
				t.Fatalf("no LLR line:\n%s", stdout)
			case tt.sprt:
				got, err := strconv.ParseFloat(m[len(m)-1][1], 64)
				if err != nil || math.Abs(got-sum.SPRT.LLR) > 0.005 {
					t.Errorf("last LLR %s, summary.json %.4f", m[len(m)-1][1], sum.SPRT.LLR)
				}
			}
		})
	}
}

func slices3(s []string) []string { return append([]string(nil), s...) }

// TestOpenBenchWorkerLine runs the command line OpenBench's worker builds
// for cutechess (Client/worker.py, class Cutechess), with varena linked
// as cutechess-ob, and reads the "Finished game" lines as its
// update_results does: games 2k-1 and 2k are a pair, the first with the
// first engine as White; the trinomial and pentanomial equal
// summary.json's.
func TestOpenBenchWorkerLine(t *testing.T) {
	bin := buildVarena(t)
	dir := t.TempDir()
	engines := filepath.Join(dir, "Engines")
	if err := os.MkdirAll(engines, 0o755); err != nil {
		t.Fatal(err)
	}
	script := uciScript(t, bin)
	for _, name := range []string{"dev", "base"} {
		if err := os.Symlink(script, filepath.Join(engines, name)); err != nil {
			t.Fatal(err)
		}
	}
	tool := filepath.Join(dir, "cutechess-ob")
	if err := os.Symlink(bin, tool); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "book.epd"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"+
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n")
	line := "-repeat -recover -variant extinction -concurrency 2 -games 8 " +
		"-resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10 " +
		"-openings file=book.epd format=epd order=random start=1 -srand 42 " +
		"-engine dir=Engines/ cmd=./dev proto=uci tc=inf nodes=300 option.Hash=8 option.Threads=1 name=Varena-dev " +
		"-engine dir=Engines/ cmd=./base proto=uci tc=inf nodes=200 option.Hash=8 option.Threads=1 name=Varena-base " +
		"-pgnout PGNs/1.2.3.0.pgn -out out"
	if err := os.MkdirAll(filepath.Join(dir, "PGNs"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := strings.Fields(line)
	code, stdout, stderr := runIn(t, dir, tool, cmd...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	// update_results, as OpenBench reads the lines.
	lookup := map[string]int{"0-1": 0, "1/2-1/2": 1, "1-0": 2}
	games := map[int]string{}
	var tri [3]int
	var penta [5]int
	crashes, timelosses, illegals := 0, 0, 0
	for _, l := range strings.Split(stdout, "\n") {
		if !strings.Contains(l, "Finished game") {
			continue
		}
		reason := strings.Split(l, ":")[1]
		if strings.Contains(reason, "disconnect") || strings.Contains(reason, "stalls") {
			crashes++
		}
		if strings.Contains(reason, "on time") {
			timelosses++
		}
		if strings.Contains(reason, "illegal") {
			illegals++
		}
		tok := strings.Fields(l)
		g, err := strconv.Atoi(tok[2])
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		games[g] = tok[6]
		first, second := g-1, g
		if g%2 == 1 {
			first, second = g, g+1
		}
		r1, ok1 := games[first]
		r2, ok2 := games[second]
		if !ok1 || !ok2 {
			continue
		}
		penta[lookup[r1]+2-lookup[r2]]++
		tri[lookup[r1]]++
		tri[2-lookup[r2]]++
		delete(games, first)
		delete(games, second)
	}
	if len(games) != 0 || crashes+timelosses+illegals != 0 {
		t.Errorf("unpaired games %v; crashes %d, time losses %d, illegal moves %d", games, crashes, timelosses, illegals)
	}
	sum := readPairings(t, filepath.Join(dir, "out"))
	p := sum.Pairings[0]
	if p.A != "Varena-dev" || tri != [3]int{p.WDL.L, p.WDL.D, p.WDL.W} || penta != [5]int(p.Penta) {
		t.Errorf("OpenBench reads LDW %v, penta %v; summary.json %s: %+v %v", tri, penta, p.A, p.WDL, p.Penta)
	}
	if penta == [5]int{} || stats.Penta(penta).Pairs() != 4 {
		t.Errorf("penta %v: want 4 pairs", penta)
	}
	if !strings.Contains(stdout, "Score of Varena-dev vs Varena-base: ") || !strings.HasSuffix(stdout, "Finished match\n") {
		t.Errorf("not cutechess-cli's output:\n%s", stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "PGNs", "1.2.3.0.pgn")); err != nil {
		t.Error(err)
	}
}

// runIn runs a program in a folder and returns its exit status and
// outputs.
func runIn(t *testing.T, dir, bin string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	return runStatus(t, bin, args...)
}
