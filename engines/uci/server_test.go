package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/search"
	"varena/engines/variants"
)

// session is Serve running in-process behind pipes.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
	seen  []string
}

func startSession(t *testing.T, opts ServerOptions) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	go func() {
		err := Serve(context.Background(), inR, outW, opts)
		outW.Close()
		inR.Close()
		s.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			t.Error("Serve did not end at the end of its input")
		}
	})
	return s
}

func (s *session) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// expect reads lines until one matches the regular expression want, and
// returns it.
func (s *session) expect(want string, timeout time.Duration) string {
	s.t.Helper()
	re := regexp.MustCompile(want)
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("output ended, no line matching %q; last lines:\n%s", want, s.tail())
			}
			s.seen = append(s.seen, l)
			if re.MatchString(l) {
				return l
			}
		case <-deadline:
			s.t.Fatalf("no line matching %q within %v; last lines:\n%s", want, timeout, s.tail())
		}
	}
}

// quiet checks that no line arrives for d.
func (s *session) quiet(d time.Duration) {
	s.t.Helper()
	select {
	case l := <-s.lines:
		s.t.Fatalf("unexpected line %q", l)
	case <-time.After(d):
	}
}

func (s *session) tail() string {
	n := max(len(s.seen)-15, 0)
	return strings.Join(s.seen[n:], "\n")
}

// step is one line sent and the lines it must produce, in order (regular
// expressions; other lines may come between).
type step struct {
	send string
	want []string
}

