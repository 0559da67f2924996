package arena

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var protocolLine = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z game (-|\d+) (\S+) ([<>]) (.*)$`)

// TestProtocolLog: a run's protocol log (the config's protocol_log, or
// Options.ProtocolLog as -log gives it) holds every line sent to and read
// from each external engine, timestamped, with its game id; two workers
// write it at once without mixing lines (issue 19, point 11).
func TestProtocolLog(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test engine")
	}
	bin := buildFaulty(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "run.yaml")
	yaml := fmt.Sprintf(`
name: proto
variant: extinction
seed: 2
protocol_log: proto.log
tournament: {type: round-robin, games: 4}
openings: {plies: 2}
time_control: {depth: 1}
adjudication: {max_plies: 30}
engines:
  - {name: e1, kind: uci, command: %q}
  - {name: e2, kind: uci, command: %q}
`, bin, bin)
	os.WriteFile(cfg, []byte(yaml), 0o644)
	r := parseRun(t, yaml)
	r.File = cfg
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: filepath.Join(dir, "out"), Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "proto.log"))
	if err != nil {
		t.Fatalf("the config's protocol_log, relative to its folder: %v", err)
	}
	defer f.Close()
	games := map[int]map[string]bool{} // game -> engines that got "go" in it
	handshake := map[string]bool{}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		m := protocolLine.FindStringSubmatch(sc.Text())
		if m == nil {
			t.Fatalf("line %d %q is not TIME game ID ENGINE >|< TEXT", n, sc.Text())
		}
		if m[1] == "-" {
			if m[3] == "<" && m[4] == "uciok" {
				handshake[m[2]] = true
			}
			continue
		}
		id, _ := strconv.Atoi(m[1])
		if m[3] == ">" && strings.HasPrefix(m[4], "go ") {
			if games[id] == nil {
				games[id] = map[string]bool{}
			}
			games[id][m[2]] = true
		}
	}
	if !handshake["e1"] || !handshake["e2"] {
		t.Errorf("handshakes logged: %v", handshake)
	}
	if len(games) != sum.Played {
		t.Errorf("%d games in the log, %d played", len(games), sum.Played)
	}
	for id, engs := range games {
		if !engs["e1"] || !engs["e2"] {
			t.Errorf("game %d: go sent to %v, want both engines", id, engs)
		}
	}
	// The command line's -log wins over the config's.
	other := filepath.Join(dir, "other.log")
	if _, err := Run(context.Background(), resolved(t, r), Options{Out: filepath.Join(dir, "out2"), Concurrency: 1, ProtocolLog: other}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(other); err != nil || !strings.Contains(string(data), " e1 < bestmove ") {
		t.Errorf("-log file: %v, %.200s", err, data)
	}
}

// TestProtocolLogBound: past its limit the log says so once and stops;
// concurrent writers never split a line.
func TestProtocolLogBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.log")
	l, err := OpenProtocolLog(path, 4000)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				l.Line(w+1, "eng", i%2 == 0, "info depth 1 score cp 20 pv e2e4")
			}
		}()
	}
	wg.Wait()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "protocol log: 4000 bytes reached") || len(data) > 4000+len(last)+1 {
		t.Errorf("%d bytes, last line %q", len(data), last)
	}
	for _, line := range lines[:len(lines)-1] {
		if !protocolLine.MatchString(line) {
			t.Errorf("mixed line %q", line)
		}
	}
}
