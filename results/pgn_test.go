package results

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func sc(cp int) *Score  { return &Score{CP: cp} }
func mate(n int) *Score { return &Score{Mate: n} }
func start() time.Time  { return time.Date(2025, 11, 29, 13, 42, 0, 0, time.UTC) }
func sans(g Game) []string {
	var s []string
	for _, m := range g.Moves {
		s = append(s, m.SAN)
	}
	return s
}

// extinctionGame is a short game won by extinction.
func extinctionGame() Game {
	return Game{
		ID: 7, Round: 4, Pair: 3, Event: "varena gauntlet", Variant: "extinction",
		White: "varena", Black: "Fairy-Stockfish",
		StartFEN:       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		StartIsInitial: true,
		Moves: []Move{
			{UCI: "e2e4", SAN: "e4", Score: sc(35), Depth: 12, Nodes: 120345, TimeMS: 520},
			{UCI: "e7e5", SAN: "e5", Score: sc(-20), Depth: 11, TimeMS: 480},
			{UCI: "d1h5", SAN: "Qh5", Score: sc(0), Depth: 10, TimeMS: 77},
			{UCI: "b8c6", SAN: "Nc6", Score: sc(-5), Depth: 9, TimeMS: 1234},
			{UCI: "f1c4", SAN: "Bc4", Score: sc(120), Depth: 9, TimeMS: 12345},
			{UCI: "g8f6", SAN: "Nf6", Score: mate(-3), Depth: 14, TimeMS: 5},
			{UCI: "h5f7", SAN: "Qxf7", Score: mate(1), Depth: 2, TimeMS: 0},
		},
		Result: WhiteWins, Termination: TermExtinction,
		TimeControl: "40/60+0.6", Started: start(), DurationMS: 15000,
	}
}