func TestServeTranscripts(t *testing.T) {
	badWeights := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(badWeights, []byte("material_pawn_mg: 100\nmaterial_pawn_mg: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	hill := filepath.Join(t.TempDir(), "hill.ini")
	if err := os.WriteFile(hill, []byte("[smallhill:kingofthehill]\nwhiteFlag = d4 e4\nblackFlag = d5 e5\n[drops:chess]\ndropOnTop = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		opts  ServerOptions
		steps []step
		bad   bool // info string lines expected
	}{
		// Fairy-Stockfish's VariantPath: the file's variants join
		// UCI_Variant; the engine plays them by their rules (a king on
		// the hill, e4, wins).
		{"variant path", ServerOptions{}, []step{
			{"setoption name VariantPath value " + hill, []string{`^info string VariantPath: .*hill.ini:5: key "dropOnTop": not supported: drops on top of a column \(connect-four\)`, "^info string VariantPath: 1 variants from "}},
			{"uci", []string{"^option name UCI_Variant type combo default extinction var .* var smallhill( |$)", "^option name VariantPath type string default <empty>$", "^uciok$"}},
			{"setoption name UCI_Variant value smallhill", nil},
			{"position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e2 e8d7 e2e3 d7c6", nil},
			{"go depth 3", []string{"score mate 1 ", "^bestmove e3(d4|e4)"}},
			{"setoption name VariantPath value /no/such/file.ini", []string{"^info string setoption VariantPath: load variants: "}},
		}, true},
		{"handshake", ServerOptions{}, []step{
			{"uci", []string{
				"^id name varena$",
				"^id author ",
				"^option name UCI_Variant type combo default extinction var extinction var losalamos-bunkers var evolution var standard var fischerandom var losalamos-extinction var fairy .* var xiangqi .*var janggicasual .*var sittuyin var nocastle .*var breakthrough var suicide var makpong var shatar var cambodian var micro var koedem var supply var karouk$",
				"^option name Hash type spin default 16 min 1 max 4096$",
				"^option name Weights type string default <empty>$",
				"^option name Threads type spin default 1 min 1 max 256$",
				"^option name FutilityMargin type spin default 200 min 50 max 500$",
				"^option name LMRDivisor type spin default 200 min 100 max 500$",
				"^uciok$"}},
			{"isready", []string{"^readyok$"}},
		}, false},
		{"search parameters", ServerOptions{}, []step{
			{"setoption name futilitymargin value 150", nil},
			{"setoption name Aspiration value 3", []string{`^info string setoption Aspiration: want a whole number from 5 to 200, have "3"$`}},
			{"setoption name NullMoveBase value two", []string{`^info string setoption NullMoveBase: want a whole number from 1 to 5, have "two"$`}},
			{"setoption name NoSuchThing value 1", []string{`^info string setoption: unknown option "NoSuchThing" \(known: UCI_Variant, UCI_Chess960, Hash, Weights, Threads, Ponder, VariantPath, FutilityMargin, `}},
			{"position startpos", nil},
			{"go depth 3", []string{"^bestmove "}},
		}, true},
		{"options", ServerOptions{Variant: "evolution", Hash: 8}, []step{
			{"uci", []string{"default evolution var", "^option name Hash type spin default 8 ", "^uciok$"}},
			{"setoption name uci_variant value LOSALAMOS-BUNKERS", nil},
			{"setoption name HASH value 2", nil},
			{"setoption name threads value 1", nil},
			{"isready", []string{"^readyok$"}},
			{"d", []string{"^Variant: losalamos-bunkers$", `^Fen: rnqknr/pppppp/6/6/PPPPPP/RNQKNR\|2/2/2/2 w - - 0 1$`}},
		}, false},
		// Two threads (a parallel search) under each kind of limit, and
		// back to one.
		{"threads", ServerOptions{}, []step{
			{"setoption name Threads value 2", nil},
			{"isready", []string{"^readyok$"}},
			{"position startpos moves e2e4 e7e5", nil},
			{"go depth 6", []string{`^info depth 6 seldepth \d+ score cp -?\d+ nodes \d+ `, "^bestmove [a-h][1-8][a-h][1-8]"}},
			{"go nodes 20000", []string{"^bestmove [a-h][1-8][a-h][1-8]"}},
			{"go movetime 100", []string{"^bestmove [a-h][1-8][a-h][1-8]"}},
			{"go wtime 1000 btime 1000 winc 10 binc 10", []string{"^bestmove [a-h][1-8][a-h][1-8]"}},
			{"position fen rnb1kbnr/pppppppp/8/8/8/2q5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil},
			{"go depth 4", []string{"score mate 1 ", "^bestmove (b2c3|d2c3|b1c3)"}},
			{"go infinite", nil},
			{"stop", []string{"^bestmove (b2c3|d2c3|b1c3)"}},
			{"setoption name threads value 1", nil},
			{"go depth 3", []string{"^bestmove (b2c3|d2c3|b1c3)"}},
		}, false},
		{"bunker moves", ServerOptions{Variant: "losalamos-bunkers"}, []step{
			{"position startpos moves d1Vd1 c6Vc6 Vd1Vc1 c5c4 Vc1Vc2", nil},
			{"d", []string{`^Fen: rn1knr/pp1ppp/2p3/6/PPPPPP/RNQ1NR\|q1/2/K1/2 b - - 1 3$`}},
			{"position fen rnQknr/pp1ppp/6/6/PPPPPP/RN1KNR|q1/2/2/2 w - - 0 1 moves c6Vc6", nil},
			{"d", []string{`^Fen: rn1knr/pp1ppp/6/6/PPPPPP/RN1KNR\|Q1/2/2/2 b - - 0 1$`, "^Result: 1-0 \\(extinction\\)$"}},
			{"position fen rnQknr/pp1ppp/6/6/PPPPPP/RN1KNR|q1/2/2/2 w - - 0 1", nil},
			{"go depth 3", []string{"^info depth 1 .*score mate 1 .*pv c6Vc6", "^bestmove c6Vc6$"}},
		}, false},
		{"go depth", ServerOptions{}, []step{
			{"ucinewgame", nil},
			{"position startpos moves e2e4 e7e5", nil},
			{"go depth 3", []string{
				`^info depth 1 seldepth \d+ score cp -?\d+ nodes \d+ nps \d+ (time \d+ )?pv [a-h]`,
				`^info depth 2 `, `^info depth 3 `, "^bestmove [a-h][1-8][a-h][1-8] ponder [a-h][1-8][a-h][1-8]$"}},
			{"go nodes 50", []string{"^bestmove "}},
			{"go movetime 50", []string{"^bestmove "}},
			{"go wtime 300 btime 300 winc 10 binc 10 movestogo 5", []string{"^bestmove "}},
			{"go mate 1", []string{"^bestmove "}},
		}, false},
		{"searchmoves", ServerOptions{}, []step{
			{"position startpos", nil},
			{"go searchmoves a2a3 h2h3 depth 4", []string{" pv (a2a3|h2h3)", "^bestmove (a2a3|h2h3)( ponder \\S+)?$"}},
			{"go depth 2 searchmoves g1h3", []string{" pv g1h3", "^bestmove g1h3( ponder \\S+)?$"}},
			{"go searchmoves e7e5 b1a3 nodes 500", []string{"searchmoves: e7e5 ignored", "^bestmove b1a3( ponder \\S+)?$"}},
			{"go searchmoves depth 1", []string{"^bestmove "}},
		}, true},
		{"mate and no move", ServerOptions{}, []step{
			{"position fen rnb1kbnr/pppppppp/8/8/8/2q5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil},
			{"go depth 2", []string{"score mate 1 ", "^bestmove (b2c3|d2c3|b1c3)$"}},
			{"position fen rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil},
			{"go depth 2", []string{"^bestmove 0000$"}},
			{"setoption name UCI_Variant value evolution", nil},
			{"position fen 6k/4Q2/R6/7/7/K6 w - - 0 1 moves a4a6", nil},
			{"d", []string{"^Result: 1-0 \\(checkmate\\)$"}},
			{"go infinite", nil},
			{"stop", []string{"^bestmove 0000$"}},
		}, false},
		{"bad lines", ServerOptions{}, []step{
			{"joho", []string{`^info string unknown command "joho"$`}},
			{"joho isready", []string{`^info string skipped unknown "joho"$`, "^readyok$"}},
			{"position fen rnbqkbnr/pppppppp w", []string{"^info string position: bad FEN", "^info string position unchanged: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1$"}},
			{"position startpos moves e2e4 e7e5 e1e3", []string{`^info string position: move 3: move "e1e3" .*not a legal move`, "position unchanged: .* w KQkq - 0 1$"}},
			{"position startpos moves e2e4", nil},
			{"position startpos moves e7e5", []string{`move 1: move "e7e5"`, `position unchanged: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1$`}},
			{"position startpos junk", []string{`unexpected "junk" after startpos`}},
			{"position", []string{"^info string position: want startpos or fen$"}},
			// Every go ends in one bestmove: a value that cannot be read
			// is said and ignored, and a go left without a limit
			// searches to depth 1.
			{"go depth x", []string{`^info string go: depth: bad number "x" ignored \(want a whole number\); no limit could be read, searching to depth 1$`, "^bestmove "}},
			{"go depth abc", []string{`^info string go: depth: bad number "abc" ignored`, "^bestmove "}},
			{"go movetime 1.5", []string{`^info string go: movetime: bad number "1.5" ignored \(want a whole number\); no limit could be read, searching to depth 1$`, "^bestmove "}},
			{"go depth 99999999999999999999", []string{"^info depth 1 "}}, // the deepest search there is
			{"stop", []string{"^bestmove "}},
			{"go nodes 99999999999999999999 depth 1", []string{"^bestmove "}},
			{"go depth", []string{`^info string go: depth without a value ignored; no limit could be read, searching to depth 1$`, "^bestmove "}},
			{"go depth movetime 20", []string{`^info string go: depth without a value ignored$`, "^bestmove "}},
			{"go sideways", []string{`^info string go: unknown "sideways" ignored; no limit could be read, searching to depth 1$`, "^bestmove "}},
			{"go depth -3", []string{`^info string go: depth -3 is negative, taken as 1$`, "^bestmove "}},
			{"go nodes -1", []string{`^info string go: nodes -1 is negative, taken as 1$`, "^bestmove "}},
			{"go movetime -5", []string{`^info string go: movetime -5 is negative, taken as 1 ms$`, "^bestmove "}},
			{"go mate -2", []string{`^info string go: mate -2 is negative, taken as 1$`, "^bestmove "}},
			{"go wtime -100 btime 100 winc -5 binc 0 movestogo -1", []string{`^info string go: wtime -100 is negative, taken as 1 ms; winc -5 is negative, taken as 0; movestogo -1 is negative, taken as 0 \(not given\)$`, "^bestmove "}},
			{"go btime -100 wtime 50 binc -1", []string{`^info string go: btime -100 is negative, taken as 1 ms; binc -1 is negative, taken as 0$`, "^bestmove "}},
			{"setoption name Hash value 0", []string{"^info string setoption Hash: want a number of MB from 1 to 4096"}},
			{"setoption name Hash value abc", []string{"^info string setoption Hash: "}},
			{"setoption name Threads value 0", []string{`^info string setoption Threads: want a number of threads from 1 to 256, have "0"$`}},
			{"setoption name Threads value 257", []string{`^info string setoption Threads: want a number of threads from 1 to 256, have "257"$`}},
			{"setoption name Threads value two", []string{`^info string setoption Threads: want a number of threads from 1 to 256, have "two"$`}},
			{"setoption name UCI_Variant value nosuch", []string{`^info string setoption UCI_Variant: unknown variant "nosuch"`}},
			{"setoption name Colour value blue", []string{`^info string setoption: unknown option "Colour"`}},
			{"setoption value 3", []string{"^info string setoption: want setoption name NAME value VALUE$"}},
			{"setoption name Weights value " + badWeights, nil},
			{"isready", []string{"^info string setoption Weights: .*bad.yaml:2: material_pawn_mg: given twice", "using the built-in weights for extinction", "^readyok$"}},
			{"setoption name Weights value /no/such/file.yaml", nil},
			{"go depth 1", []string{"no/such/file.yaml", "^bestmove "}},
			{"setoption name Weights value <empty>", nil},
			{"go ponder depth 1", nil},
			{"ponderhit", []string{"^bestmove "}},
			{"ponderhit", []string{"^info string ponderhit: not pondering$"}},
			{"go searchmoves e2e4 d2d4 depth 1", []string{`^info string go: searchmoves: e2e4 ignored: .*not a legal move; searchmoves: d2d4 ignored`, "^bestmove "}},
			{"d", []string{"^Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1$"}},
			{"isready", []string{"^readyok$"}},
		}, true},
		{"weights file", ServerOptions{}, []step{
			{"setoption name UCI_Variant value evolution", nil},
			{"setoption name Weights value " + weightsFile(t, variants.All[2]), nil},
			{"isready", []string{"^readyok$"}},
			{"go depth 2", []string{"^info depth 2", "^bestmove "}},
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := startSession(t, tt.opts)
			for _, st := range tt.steps {
				s.send(st.send)
				for _, w := range st.want {
					s.expect(w, 10*time.Second)
				}
			}
			// Nothing may be left unanswered.
			s.send("isready")
			s.expect("^readyok$", 10*time.Second)
			for _, l := range s.seen {
				if strings.HasPrefix(l, "info string") && !tt.bad {
					t.Errorf("unexpected %q", l)
				}
			}
			s.send("quit")
			if err := <-s.done; err != nil {
				t.Fatalf("Serve: %v", err)
			}
			s.done <- nil // for the cleanup
		})
	}
}

// weightsFile writes v's default weights to a file and returns its path.
func weightsFile(t *testing.T, v *engines.Variant) string {
	t.Helper()
	w, err := search.DefaultWeights(v)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), v.Name+".yaml")
	if err := os.WriteFile(path, w.YAML(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestServeStop checks that "stop" brings the bestmove within 50 ms, for
// an infinite search and for a long timed one, and that isready is
// answered while searching.
func TestServeStop(t *testing.T) {
	const limit = 50 * time.Millisecond
	for _, tt := range []struct{ variant, goLine string }{
		{"extinction", "go infinite"},
		{"losalamos-bunkers", "go infinite"},
		{"evolution", "go infinite"},
		{"extinction", "go movetime 100000"},
		{"extinction", "go wtime 600000 btime 600000"},
	} {
		t.Run(tt.variant+" "+tt.goLine, func(t *testing.T) {
			// A machine busy with other tests can hold the engine or the
			// test off the processor for longer than the limit: the best
			// of three tries counts. An engine that looks at stop only
			// between iterations misses it every time.
			var times []time.Duration
			for try := 0; try < 3; try++ {
				d := stopOnce(t, tt.variant, tt.goLine)
				times = append(times, d)
				if d <= limit {
					t.Logf("bestmove %v after stop (tries: %v)", d, times)
					return
				}
			}
			t.Errorf("bestmove %v after stop, want under %v", times, limit)
		})
	}
}

// stopOnce starts a search of the variant's start position with goLine,
// sends stop once it is under way, and returns how long the bestmove
// took (which must be a legal move).
func stopOnce(t *testing.T, variant, goLine string) time.Duration {
	t.Helper()
	s := startSession(t, ServerOptions{Variant: variant, Hash: 4})
	s.send("position startpos", goLine)
	s.expect("^info depth 3 ", 10*time.Second)
	s.send("isready")
	s.expect("^readyok$", time.Second)
	time.Sleep(20 * time.Millisecond)
	start := time.Now()
	s.send("stop")
	line := s.expect("^bestmove ", time.Second)
	d := time.Since(start)
	pos, _ := engines.ParseFEN(mustVariant(t, variant), mustVariant(t, variant).StartFEN)
	move, _, _ := strings.Cut(strings.TrimPrefix(line, "bestmove "), " ponder ")
	if _, err := pos.ParseUCIMove(move); err != nil {
		t.Errorf("%s: %v", line, err)
	}
	s.send("quit")
	<-s.done
	s.done <- nil
	return d
}

// TestServeInfiniteWaits checks that "go infinite" prints no bestmove
// before stop, even once the search has nothing more to find.
func TestServeInfiniteWaits(t *testing.T) {
	s := startSession(t, ServerOptions{})
	s.send("position fen rnb1kbnr/pppppppp/8/8/8/2q5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "go infinite")
	s.expect("^info depth 1 ", time.Second)
	deadline := time.After(300 * time.Millisecond)
wait:
	for {
		select {
		case l := <-s.lines:
			if strings.HasPrefix(l, "bestmove") {
				t.Fatalf("%q before stop", l)
			}
		case <-deadline:
			break wait
		}
	}
	s.send("stop")
	s.expect("^bestmove (b2c3|d2c3|b1c3)$", time.Second)
}

// TestServeImplicitStop checks that a position or go during a search ends
// it with its bestmove first.
func TestServeImplicitStop(t *testing.T) {
	s := startSession(t, ServerOptions{Hash: 2})
	s.send("go infinite")
	s.expect("^info depth 2 ", 5*time.Second)
	s.send("position startpos moves e2e4", "go depth 1")
	s.expect("^bestmove [a-h][1-8][a-h][1-8] ponder [a-h][1-8][a-h][1-8]$", time.Second) // of the infinite search, from the start
	s.expect("^bestmove [a-h][78][a-h][5-8]$", 5*time.Second)                            // a black move
	s.quiet(100 * time.Millisecond)
}

// TestServeEndOfInput checks that the end of the input stops any search,
// whatever its limit, with its bestmove, and ends the session (as "quit"
// does in Stockfish): "go depth 99" must not run on for hours.
func TestServeEndOfInput(t *testing.T) {
	for _, tt := range []struct {
		input string
		want  string
	}{
		{"position startpos\ngo depth 99\n", "bestmove "},
		{"position startpos\ngo nodes 1000000000000\n", "bestmove "},
		{"position startpos\ngo movetime 3600000\n", "bestmove "},
		{"position startpos\ngo wtime 36000000 btime 36000000\n", "bestmove "},
		{"go infinite\n", "bestmove "},
		{"go\n", "bestmove "},
		{"uci\nquit\ngo depth 1\n", "uciok"},
		// quit during a search still ends that go with its bestmove.
		{"go infinite\nquit\n", "bestmove "},
		{"go depth 99\nquit\ngo depth 1\n", "bestmove "},
	} {
		var out strings.Builder
		done := make(chan error, 1)
		go func() { done <- Serve(context.Background(), strings.NewReader(tt.input), &out, ServerOptions{Hash: 1}) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%q: Serve did not end within 5s of the end of its input", tt.input)
		}
		if !strings.Contains(out.String(), tt.want) {
			t.Errorf("%q: output lacks %q:\n%s", tt.input, tt.want, out.String())
		}
		if n, want := strings.Count(out.String(), "bestmove"), strings.Count(strings.SplitN(tt.input, "quit", 2)[0], "go"); n != want {
			t.Errorf("%q: %d bestmoves, want %d (one per go before quit):\n%s", tt.input, n, want, out.String())
		}
	}
}

// TestServeContext checks that Serve ends with its context, even while
// searching and with its input still open.
func TestServeContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	defer inW.Close()
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, inR, io.Discard, ServerOptions{Hash: 1}) }()
	io.WriteString(inW, "go infinite\n")
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err != context.Canceled {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("Serve did not end with its context")
	}
}

func TestServeOptionsErrors(t *testing.T) {
	for _, opts := range []ServerOptions{
		{Variant: "nosuch"},
		{Hash: 5000},
		{Hash: -1},
		{Weights: "/no/such/weights.yaml"},
	} {
		if err := Serve(context.Background(), strings.NewReader(""), io.Discard, opts); err == nil {
			t.Errorf("%+v: no error", opts)
		}
	}
}

// TestServeLongLine checks that a line over the limit is refused, not
// buffered, and the session goes on.
func TestServeLongLine(t *testing.T) {
	var out strings.Builder
	in := "position startpos moves" + strings.Repeat(" e2e4", maxLineBytes/5+10) + "\nisready\n"
	if err := Serve(context.Background(), strings.NewReader(in), &out, ServerOptions{Hash: 1}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "info string line too long") || !strings.HasSuffix(out.String(), "readyok\n") {
		t.Fatalf("output:\n%.500s", out.String())
	}
}

func mustVariant(t testing.TB, name string) *engines.Variant {
	v, err := variants.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// FuzzServerLine checks that no input line makes the server panic or stop
// answering.
func FuzzServerLine(f *testing.F) {
	for _, s := range []string{
		"uci", "isready", "setoption name UCI_Variant value losalamos-bunkers", "setoption name Hash value 2",
		"setoption name Weights value x.yaml", "position startpos moves e2e4 e7e5",
		"position fen rnqknr/pppppp/6/6/PPPPPP/RNQKNR|q1/2/2/2 w - - 0 1 moves d1Vd1",
		"go depth 2", "go infinite", "go wtime -5 btime 10 movestogo 0", "go nodes 100 movetime 10",
		"stop", "ucinewgame", "d", "debug on", "quit", "position fen", "go mate 3 searchmoves e2e4",
	} {
		f.Add(s)
	}
	// One searcher for every session, reset at its start: a new one
	// costs milliseconds, which left the fuzzer a few executions a second.
	reuse := &reusedSearcher{}
	f.Fuzz(func(t *testing.T, line string) {
		// The closing stop ends any search the line began; isready then
		// proves the loop still answers.
		in := "uci\n" + line + "\nstop\nisready\n"
		var out strings.Builder
		done := make(chan error, 1)
		go func() {
			done <- Serve(context.Background(), strings.NewReader(in), &out, ServerOptions{Hash: 1, MaxHash: 2, reuse: reuse})
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%q: Serve did not end", line)
		}
		if !strings.Contains(line, "quit") && !strings.HasSuffix(out.String(), "readyok\n") {
			t.Fatalf("%q: no readyok at the end:\n%s", line, out.String())
		}
		// A go, whatever its arguments, ends in exactly one bestmove.
		if f := strings.Fields(line); len(f) > 0 && f[0] == "go" && !strings.Contains(line, "quit") {
			if n := strings.Count("\n"+out.String(), "\nbestmove "); n != 1 {
				t.Fatalf("%q: %d bestmoves:\n%s", line, n, out.String())
			}
		}
	})
}

func ExampleServe() {
	in := strings.NewReader("uci\nsetoption name UCI_Variant value losalamos-bunkers\nposition startpos moves d1Vd1\nd\nisready\nquit\n")
	if err := Serve(context.Background(), in, os.Stdout, ServerOptions{Hash: 1}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// id name varena
	// id author the varena authors
	// option name UCI_Variant type combo default extinction var extinction var losalamos-bunkers var evolution var standard var fischerandom var losalamos-extinction var fairy var losalamos var kinglet var threekings var kingofthehill var racingkings var 3check var giveaway var nocheckatomic var atomic var antichess var gardner var shatranj var makruk var almost var knightmate var horde var capablanca var caparandom var gothic var janus var modern var chancellor var embassy var centaur var jesonmor var ataxx var flipersi var flipello var snailtrail var courier var grand var shako var clobber10 var minixiangqi var xiangqi var manchu var janggi var janggitraditional var janggimodern var janggicasual var crazyhouse var loop var chessgi var bughouse var pocketknight var placement var seirawan var shouse var capahouse var minishogi var shogi var kyotoshogi var dobutsu var gorogoro var judkins var euroshogi var sittuyin var nocastle var 5check var amazon var chigorin var hoppelpoppel var newzealand var losers var codrus var asean var ai-wok var mini var clobber var breakthrough var suicide var makpong var shatar var cambodian var micro var koedem var supply var karouk
	// option name UCI_Chess960 type check default false
	// option name Hash type spin default 1 min 1 max 4096
	// option name Weights type string default <empty>
	// option name Threads type spin default 1 min 1 max 256
	// option name Ponder type check default false
	// option name VariantPath type string default <empty>
	// option name FutilityMargin type spin default 200 min 50 max 500
	// option name LMRBase type spin default 50 min 0 max 200
	// option name LMRDivisor type spin default 200 min 100 max 500
	// option name NullMoveBase type spin default 2 min 1 max 5
	// option name NullMoveDivisor type spin default 4 min 2 max 10
	// option name Aspiration type spin default 35 min 5 max 200
	// option name DeltaMargin type spin default 200 min 0 max 1000
	// option name RFPMargin type spin default 120 min 30 max 400
	// option name LMPBase type spin default 3 min 1 max 20
	// option name LMPDepth type spin default 4 min 0 max 12
	// option name FutilityDepth type spin default 2 min 0 max 8
	// option name SEEQuietMargin type spin default 60 min 0 max 400
	// option name SEECaptureMargin type spin default 25 min 0 max 200
	// option name HistoryPrune type spin default 4000 min 0 max 16384
	// option name SingularMargin type spin default 2 min 1 max 10
	// option name DangerReach type spin default 200 min 0 max 400
	// uciok
	// Variant: losalamos-bunkers
	// Fen: rnqknr/pppppp/6/6/PPPPPP/RNQ1NR|2/2/2/1K b - - 1 1
	// Legal moves: a5a4 b5b4 c5c4 c5Vc5 d5d4 d5Vd5 e5e4 f5f4 b6a4 b6c4 e6d4 e6f4 c6Vc6 d6Vd6
	// readyok
}
