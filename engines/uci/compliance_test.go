package uci

import (
	"strings"
	"testing"
	"time"
)

// complianceSteps are the commands of fastchess's UCI compliance checker
// (fastchess --compliance ENGINE, app/src/engine/compliance.hpp), played
// here because fastchess is not installed where the tests run. Each step
// sends lines and, for a go, wants a bestmove after an info line with a
// score. The FEN of the position step has no white bishop: in Extinction
// the game is already over there, which is what the last info line must
// then say.
var complianceSteps = []struct {
	send []string
	go_  bool // a search: wants "bestmove" and, before it, an info line with "score"
}{
	{send: []string{"uci"}},
	{send: []string{"isready"}},
	{send: []string{"ucinewgame", "isready"}},
	{send: []string{"position startpos", "isready"}},
	{send: []string{"position fen 3r2k1/p5n1/1pq1p2p/2p3p1/2P1P1n1/1P1P2pP/PN1Q2K1/5R2 w - - 0 27", "isready"}},
	{send: []string{"go wtime 100"}, go_: true},
	{send: []string{"go btime 100"}, go_: true},
	{send: []string{"go wtime 100 winc 100 btime 100 binc 100"}, go_: true},
	{send: []string{"go btime 100 binc 100 wtime 100 winc 100"}, go_: true},
	{send: []string{"ucinewgame", "isready"}},
	{send: []string{"position startpos", "go wtime 100 btime 100"}, go_: true},
	{send: []string{"position startpos moves e2e4 e7e5", "go wtime 100 btime 100"}, go_: true},
}

func TestFastchessCompliance(t *testing.T) {
	for _, variant := range []string{"standard", "fischerandom", "extinction", "evolution"} {
		t.Run(variant, func(t *testing.T) {
			s := startSession(t, ServerOptions{Variant: variant})
			for i, st := range complianceSteps {
				s.send(st.send...)
				switch last := st.send[len(st.send)-1]; {
				case last == "uci":
					s.expect("^id name ", 5*time.Second)
					s.expect("^id author ", 5*time.Second)
					s.expect("^uciok$", 5*time.Second)
				case last == "isready":
					s.expect("^readyok$", 5*time.Second)
				case st.go_:
					mark := len(s.seen)
					best := s.expect("^bestmove ", 10*time.Second)
					info := ""
					for _, l := range s.seen[mark:] {
						if strings.HasPrefix(l, "info ") && !strings.HasPrefix(l, "info string") {
							info = l
						}
					}
					if !strings.Contains(info, " score ") {
						t.Fatalf("step %d (%s): %s without an info line with a score before it; lines:\n%s", i+1, last, best, s.tail())
					}
				}
			}
		})
	}
}

// TestFinishedPosition checks the answer to "go" in a position that is
// already over: a score at depth 0 (mate 0 when decided, cp 0 when drawn),
// then the null move, as Stockfish answers.
func TestFinishedPosition(t *testing.T) {
	cases := []struct{ variant, fen, info string }{
		{"standard", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "info depth 0 score mate 0"},
		{"standard", "k7/8/1Q6/8/8/8/8/7K b - - 0 1", "info depth 0 score cp 0"},
		{"fischerandom", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "info depth 0 score mate 0"},
		{"extinction", "3r2k1/p5n1/1pq1p2p/2p3p1/2P1P1n1/1P1P2pP/PN1Q2K1/5R2 w - - 0 27", "info depth 0 score mate 0"},
		{"evolution", "6k/7/5Q1/7/7/K6 b - - 0 1", "info depth 0 score cp 0"},
	}
	for _, c := range cases {
		t.Run(c.variant+" "+c.fen, func(t *testing.T) {
			s := startSession(t, ServerOptions{Variant: c.variant})
			s.send("position fen "+c.fen, "go depth 5")
			if got := s.expect("^info ", 5*time.Second); got != c.info {
				t.Errorf("got %q, want %q", got, c.info)
			}
			if got := s.expect("^bestmove", 5*time.Second); got != "bestmove 0000" {
				t.Errorf("got %q, want bestmove 0000", got)
			}
		})
	}
}
