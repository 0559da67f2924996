package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// TestRunnerAgainstFastchess plays the same games of Stockfish against
// itself under fastchess and under varena linked as fastchess, with the
// same command line, and compares the runners' own CPU per ply (engines
// excluded) and peak memory: docs/performance.md, "The runner against
// fastchess". It runs only when VARENA_FASTCHESS names a fastchess
// binary (VARENA_RACE_PAIRS rounds of the two, alternating; default 5;
// VARENA_RACE_LIMITS the limits, comma-separated, default
// depth=1,nodes=1000; VARENA_RACE_GAMES the games a run, default 200):
//
//	VARENA_FASTCHESS=/path/to/fastchess go test ./cmd/varena -run TestRunnerAgainstFastchess -v -timeout 30m
func TestRunnerAgainstFastchess(t *testing.T) {
	fastchess := os.Getenv("VARENA_FASTCHESS")
	if fastchess == "" {
		t.Skip("set VARENA_FASTCHESS to a fastchess binary to race the runners")
	}
	stockfish, err := exec.LookPath("stockfish")
	if err != nil {
		if stockfish, err = exec.LookPath("/usr/games/stockfish"); err != nil {
			t.Skip("no stockfish here")
		}
	}
	pairs := 5
	if s := os.Getenv("VARENA_RACE_PAIRS"); s != "" {
		if pairs, err = strconv.Atoi(s); err != nil || pairs < 1 {
			t.Fatalf("VARENA_RACE_PAIRS=%q", s)
		}
	}
	// varena answers to fastchess's command line when its program is
	// called fastchess.
	linked := filepath.Join(t.TempDir(), "fastchess")
	if err := os.Symlink(buildVarena(t), linked); err != nil {
		t.Fatal(err)
	}
	book := filepath.Join(t.TempDir(), "openings.epd")
	if err := os.WriteFile(book, []byte(strings.Join(raceOpenings, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if s := os.Getenv("VARENA_RACE_GAMES"); s != "" {
		if raceGames, err = strconv.Atoi(s); err != nil || raceGames < 2 || raceGames%2 != 0 {
			t.Fatalf("VARENA_RACE_GAMES=%q: want an even number of games", s)
		}
	}
	limits := []string{"depth=1", "nodes=1000"}
	if s := os.Getenv("VARENA_RACE_LIMITS"); s != "" {
		limits = strings.Split(s, ",")
	}
	for _, limit := range limits {
		var ratios, cpuV, cpuF, swV, swF []float64
		var rssV, rssF int64
		for i := range pairs {
			// Each runner goes first in every other pair: a run can leave
			// the machine (caches, the page cache, the scheduler's
			// placement) better or worse for the run after it.
			var f, v raceResult
			if i%2 == 0 {
				f = raceRun(t, fastchess, stockfish, book, limit)
				v = raceRun(t, linked, stockfish, book, limit)
			} else {
				v = raceRun(t, linked, stockfish, book, limit)
				f = raceRun(t, fastchess, stockfish, book, limit)
			}
			if f.plies != v.plies {
				t.Errorf("%s: fastchess played %d plies, varena %d: not the same games", limit, f.plies, v.plies)
			}
			cpuF = append(cpuF, f.cpu.Seconds()*1e6/float64(f.plies))
			cpuV = append(cpuV, v.cpu.Seconds()*1e6/float64(v.plies))
			ratios = append(ratios, v.cpu.Seconds()/f.cpu.Seconds())
			swF = append(swF, float64(f.switches)/float64(f.plies))
			swV = append(swV, float64(v.switches)/float64(v.plies))
			rssF, rssV = max(rssF, f.rss), max(rssV, v.rss)
			t.Logf("%s: %d plies; runner CPU fastchess %v (system %v), varena %v (system %v): %.2fx (%s first)", limit, v.plies, f.cpu, f.sys, v.cpu, v.sys, ratios[len(ratios)-1], [2]string{"fastchess", "varena"}[i%2])
		}
		t.Logf("%s, %d pairs: median runner CPU per ply fastchess %.1f µs, varena %.1f µs; median ratio %.2fx; peak RSS fastchess %.1f MiB, varena %.1f MiB; context switches per ply fastchess %.1f, varena %.1f",
			limit, pairs, median(cpuF), median(cpuV), median(ratios), float64(rssF)/1024, float64(rssV)/1024, median(swF), median(swV))
	}
}

// raceOpenings are the race's openings: plain six-field FENs, as
// fastchess reads an EPD line whole.
var raceOpenings = []string{
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
	"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	"rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	"rnbqkbnr/pp1ppppp/2p5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
	"rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2",
}

// raceGames is the number of games of a race run: 100 rounds of 2
// (VARENA_RACE_GAMES sets another even number, for slower limits).
var raceGames = 200

type raceResult struct {
	cpu time.Duration // the runner's own user and system time
	sys time.Duration // the system part of cpu
	rss int64         // its peak resident set, KiB
	// switches counts its threads' context switches (each wait that
	// slept, each preemption), as last seen while it ran: the few of its
	// last 20 ms are missed.
	switches int64
	plies    int
}

// raceRun runs one runner on the race's games in a directory of its own
// and measures it: its own CPU time is read from /proc after it exits and
// before it is reaped (wait4's figures would add the engines it waited
// for), its peak memory from /proc while it runs.
func raceRun(t *testing.T, runner, engine, book, limit string) raceResult {
	t.Helper()
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	cmd := exec.Command(runner,
		"-engine", "cmd="+engine, "name=a", "-engine", "cmd="+engine, "name=b",
		"-each", "tc=inf", limit, "-openings", "file="+book, "format=epd", "order=sequential",
		"-rounds", strconv.Itoa(raceGames/2), "-repeat", "-concurrency", "2", "-pgnout", "file="+pgn)
	cmd.Dir = dir
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	var r raceResult
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	for {
		if hwm, ok := procHWM(pid); ok {
			r.rss = max(r.rss, hwm)
		}
		if n, ok := procSwitches(pid); ok {
			r.switches = max(r.switches, n) // once it exited, its threads are gone
		}
		if exitedUnreaped(pid) || ctx.Err() != nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	// Fields after the command's closing parenthesis: utime and stime are
	// the 12th and 13th.
	f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	r.cpu = time.Duration(utime+stime) * time.Second / 100 // USER_HZ
	r.sys = time.Duration(stime) * time.Second / 100
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%s: %v\n%s", runner, err, out.String())
	}
	r.plies = countPlies(t, pgn)
	return r
}

// exitedUnreaped waits up to nothing for pid to exit, leaving it a
// zombie (waitid with WNOWAIT), and reports whether it has.
func exitedUnreaped(pid int) bool {
	const pPID, wExited, wNoWait, wNoHang = 1, 4, 0x1000000, 1
	var info [128]byte // siginfo_t
	_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid), uintptr(unsafe.Pointer(&info[0])), wExited|wNoWait|wNoHang, 0, 0)
	// si_pid (offset 16) is 0 while the child runs.
	return errno == 0 && *(*int32)(unsafe.Pointer(&info[16])) == int32(pid)
}

// procSwitches is the number of context switches of pid's live threads
// (/proc/PID/status has the leader's alone); a thread that ended before
// is missed, which neither runner's long-lived threads do.
func procSwitches(pid int) (int64, bool) {
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return 0, false
	}
	var n int64
	for _, task := range tasks {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/status", pid, task.Name()))
		if err != nil {
			continue // the thread ended
		}
		for _, line := range strings.Split(string(b), "\n") {
			key, val, _ := strings.Cut(line, ":")
			if key == "voluntary_ctxt_switches" || key == "nonvoluntary_ctxt_switches" {
				k, _ := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
				n += k
			}
		}
	}
	return n, true
}

// procHWM is pid's peak resident set in KiB.
func procHWM(pid int) (int64, bool) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}

var plyCountTag = regexp.MustCompile(`(?m)^\[PlyCount "(\d+)"\]`)

// countPlies adds up the PlyCount tags of a PGN file.
func countPlies(t *testing.T, pgn string) int {
	t.Helper()
	b, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range plyCountTag.FindAllSubmatch(b, -1) {
		k, _ := strconv.Atoi(string(m[1]))
		n += k
	}
	if n == 0 {
		t.Fatalf("%s: no PlyCount tags", pgn)
	}
	return n
}
