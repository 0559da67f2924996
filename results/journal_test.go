package results

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func game(id int, result string) Game {
	g := extinctionGame()
	g.ID, g.Round, g.Pair, g.Result = id, id/2+1, id/2, result
	return g
}

func ids(games []Game) []int {
	var out []int
	for _, g := range games {
		out = append(out, g.ID)
	}
	return out
}

func TestJournalAppendReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	j, games, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 0 || j.Dropped() != 0 {
		t.Fatalf("new journal: %d games, %d dropped", len(games), j.Dropped())
	}
	for _, g := range []Game{game(2, WhiteWins), game(0, Draw), game(1, BlackWins)} {
		if err := j.Append(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.Append(game(0, WhiteWins)); !errors.Is(err, ErrDuplicate) {
		t.Errorf("appending game 0 again: %v, want ErrDuplicate", err)
	}
	if err := j.Append(Game{ID: 9, Result: "win"}); err == nil {
		t.Error("appending a bad result succeeded")
	}
	if !j.Has(1) || j.Has(3) || j.Len() != 3 {
		t.Errorf("Has(1) %v, Has(3) %v, Len %d", j.Has(1), j.Has(3), j.Len())
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if err := j.Append(game(5, Draw)); err == nil {
		t.Error("Append after Close succeeded")
	}

	j, games, err = OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if !slices.Equal(ids(games), []int{2, 0, 1}) {
		t.Fatalf("reopened: games %v", ids(games))
	}
	if want := game(2, WhiteWins); !sameGame(games[0], want) {
		t.Errorf("read back\n%+v\nwant\n%+v", games[0], want)
	}
	if err := j.Append(game(3, Draw)); err != nil {
		t.Fatal(err)
	}
	read, err := ReadJournal(path)
	if err != nil || !slices.Equal(ids(read), []int{2, 0, 1, 3}) {
		t.Errorf("ReadJournal: %v, %v", ids(read), err)
	}
}

// writeJournal writes games as journal lines followed by tail.
func writeJournal(t *testing.T, tail string, games ...Game) string {
	t.Helper()
	var b strings.Builder
	for _, g := range games {
		line, err := formatLine(nil, g)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
	}
	b.WriteString(tail)
	path := filepath.Join(t.TempDir(), "run.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestJournalDropsTornLine(t *testing.T) {
	full, err := formatLine(nil, game(2, BlackWins))
	if err != nil {
		t.Fatal(err)
	}
	for _, tail := range []string{
		string(full[:len(full)/2]),      // killed mid-line
		string(full[:len(full)-1]),      // killed before the newline
		`{"id":2,"result":"1-0"` + "\n", // complete line, bad JSON
		"\x00\x00\x00\x00",              // file extended, data lost
		"garbage\n\n\n",
	} {
		path := writeJournal(t, tail, game(0, WhiteWins), game(1, Draw))
		good, _ := formatLine(nil, game(0, WhiteWins))
		good1, _ := formatLine(nil, game(1, Draw))
		want := string(good) + string(good1)

		read, err := ReadJournal(path)
		if err != nil || len(read) != 2 {
			t.Errorf("ReadJournal with tail %q: %d games, %v", tail, len(read), err)
		}
		if data, _ := os.ReadFile(path); string(data) != want+tail {
			t.Errorf("ReadJournal changed the file")
		}

		j, games, err := OpenJournal(path)
		if err != nil {
			t.Fatalf("tail %q: %v", tail, err)
		}
		if len(games) != 2 || j.Dropped() != 1 {
			t.Errorf("tail %q: %d games, %d dropped", tail, len(games), j.Dropped())
		}
		if data, _ := os.ReadFile(path); string(data) != want {
			t.Errorf("tail %q: file not repaired:\n%s", tail, data)
		}
		if err := j.Append(game(2, BlackWins)); err != nil {
			t.Fatal(err)
		}
		j.Close()
		read, err = ReadJournal(path)
		if err != nil || !slices.Equal(ids(read), []int{0, 1, 2}) {
			t.Errorf("tail %q: after append: %v, %v", tail, ids(read), err)
		}
	}
}

func TestJournalKeepsBlankLines(t *testing.T) {
	path := writeJournal(t, "\n\n", game(0, WhiteWins))
	j, games, err := OpenJournal(path)
	if err != nil || len(games) != 1 || j.Dropped() != 0 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	j.Close()
}

func TestJournalMiddleCorruption(t *testing.T) {
	g0, _ := formatLine(nil, game(0, WhiteWins))
	g1, _ := formatLine(nil, game(1, Draw))
	for _, bad := range []string{"{\"id\": 1, oops}\n", "[1,2]\n", "null\n", `{"id":-4,"result":"1-0"}` + "\n", `{"id":4,"result":"2-0"}` + "\n", "{\"id\":5,\"result\":\"1-0\"\n"} {
		path := filepath.Join(t.TempDir(), "run.jsonl")
		data := string(g0) + bad + string(g1)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := OpenJournal(path)
		if err == nil || !strings.Contains(err.Error(), path+":2:") {
			t.Errorf("bad line %q: error %v, want one naming %s:2", bad, err, path)
		}
		if _, err := ReadJournal(path); err == nil || !strings.Contains(err.Error(), path+":2:") {
			t.Errorf("ReadJournal, bad line %q: error %v", bad, err)
		}
		if after, _ := os.ReadFile(path); string(after) != data {
			t.Errorf("bad line %q: the file was changed", bad)
		}
	}
	// A bad complete line followed by a torn one is not a torn write.
	path := writeJournal(t, "garbage\n{\"id\":", game(0, WhiteWins))
	if _, _, err := OpenJournal(path); err == nil || !strings.Contains(err.Error(), path+":2:") {
		t.Errorf("bad line before torn line: %v", err)
	}
}

// TestJournalDuplicates: a journal holding an ID twice (two runs wrote
// to it) is an error naming both lines, whether the copies agree or not,
// for the writer and the reader alike.
func TestJournalDuplicates(t *testing.T) {
	differ := game(1, BlackWins)
	tests := []struct {
		name   string
		second Game
		want   string
	}{
		{"same", game(1, WhiteWins), "the copies agree"},
		{"different", differ, `the copies differ: result "1-0" / "0-1"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeJournal(t, "", game(0, Draw), game(1, WhiteWins), game(2, Draw), tt.second)
			want := fmt.Sprintf("%s:4: game 1 is also on line 2 (%s)", path, tt.want)
			_, _, err := OpenJournal(path)
			if !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), want) {
				t.Errorf("OpenJournal: %v\nwant %q", err, want)
			}
			if _, err := ReadJournal(path); !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), want) {
				t.Errorf("ReadJournal: %v\nwant %q", err, want)
			}
		})
	}
	path := writeJournal(t, "", game(0, Draw), game(1, WhiteWins))
	j, _, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := j.Append(game(1, Draw)); !errors.Is(err, ErrDuplicate) {
		t.Errorf("Append of a duplicate: %v", err)
	}
}

func TestMerge(t *testing.T) {
	a := []Game{game(4, WhiteWins), game(0, Draw), game(2, BlackWins)}
	b := []Game{game(1, Draw), game(2, BlackWins), game(3, WhiteWins)}
	// The same record read back in another zone is still the same.
	moved := game(3, WhiteWins)
	moved.Started = moved.Started.In(time.FixedZone("CET", 3600))
	c := []Game{moved}
	got, err := Merge(a, b, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids(got), []int{0, 1, 2, 3, 4}) {
		t.Errorf("merged %v", ids(got))
	}

	conflict := game(2, WhiteWins)
	_, err = Merge(a, b, []Game{conflict})
	// The message names the fields that differ, not two whole records.
	if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), `game 2`) ||
		!strings.Contains(err.Error(), `input 1 and input 3: result "0-1" / "1-0"`) {
		t.Errorf("conflict: %v", err)
	}
	changed := game(1, Draw)
	changed.Moves = changed.Moves[:3]
	_, err = Merge(b, []Game{changed})
	if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), fmt.Sprintf("moves: %d / 3", len(game(1, Draw).Moves))) {
		t.Errorf("conflicting moves: %v", err)
	}
	if got, err := Merge(); err != nil || len(got) != 0 {
		t.Errorf("Merge(): %v, %v", got, err)
	}

	// A shard played again: the same games at another time, on another
	// host, with other durations and move times, merges with its first
	// play and keeps the first input's record.
	replayed := game(2, BlackWins)
	replayed.Started = replayed.Started.Add(3 * time.Hour)
	replayed.DurationMS += 1234
	replayed.Site = "node-7"
	replayed.Moves = slices.Clone(replayed.Moves)
	for i := range replayed.Moves {
		replayed.Moves[i].TimeMS += 17
	}
	got, err = Merge(a, []Game{replayed})
	if err != nil {
		t.Fatalf("a replayed game conflicts: %v", err)
	}
	if g := got[slices.IndexFunc(got, func(g Game) bool { return g.ID == 2 })]; g.Site == "node-7" {
		t.Errorf("merge kept the second play of game 2, want the first")
	}
	// Another move is another game, whenever it was played.
	other := game(2, BlackWins)
	other.Moves = slices.Clone(other.Moves)
	other.Moves[1].UCI = "a1a2"
	if _, err := Merge(a, []Game{other}); !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "first differing at ply 2") {
		t.Errorf("another move: %v", err)
	}
}

func TestWhiteScore(t *testing.T) {
	for _, tt := range []struct {
		result string
		score  float64
		ok     bool
	}{
		{WhiteWins, 1, true}, {BlackWins, 0, true}, {Draw, 0.5, true}, {Unfinished, 0, false}, {"", 0, false},
	} {
		g := Game{Result: tt.result}
		if s, ok := g.WhiteScore(); s != tt.score || ok != tt.ok {
			t.Errorf("WhiteScore(%q) = %v, %v", tt.result, s, ok)
		}
	}
}

// TestReadJournalFrom: a follower reading a journal another process
// appends to gets each game once, however the reads fall: a half-written
// line is left for the next read, whose offset starts where the last
// whole line ended.
func TestReadJournalFrom(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	j, _, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var got []int
	var off int64
	read := func(step string) {
		t.Helper()
		games, next, err := ReadJournalFrom(path, off)
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		if next < off {
			t.Fatalf("%s: offset went back from %d to %d", step, off, next)
		}
		off = next
		got = append(got, ids(games)...)
	}
	read("empty")
	for _, id := range []int{0, 1} {
		if err := j.Append(game(id, Draw)); err != nil {
			t.Fatal(err)
		}
	}
	read("two games")
	read("nothing new")
	// A line being written: the reader leaves it for the next read.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	line, _ := formatLine(nil, game(2, WhiteWins))
	f.Write(line[:len(line)/2])
	read("half a line")
	f.Write(line[len(line)/2:])
	f.Close()
	read("the line finished")
	if want := []int{0, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("games read %v, want %v, each once", got, want)
	}
	st, _ := os.Stat(path)
	if off != st.Size() {
		t.Errorf("offset %d after the last line, file size %d", off, st.Size())
	}
}

// FuzzReadJournalFrom: any journal bytes and any offset give games or an
// error, never a panic, and an offset that never goes back nor past the
// file; from offset 0 the games are ReadJournal's.
func FuzzReadJournalFrom(f *testing.F) {
	line, _ := formatLine(nil, game(0, Draw))
	f.Add(line, int64(0))
	f.Add(append(append([]byte{}, line...), line[:len(line)/2]...), int64(len(line)))
	f.Add([]byte("{\n\nnot json\n"), int64(2))
	f.Fuzz(func(t *testing.T, data []byte, off int64) {
		path := filepath.Join(t.TempDir(), "j.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if off < 0 || off > int64(len(data)) {
			off = 0
		}
		_, next, err := ReadJournalFrom(path, off)
		if err == nil && (next < off || next > int64(len(data))) {
			t.Fatalf("offset %d -> %d in %d bytes", off, next, len(data))
		}
		whole, werr := ReadJournal(path)
		from0, _, err0 := ReadJournalFrom(path, 0)
		if (werr == nil) != (err0 == nil) || len(whole) != len(from0) {
			t.Fatalf("from 0: %d games, %v; ReadJournal: %d games, %v", len(from0), err0, len(whole), werr)
		}
	})
}
