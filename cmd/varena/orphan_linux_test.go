package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// stubbornEngine is a UCI engine that ignores end of input and SIGTERM
// (and SIGHUP, SIGINT): it answers the handshake, never a go, and
// appends its pid to PIDS when it starts.
const stubbornEngine = `#!/bin/sh
trap '' TERM HUP INT PIPE
echo $$ >> PIDS
while :; do
  if read -r line; then
    case "$line" in
      uci) echo "id name stubborn"; echo "option name UCI_Variant type combo default extinction var extinction"; echo "uciok";;
      isready) echo "readyok";;
    esac
  else
    sleep 0.1
  fi
done
`

// alive reports whether the process pid exists and is not a zombie.
func alive(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// pid (comm) STATE ...: the state follows the last ')'.
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// TestNoEngineOutlivesVarena: an engine that ignores end of input and
// SIGTERM dies with varena however varena ends, kill -9 included; before,
// it kept running with parent pid 1 after kill -9 of varena run.
func TestNoEngineOutlivesVarena(t *testing.T) {
	bin := buildVarena(t)
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			pids := filepath.Join(dir, "pids")
			engine := filepath.Join(dir, "stubborn.sh")
			if err := os.WriteFile(engine, []byte(strings.ReplaceAll(stubbornEngine, "PIDS", pids)), 0o755); err != nil {
				t.Fatal(err)
			}
			config := writeConfig(t, `
name: orphan
variant: extinction
concurrency: 1
tournament: {type: round-robin, games: 2}
time_control: {depth: 1}
engines:
  - {name: stubborn, kind: uci, command: `+engine+`}
  - {name: ab, kind: alphabeta}
`)
			p := startRun(t, bin, config, filepath.Join(dir, "out"))
			var started []int
			deadline := time.Now().Add(30 * time.Second)
			for len(started) == 0 && time.Now().Before(deadline) {
				time.Sleep(50 * time.Millisecond)
				data, _ := os.ReadFile(pids)
				for _, f := range strings.Fields(string(data)) {
					if pid, err := strconv.Atoi(f); err == nil {
						started = append(started, pid)
					}
				}
			}
			if len(started) == 0 {
				t.Fatalf("the engine did not start within 30 s: %s", p.stderr.String())
			}
			time.Sleep(300 * time.Millisecond) // into the game, waiting for a move
			if err := p.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			p.wait(t)
			deadline = time.Now().Add(5 * time.Second)
			for _, pid := range started {
				for alive(pid) && time.Now().Before(deadline) {
					time.Sleep(20 * time.Millisecond)
				}
				if alive(pid) {
					syscall.Kill(pid, syscall.SIGKILL)
					t.Errorf("engine pid %d outlived varena ended by %v", pid, sig)
				}
			}
		})
	}
}