func TestWritePGN(t *testing.T) {
	var b strings.Builder
	if err := WritePGN(&b, extinctionGame()); err != nil {
		t.Fatal(err)
	}
	want := `[Event "varena gauntlet"]
[Site "?"]
[Date "2025.11.29"]
[Round "4"]
[White "varena"]
[Black "Fairy-Stockfish"]
[Result "1-0"]
[Variant "extinction"]
[TimeControl "40/60+0.6"]
[PlyCount "7"]
[Termination "normal"]

1. e4 {+0.35/12 0.52s} e5 {-0.20/11 0.48s} 2. Qh5 {0.00/10 0.077s}
Nc6 {-0.05/9 1.2s} 3. Bc4 {+1.20/9 12s} Nf6 {-M3/14 0.005s}
4. Qxf7 {+M1/2 0s, White wins by extinction} 1-0

`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWritePGNSetUp(t *testing.T) {
	g := Game{
		Variant: "losalamos-bunkers", Event: `the "big" \ one`, White: "a", Black: "b",
		StartFEN: "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 b - - 3 17",
		Moves: []Move{
			{UCI: "c5Vc5", SAN: "pVc5"},
			{UCI: "c1Vc1", SAN: "QVc1", TimeMS: 40},
		},
		Result: Unfinished,
	}
	var b strings.Builder
	if err := WritePGN(&b, g); err != nil {
		t.Fatal(err)
	}
	want := `[Event "the \"big\" \\ one"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "a"]
[Black "b"]
[Result "*"]
[Variant "losalamos-bunkers"]
[FEN "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 b - - 3 17"]
[SetUp "1"]
[TimeControl "?"]
[PlyCount "2"]
[Termination "unterminated"]

17... pVc5 18. QVc1 {0.040s} *

`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWritePGNErrors(t *testing.T) {
	for _, g := range []Game{
		{Result: "1-0 "},
		{Result: WhiteWins, Moves: []Move{{SAN: "e4 e5"}}},
		{Result: WhiteWins, Moves: []Move{{}}},
		{Result: WhiteWins, Moves: []Move{{SAN: "12"}}},
	} {
		if err := WritePGN(&bytes.Buffer{}, g); err == nil {
			t.Errorf("WritePGN(%+v) succeeded", g)
		}
	}
}

func TestWritePGNWraps(t *testing.T) {
	g := extinctionGame()
	g.Reason = strings.Repeat("a very long reason with %percent signs ", 10)
	for range 6 {
		g.Moves = append(g.Moves, g.Moves...)
	}
	g.Moves = g.Moves[:301]
	var b bytes.Buffer
	if err := WritePGN(&b, g); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(b.String(), "\n") {
		if len(line) > pgnLineWidth {
			t.Errorf("line %d has %d characters: %q", i+1, len(line), line)
		}
		if strings.HasPrefix(line, "%") {
			t.Errorf("line %d starts with %%: %q", i+1, line)
		}
	}
	games, err := ReadPGN(&b)
	if err != nil || len(games) != 1 {
		t.Fatalf("ReadPGN: %d games, %v", len(games), err)
	}
	back := ToGame(games[0])
	if back.Reason != strings.TrimSpace(g.Reason) || back.Termination != TermExtinction {
		t.Errorf("ending read back as %q, %q", back.Termination, back.Reason)
	}
}

// TestPGNRoundTrip writes games with WritePGN, reads them back and checks
// the tags, moves and what ToGame recovers.
func TestPGNRoundTrip(t *testing.T) {
	var games []Game
	g := extinctionGame()
	games = append(games, g)

	g = extinctionGame()
	g.StartIsInitial = false
	g.StartFEN = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	g.Moves = g.Moves[1:]
	g.Result, g.Termination, g.Reason = BlackWins, TermIllegalMove, "Fairy-Stockfish played e2e5, illegal"
	games = append(games, g)

	g = extinctionGame()
	g.Variant = "evolution"
	g.Result, g.Termination = Draw, TermRepetition
	games = append(games, g)

	g = extinctionGame()
	g.Moves = nil
	g.Result, g.Termination, g.Reason = Unfinished, TermEngineCrash, "exit status 1"
	games = append(games, g)

	g = extinctionGame()
	g.Result, g.Termination = BlackWins, TermTimeForfeit
	games = append(games, g)

	var b bytes.Buffer
	for _, g := range games {
		if err := WritePGN(&b, g); err != nil {
			t.Fatal(err)
		}
	}
	read, err := ReadPGN(&b)
	if err != nil {
		t.Fatal(err)
	}
	if len(read) != len(games) {
		t.Fatalf("read %d games, wrote %d", len(read), len(games))
	}
	for i, g := range games {
		pg := read[i]
		wantOrder := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant"}
		if !g.StartIsInitial {
			wantOrder = append(wantOrder, "FEN", "SetUp")
		}
		wantOrder = append(wantOrder, "TimeControl", "PlyCount", "Termination")
		if !slices.Equal(pg.TagOrder, wantOrder) {
			t.Errorf("game %d: tags %v, want %v", i, pg.TagOrder, wantOrder)
		}
		if pg.Tags["White"] != g.White || pg.Tags["Variant"] != g.Variant || pg.Tags["Result"] != g.Result {
			t.Errorf("game %d: tags %v", i, pg.Tags)
		}
		if !slices.Equal(pg.Moves, sans(g)) || pg.Result != g.Result {
			t.Errorf("game %d: moves %v %s, want %v %s", i, pg.Moves, pg.Result, sans(g), g.Result)
		}

		back := ToGame(pg)
		if back.Event != g.Event || back.White != g.White || back.Black != g.Black ||
			back.Round != g.Round || back.Variant != g.Variant || back.TimeControl != g.TimeControl ||
			back.Result != g.Result || back.Termination != g.Termination || back.Reason != g.Reason ||
			back.StartIsInitial != g.StartIsInitial {
			t.Errorf("game %d: ToGame gave\n%+v\nwant\n%+v", i, back, g)
		}
		if !g.StartIsInitial && back.StartFEN != g.StartFEN {
			t.Errorf("game %d: FEN %q, want %q", i, back.StartFEN, g.StartFEN)
		}
		if !back.Started.Equal(time.Date(2025, 11, 29, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("game %d: started %v", i, back.Started)
		}
		for j, m := range g.Moves {
			bm := back.Moves[j]
			if *bm.Score != *m.Score || bm.Depth != m.Depth {
				t.Errorf("game %d move %d: read %+v %+v, wrote %+v %+v", i, j, bm, *bm.Score, m, *m.Score)
			}
			// cutechess-cli's precision: 3 significant digits, whole seconds from 10 s.
			if d := bm.TimeMS - m.TimeMS; d < -500 || d > 500 || m.TimeMS < 1000 && (d < -5 || d > 5) {
				t.Errorf("game %d move %d: time %d ms read back as %d", i, j, m.TimeMS, bm.TimeMS)
			}
		}
	}
}

func TestReadCutechess(t *testing.T) {
	f, err := os.Open("testdata/cutechess.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	read, err := ReadPGN(f)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		line        int
		moves       int
		first, last string
		result      string
		termination string
		reason      string
		variant     string
		initial     bool
	}{
		{1, 13, "e4", "Nd5#", WhiteWins, TermCheckmate, "", "", true},
		{21, 7, "e5", "Kxf7", BlackWins, TermExtinction, "", "extinction", false},
		{41, 12, "d4", "d5", Draw, TermAdjudication, "", "", true},
		{63, 6, "e4", "Qa5", BlackWins, TermTimeForfeit, "", "", true},
		{82, 1, "e4", "e4", WhiteWins, TermIllegalMove, "e7e4", "extinction", false},
	}
	if len(read) != len(want) {
		t.Fatalf("read %d games, want %d", len(read), len(want))
	}
	for i, w := range want {
		pg := read[i]
		g := ToGame(pg)
		if pg.Line != w.line || len(pg.Moves) != w.moves || pg.Moves[0] != w.first || pg.Moves[len(pg.Moves)-1] != w.last {
			t.Errorf("game %d: line %d, moves %v", i+1, pg.Line, pg.Moves)
		}
		if g.Result != w.result || g.Termination != w.termination || g.Reason != w.reason ||
			g.Variant != w.variant || g.StartIsInitial != w.initial || g.Round != i+1 {
			t.Errorf("game %d: got %+v", i+1, g)
		}
		if pg.Tags["PlyCount"] != "" && pg.Tags["PlyCount"] != strconv.Itoa(len(pg.Moves)) {
			t.Errorf("game %d: PlyCount %s, %d moves", i+1, pg.Tags["PlyCount"], len(pg.Moves))
		}
	}

	g := ToGame(read[0])
	if g.Moves[0].Score != nil || g.Moves[0].TimeMS != 0 {
		t.Errorf("book move read as %+v", g.Moves[0])
	}
	if m := g.Moves[4]; *m.Score != (Score{CP: 41}) || m.Depth != 14 || m.TimeMS != 610 {
		t.Errorf("3. Bc4 read as %+v", m)
	}
	if m := g.Moves[9]; *m.Score != (Score{Mate: -4}) || m.Depth != 18 || m.TimeMS != 380 {
		t.Errorf("5... Bxd1 read as %+v", m)
	}
	if !g.Started.Equal(time.Date(2024, 3, 10, 14, 22, 26, 301e6, time.UTC)) || g.DurationMS != 5000 {
		t.Errorf("started %v, lasted %d ms", g.Started, g.DurationMS)
	}
	if g.TimeControl != "40/60+0.6" || g.Event != "varena calibration" || g.Site != "" {
		t.Errorf("tags read as %+v", g)
	}
	g = ToGame(read[1])
	if g.StartFEN != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" {
		t.Errorf("FEN read as %q", g.StartFEN)
	}
	g = ToGame(read[3])
	if m := g.Moves[4]; m.TimeMS != 12000 {
		t.Errorf("3. Nc3 read as %+v", m)
	}
}

func TestReadFastchessCRLF(t *testing.T) {
	data, err := os.ReadFile("testdata/fastchess.pgn")
	if err != nil {
		t.Fatal(err)
	}
	data = append([]byte("\xef\xbb\xbf"), bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))...)
	read, err := ReadPGN(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(read) != 2 {
		t.Fatalf("read %d games", len(read))
	}
	g := ToGame(read[0])
	if g.Result != Draw || g.Termination != TermRepetition || len(g.Moves) != 8 || g.White != "varena-dev" {
		t.Errorf("game 1: %+v", g)
	}
	if want := time.Date(2024, 5, 1, 8, 0, 0, 0, time.UTC); !g.Started.Equal(want) || g.DurationMS != 1000 {
		t.Errorf("game 1 started %v, lasted %d ms", g.Started, g.DurationMS)
	}
	g = ToGame(read[1])
	if g.Result != BlackWins || g.Termination != TermAdjudication || g.StartIsInitial || read[1].Line != 19 {
		t.Errorf("game 2: %+v (line %d)", g, read[1].Line)
	}
	if m := g.Moves[3]; m.SAN != "Qxe4+" || m.Nodes != 48213 || *m.Score != (Score{CP: 501}) || m.TimeMS != 83 {
		t.Errorf("4... Qxe4+ read as %+v", m)
	}
}

func TestReadPGNSyntax(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		moves  [][]string
		result []string
	}{
		{"empty", "", nil, nil},
		{"byte order mark only", "\xef\xbb\xbf", nil, nil},
		{"byte order mark and a newline", "\xef\xbb\xbf\n", nil, nil},
		{"only comments", "{nothing}\n; here\n", nil, nil},
		{"no tags", "1. e4 e5 2. Nf3 *", [][]string{{"e4", "e5", "Nf3"}}, []string{"*"}},
		{"tight numbers", "1.e4 e5 2.Nf3 Nc6 3...a6 1-0", [][]string{{"e4", "e5", "Nf3", "Nc6", "a6"}}, []string{"1-0"}},
		{"black starts", "[FEN \"x b - - 0 12\"]\n12... e5 13. Nf3 0-1", [][]string{{"e5", "Nf3"}}, []string{"0-1"}},
		{"NAGs and annotations", "1. e4! $1 e5?! $6 2. Nf3!! Nc6?? 1/2-1/2", [][]string{{"e4", "e5", "Nf3", "Nc6"}}, []string{"1/2-1/2"}},
		{"variations", "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 (1... c5 {Sicilian (open)} 2. Nf3) 2. Nf3 1-0",
			[][]string{{"e4", "e5", "Nf3"}}, []string{"1-0"}},
		{"comments", "1. e4 {a comment\nover two lines} e5 ; rest of line )(}{\n2. Nf3 {x} 1-0",
			[][]string{{"e4", "e5", "Nf3"}}, []string{"1-0"}},
		{"escape lines", "% a note\n[Event \"x\"]\n%another [not a tag\n1. e4 *\n", [][]string{{"e4"}}, []string{"*"}},
		{"two games", "[Event \"a\"]\n\n1. e4 1-0\n\n[Event \"b\"]\n\n1. d4 0-1\n", [][]string{{"e4"}, {"d4"}}, []string{"1-0", "0-1"}},
		{"missing result", "[Event \"a\"]\n[Result \"1-0\"]\n1. e4\n[Event \"b\"]\n1. d4", [][]string{{"e4"}, {"d4"}}, []string{"1-0", "*"}},
		{"tags only", "[Event \"a\"]\n[Result \"0-1\"]\n", [][]string{nil}, []string{"0-1"}},
		{"variant moves", "1. c2Vc2 Vc5c5 2. QVc1 NxVd2 3. Vc5Vc6=Q O-O-O#", [][]string{{"c2Vc2", "Vc5c5", "QVc1", "NxVd2", "Vc5Vc6=Q", "O-O-O#"}}, []string{"*"}},
		{"BOMs", "\xef\xbb\xbf[Event \"a\"]\n1. e4 *\n\xef\xbb\xbf[Event \"b\"]\n1. d4 *", [][]string{{"e4"}, {"d4"}}, []string{"*", "*"}},
		{"CRLF", "[Event \"a\"]\r\n\r\n1. e4 {x\r\ny} e5\r\n1-0\r\n", [][]string{{"e4", "e5"}}, []string{"1-0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ReadPGN(strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != len(tt.moves) {
				t.Fatalf("read %d games, want %d: %+v", len(games), len(tt.moves), games)
			}
			for i, g := range games {
				if !slices.Equal(g.Moves, tt.moves[i]) || g.Result != tt.result[i] {
					t.Errorf("game %d: %v %s, want %v %s", i+1, g.Moves, g.Result, tt.moves[i], tt.result[i])
				}
				if len(g.Comments) != len(g.Moves) {
					t.Errorf("game %d: %d comments for %d moves", i+1, len(g.Comments), len(g.Moves))
				}
			}
		})
	}
}

