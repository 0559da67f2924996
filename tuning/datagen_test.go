package tuning

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/search"
	"varena/engines/variants"
)

func datagenOpts(t *testing.T, v *engines.Variant, games, conc int) DatagenOptions {
	w, err := search.DefaultWeights(v)
	if err != nil {
		t.Fatal(err)
	}
	return DatagenOptions{Variant: v, Weights: w, Games: games, Nodes: 300, Seed: 42, Concurrency: conc, MaxPlies: 120, OpeningPlies: DefaultOpeningPlies}
}

// The same seed gives the same file whatever the concurrency, in every
// variant; every line parses, positions are unique, no opening ply is
// kept, and kept positions are quiet.
func TestDatagenDeterministic(t *testing.T) {
	for _, v := range variants.All {
		t.Run(v.Name, func(t *testing.T) {
			dir := t.TempDir()
			var files [2][]byte
			for i, conc := range []int{1, 3} {
				path := filepath.Join(dir, "d"+string(rune('a'+i))+".epd")
				st, err := Datagen(context.Background(), path, datagenOpts(t, v, 6, conc))
				if err != nil {
					t.Fatal(err)
				}
				files[i], _ = os.ReadFile(path)
				if st.Games != 6 || st.Played != 6 || st.Positions == 0 {
					t.Fatalf("stats %+v", st)
				}
			}
			if !bytes.Equal(files[0], files[1]) {
				t.Fatal("concurrency 1 and 3 wrote different files")
			}
			seen := map[uint64]bool{}
			w, _ := search.DefaultWeights(v)
			q := search.New(w, 1)
			lastGame := 0
			for n, line := range strings.Split(strings.TrimSuffix(string(files[0]), "\n"), "\n") {
				r, err := ParseRecord(line)
				if err != nil {
					t.Fatalf("line %d: %v", n+1, err)
				}
				pos, err := engines.ParseFEN(v, r.FEN)
				if err != nil {
					t.Fatalf("line %d: %v", n+1, err)
				}
				if seen[fenKey(r.FEN)] {
					t.Errorf("line %d: duplicate position", n+1)
				}
				seen[fenKey(r.FEN)] = true
				if r.Ply < 8 || r.Game < lastGame || !r.HasScore {
					t.Errorf("line %d: ply %d game %d (last %d)", n+1, r.Ply, r.Game, lastGame)
				}
				lastGame = r.Game
				if qs, ok := q.Quiesce(&pos, quietNodes); !ok || int(search.Evaluate(&pos, w, nil)) != qs || (v.Check && pos.InCheck()) {
					t.Errorf("line %d: not quiet", n+1)
				}
			}
		})
	}
}

// An interrupted datagen, and one whose last line was torn by a kill,
// resume to the very file an uninterrupted run writes.
func TestDatagenResume(t *testing.T) {
	v := variants.All[0]
	dir := t.TempDir()
	full := filepath.Join(dir, "full.epd")
	if _, err := Datagen(context.Background(), full, datagenOpts(t, v, 8, 2)); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(full)

	path := filepath.Join(dir, "part.epd")
	// Interrupted after the third game is written.
	ctx, cancel := context.WithCancel(context.Background())
	opt := datagenOpts(t, v, 8, 2)
	opt.Log = writerFunc(func(p []byte) {})
	stopAfter := 3
	opt.Progress = nil
	go func() {
		for {
			data, _ := os.ReadFile(path)
			if n := strings.Count(string(data), "game "); n > 0 {
				r, _ := lastRecord(data)
				if r.Game >= stopAfter {
					cancel()
					return
				}
			}
			if ctx.Err() != nil {
				return
			}
		}
	}()
	_, err := Datagen(ctx, path, opt)
	cancel()
	if err == nil {
		t.Log("finished before the interruption")
	}
	// A kill in the middle of a write: half a line at the end.
	data, _ := os.ReadFile(path)
	if len(data) == 0 || !bytes.HasPrefix(want, data) {
		t.Fatalf("the interrupted file is not a prefix of the full one (%d bytes)", len(data))
	}
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o644)
	f.WriteString("rnbqkbnr/pppp")
	f.Close()
	st, err := Datagen(context.Background(), path, datagenOpts(t, v, 8, 1))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if !bytes.Equal(got, want) {
		t.Fatalf("resumed file differs from the uninterrupted one (%d vs %d bytes)", len(got), len(want))
	}
	if st.Resumed == 0 || st.Games != 8 {
		t.Errorf("stats %+v", st)
	}
	// Done: another call changes nothing and says it added nothing (the
	// last game is always replayed, and written identically: it was in
	// the file already; "1 games and 23 positions added" was wrong).
	st, err = Datagen(context.Background(), path, datagenOpts(t, v, 8, 1))
	if again, _ := os.ReadFile(path); err != nil || !bytes.Equal(again, want) {
		t.Errorf("second resume: %v, %+v", err, st)
	}
	lines := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	if st.Games != 8 || st.Positions != len(lines) || st.Played != 0 || st.Added != 0 || !st.Counted {
		t.Errorf("second resume: %+v; want 8 games, %d positions, none added", st, len(lines))
	}
	// Other settings are refused.
	other := datagenOpts(t, v, 8, 1)
	other.Nodes++
	if _, err := Datagen(context.Background(), path, other); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("other settings: %v", err)
	}
}

type writerFunc func([]byte)

func (f writerFunc) Write(p []byte) (int, error) { f(p); return len(p), nil }

func lastRecord(data []byte) (Record, error) {
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if r, err := ParseRecord(lines[i]); err == nil {
			return r, nil
		}
	}
	return Record{}, os.ErrNotExist
}

// The output's folder is made (a fresh clone has no data/, where the
// shipped tune configs read their data).
func TestDatagenMakesFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "sub", "x.epd")
	if _, err := Datagen(context.Background(), path, datagenOpts(t, variants.All[0], 1, 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(MetaPath(path)); err != nil {
		t.Error(err)
	}
}

// TestDatagenOpeningPlies checks that the opening plies are what the
// options say, 0 included (games from the start position), and that a
// negative count is refused: the default lives in the command line.
func TestDatagenOpeningPlies(t *testing.T) {
	v := variants.All[0]
	tests := []struct {
		plies   int
		wantErr string
	}{
		{0, ""},
		{2, ""},
		{-1, "-1 opening plies: want 0 or more"},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.plies), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "d.epd")
			opt := datagenOpts(t, v, 1, 1)
			opt.OpeningPlies = tt.plies
			_, err := Datagen(context.Background(), path, opt)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			meta, err := os.ReadFile(MetaPath(path))
			if err != nil {
				t.Fatal(err)
			}
			if want := fmt.Sprintf(`"opening_plies": %d`, tt.plies); !strings.Contains(string(meta), want) {
				t.Errorf("meta %s, want %s", meta, want)
			}
		})
	}
}
