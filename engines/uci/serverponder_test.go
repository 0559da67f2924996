package uci

import (
	"strings"
	"testing"
	"time"
)

// TestServePonder: "go ponder" answers only after "ponderhit" or "stop";
// after a hit, a clock search ends on its own within its move's time;
// "bestmove" carries the expected reply when the PV has one.
func TestServePonder(t *testing.T) {
	s := startSession(t, ServerOptions{Hash: 2})
	s.send("uci")
	s.expect("^option name Ponder type check default false$", time.Second)
	s.expect("^uciok$", time.Second)
	s.send("setoption name Ponder value true", "isready")
	s.expect("^readyok$", time.Second)

	// A clock ponder search runs on without answering until the hit...
	s.send("position startpos moves e2e4 e7e5", "go ponder wtime 2000 btime 2000 winc 20 binc 20")
	s.expect("^info depth 1 ", time.Second)
	s.quietOf("bestmove", 400*time.Millisecond)
	// ...then spends the move's time from the hit: 2 s and 20 ms an
	// increment plan about 80 ms, far less than the time pondered.
	s.send("ponderhit")
	hit := time.Now()
	// The bound leaves a loaded machine room (bestmove came 800 ms after
	// the hit at a load of 13 on 2 cores) and still tells the plan from
	// the clock: a search that did not stop on its plan would take up to
	// the whole 2 s.
	line := s.expect("^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?$", 3*time.Second)
	if d := time.Since(hit); d > 1500*time.Millisecond {
		t.Errorf("bestmove %v after ponderhit", d)
	}
	if !strings.Contains(line, " ponder ") {
		t.Logf("no ponder move in %q (a PV of one move)", line)
	}

	// A stop during a ponder search answers at once.
	s.send("position startpos moves e2e4", "go ponder wtime 60000 btime 60000")
	s.expect("^info depth 2 ", 2*time.Second)
	s.send("stop")
	s.expect("^bestmove [a-h][1-8][a-h][1-8]", time.Second)

	// A depth ponder search that has reached its depth holds its answer
	// until the hit, and gives it at once then.
	s.send("position startpos", "go ponder depth 2")
	s.expect("^info depth 2 ", 2*time.Second)
	s.quietOf("bestmove", 200*time.Millisecond)
	s.send("ponderhit")
	s.expect("^bestmove [a-h][1-8][a-h][1-8] ponder [a-h][1-8][a-h][1-8]$", 200*time.Millisecond)

	// A position during a ponder search ends it with its bestmove, as it
	// ends any search.
	s.send("go ponder depth 1")
	s.send("position startpos moves d2d4", "go depth 1")
	s.expect("^bestmove ", time.Second)
	s.expect("^bestmove [a-h][1-8][a-h][1-8]$", time.Second)
	s.send("ponderhit")
	s.expect("^info string ponderhit: not pondering$", time.Second)
}

// quietOf fails if a line starting with prefix comes within d.
func (s *session) quietOf(prefix string, d time.Duration) {
	s.t.Helper()
	deadline := time.After(d)
	for {
		select {
		case l := <-s.lines:
			if strings.HasPrefix(l, prefix) {
				s.t.Fatalf("%q while pondering", l)
			}
		case <-deadline:
			return
		}
	}
}