func TestReadPGNTagsAndComments(t *testing.T) {
	in := "{before}\n[Event \"a \\\"quoted\\\" \\\\ value\"]\n[ Site   \"x\" ]\n[Event \"again\"]\n\n{start} 1. e4 {one} {two} e5 (1... c5 {inside}) 2. Nf3\n{   spaced\n  out } *\n"
	games, err := ReadPGN(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	if g.Line != 2 || !slices.Equal(g.TagOrder, []string{"Event", "Site"}) || g.Tags["Event"] != "again" || g.Tags["Site"] != "x" {
		t.Errorf("tags: line %d, %v %q", g.Line, g.TagOrder, g.Tags)
	}
	if g.Comment != "before start" || !slices.Equal(g.Comments, []string{"one two", "", "spaced out"}) {
		t.Errorf("comments %q %q", g.Comment, g.Comments)
	}
	games, err = ReadPGN(strings.NewReader("[Event \"a \\\"quoted\\\" \\\\ value\"]\n*"))
	if err != nil || games[0].Tags["Event"] != `a "quoted" \ value` {
		t.Errorf("escaped tag read as %q, %v", games[0].Tags["Event"], err)
	}
}

func TestReadPGNErrors(t *testing.T) {
	tests := []struct {
		in   string
		line int
	}{
		{"1. e4 {never closed\n\n", 1},
		{"[Event \"x\"]\n1. e4 (1. d4\n\n*", 2},
		{"1. e4 )", 1},
		{"\n\n[Event \"x]\n", 3},
		{"[Event x]", 1},
		{"[\"x\"]", 1},
		{"[Event \"x\"", 1},
		{"1. e4 $ e5", 1},
		{"1. e4 <e5>", 1},
		{"e4 . e5", 1},
		{"{c}\n( e4 )", 2},
		{"1. e4 (1. d4 [Event \"x\"])", 1},
		{"1. e4 -- e5", 1},
		{"1. e4 e5\n\n\n\xff", 4},
	}
	for _, tt := range tests {
		_, err := ReadPGN(strings.NewReader(tt.in))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ReadPGN(%q): error %v, want a SyntaxError", tt.in, err)
			continue
		}
		if se.Line != tt.line {
			t.Errorf("ReadPGN(%q): error at line %d, want %d (%v)", tt.in, se.Line, tt.line, err)
		}
	}
}

func TestReadPGNFile(t *testing.T) {
	games, err := ReadPGNFile("testdata/cutechess.pgn")
	if err != nil || len(games) != 5 {
		t.Errorf("%d games, %v", len(games), err)
	}
	path := filepath.Join(t.TempDir(), "bad.pgn")
	if err := os.WriteFile(path, []byte("[Event \"x\"]\n\n1. e4 {oops\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ReadPGNFile(path)
	if err == nil || err.Error() != path+":3: comment is not closed" {
		t.Errorf("error %v", err)
	}
	if _, err := ReadPGNFile(filepath.Join(t.TempDir(), "missing.pgn")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestParseEvalComment(t *testing.T) {
	tests := []struct {
		in    string
		score *Score
		depth int
		ms    int64
		nodes int64
		rest  string
	}{
		{"+0.35/12 0.52s", sc(35), 12, 520, 0, ""},
		{"-0.05/9 0.011s", sc(-5), 9, 11, 0, ""},
		{"0.00/18 0.73s, Draw by adjudication", sc(0), 18, 730, 0, "Draw by adjudication"},
		{"+M1/99 0.004s, White mates", mate(1), 99, 4, 0, "White mates"},
		{"-M12 3s", mate(-12), 0, 3000, 0, ""},
		{"1.2s", nil, 0, 1200, 0, ""},
		{"+5.01/13 0.083s, n=48213, sd=20, Black wins by adjudication", sc(501), 13, 83, 48213, "Black wins by adjudication"},
		{"book", nil, 0, 0, 0, "book"},
		{"White mates", nil, 0, 0, 0, "White mates"},
		{"+Inf/3 1s", nil, 0, 0, 0, "+Inf/3 1s"},
		{"+0.35/-1 1s", nil, 0, 0, 0, "+0.35/-1 1s"},
		{"+0.35/12 NaNs", nil, 0, 0, 0, "+0.35/12 NaNs"},
		{"+M0 1s", nil, 0, 0, 0, "+M0 1s"},
	}
	for _, tt := range tests {
		m, rest := parseEvalComment(tt.in)
		if (m.Score == nil) != (tt.score == nil) || m.Score != nil && *m.Score != *tt.score ||
			m.Depth != tt.depth || m.TimeMS != tt.ms || m.Nodes != tt.nodes || rest != tt.rest {
			t.Errorf("parseEvalComment(%q) = %+v %q", tt.in, m, rest)
		}
	}
}

// TestEndText checks that every ending WritePGN describes is read back.
func TestEndText(t *testing.T) {
	terms := []string{"", TermExtinction, TermCheckmate, TermStalemate, TermRepetition, TermFiftyMoves,
		TermInsufficient, TermResignation, TermAdjudication, TermTimeForfeit, TermIllegalMove,
		TermEngineCrash, "bare king"}
	for _, result := range []string{WhiteWins, BlackWins, Draw, Unfinished} {
		for _, term := range terms {
			for _, reason := range []string{"", "engine said: no"} {
				g := Game{Result: result, Termination: term, Reason: reason}
				text := endText(g)
				gotTerm, gotReason, ok := parseEnd(text)
				if term == "" && reason == "" {
					if text != "" {
						t.Errorf("endText(%s, no termination) = %q", result, text)
					}
					continue
				}
				if !ok || gotTerm != term || gotReason != reason {
					t.Errorf("%s %q %q: %q read back as %q %q %v", result, term, reason, text, gotTerm, gotReason, ok)
				}
			}
		}
	}
	for text, want := range map[string]string{
		"White mates":                          TermCheckmate,
		"Black's connection stalls":            TermStall,
		"Draw by insufficient material":        TermInsufficient,
		"White wins by adjudication: SyzygyTB": TermAdjudication,
		"Draw by fifty moves rule":             TermFiftyMoves,
	} {
		if term, _, ok := parseEnd(text); !ok || term != want {
			t.Errorf("parseEnd(%q) = %q, %v; want %q", text, term, ok, want)
		}
	}
}

func TestWritePGNGame(t *testing.T) {
	in := "[Event \"e\"]\n[FEN \"8/8/8/8/8/8/8/8 b - - 0 30\"]\n{pre} 30... Kg7 {c1} 31. Kf2 32... Kh8 {end} 1/2-1/2\n"
	games, err := ReadPGN(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WritePGNGame(&b, games[0]); err != nil {
		t.Fatal(err)
	}
	want := "[Event \"e\"]\n[FEN \"8/8/8/8/8/8/8/8 b - - 0 30\"]\n\n{pre} 30... Kg7 {c1} 31. Kf2 Kh8 {end} 1/2-1/2\n\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}

// TestPGNSideTimeControls: when White's and Black's limits differ, PGN
// gets cutechess-cli's WhiteTimeControl and BlackTimeControl tags in
// place of TimeControl, the journal line both fields, and reading either
// back gives the same record; equal limits keep the one TimeControl tag.
func TestPGNSideTimeControls(t *testing.T) {
	g := extinctionGame()
	g.TimeControl, g.WhiteTimeControl, g.BlackTimeControl = "depth=2", "depth=2", "depth=3"
	var b strings.Builder
	if err := WritePGN(&b, g); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{`[WhiteTimeControl "depth=2"]`, `[BlackTimeControl "depth=3"]`} {
		if !strings.Contains(text, want) {
			t.Errorf("PGN lacks %s:\n%s", want, text)
		}
	}
	if strings.Contains(text, "[TimeControl ") {
		t.Errorf("PGN with differing limits has a TimeControl tag:\n%s", text)
	}
	read, err := ReadPGN(strings.NewReader(text))
	if err != nil || len(read) != 1 {
		t.Fatalf("ReadPGN: %d games, %v", len(read), err)
	}
	back := ToGame(read[0])
	if back.TimeControl != "depth=2" || back.WhiteTimeControl != "depth=2" || back.BlackTimeControl != "depth=3" {
		t.Errorf("read back: %q white %q black %q", back.TimeControl, back.WhiteTimeControl, back.BlackTimeControl)
	}
	line, err := formatLine(nil, g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(line), `"time_control":"depth=2","white_time_control":"depth=2","black_time_control":"depth=3"`) {
		t.Errorf("journal line lacks both limits: %s", line)
	}
	if g2, err := parseLine(line); err != nil || g2.BlackTimeControl != "depth=3" {
		t.Errorf("journal line read back: %+v, %v", g2.BlackTimeControl, err)
	}
	// An old record (no side fields) still reads and writes TimeControl.
	old, err := parseLine([]byte(`{"id":1,"round":1,"pair":1,"white":"a","black":"b","start_is_initial":true,"moves":null,"result":"1-0","termination":"extinction","time_control":"depth=2","started":"2025-11-29T13:42:00Z","duration_ms":5}`))
	if err != nil || old.TimeControl != "depth=2" || old.WhiteTimeControl != "" {
		t.Fatalf("old journal line: %+v, %v", old, err)
	}
	b.Reset()
	if err := WritePGN(&b, old); err != nil || !strings.Contains(b.String(), `[TimeControl "depth=2"]`) {
		t.Errorf("old record's PGN: %v\n%s", err, b.String())
	}
}

// TestPGNMoveComments: an engine's comment on its move is written after
// the score and time, before the end on the last move, and read back
// beside them, whatever commas it and the end's reason hold.
func TestPGNMoveComments(t *testing.T) {
	g := extinctionGame()
	g.Moves[0].Comment = "from book, line 3"
	g.Moves[2].Comment = "tb: win"
	g.Moves[6].Comment = "mate found, 1 ply"
	g.Moves[5].TimeMS, g.Moves[5].Score, g.Moves[5].Depth = 0, nil, 0
	g.Moves[5].Comment = "no eval here"
	illegal := g
	illegal.Moves = slices.Clone(g.Moves)
	illegal.Result, illegal.Termination, illegal.Reason = BlackWins, TermIllegalMove, "it played e2e5, illegal"
	for _, g := range []Game{g, illegal} {
		var b bytes.Buffer
		if err := WritePGN(&b, g); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"{+0.35/12 0.52s, from book, line 3}", "{no eval here}", ", mate found, 1 ply, "} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("PGN lacks %q:\n%s", want, b.String())
			}
		}
		read, err := ReadPGN(&b)
		if err != nil {
			t.Fatal(err)
		}
		back := ToGame(read[0])
		for i, m := range g.Moves {
			if back.Moves[i].Comment != m.Comment {
				t.Errorf("%s: move %d: comment %q read back as %q", g.Termination, i+1, m.Comment, back.Moves[i].Comment)
			}
		}
		if back.Termination != g.Termination || back.Reason != g.Reason {
			t.Errorf("end %q %q read back as %q %q", g.Termination, g.Reason, back.Termination, back.Reason)
		}
	}
}
