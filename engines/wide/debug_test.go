package wide_test

import (
	"os"
	"strings"
	"testing"

	"varena/engines/wide"
)

func TestDebugDivide(t *testing.T) {
	name, fen := os.Getenv("DBG_VARIANT"), os.Getenv("DBG_FEN")
	if name == "" {
		t.Skip()
	}
	f := startFSF(t)
	v := variant(t, name)
	pos := mustFEN(t, v, fen)
	var moves []string
	if s := os.Getenv("DBG_MOVES"); s != "" {
		moves = strings.Fields(s)
		for _, m := range moves {
			mv, err := pos.ParseUCIMove(m)
			if err != nil {
				t.Fatal(err)
			}
			pos.MakeMove(mv, &pos)
		}
	}
	depth := 1
	if s := os.Getenv("DBG_DEPTH"); s != "" {
		depth = int(s[0] - '0')
	}
	for depth > 1 {
		want, _ := f.divide(name, fen, moves, depth)
		got := wide.Divide(&pos, depth)
		bad := ""
		for k := range want {
			if got[k] != want[k] {
				bad = k
			}
		}
		if bad == "" {
			t.Log("no difference")
			return
		}
		mv, _ := pos.ParseUCIMove(bad)
		pos.MakeMove(mv, &pos)
		moves = append(moves, bad)
		depth--
	}
	t.Log(moves)
	want, _ := f.divide(name, fen, moves, 1)
	got := wide.Divide(&pos, 1)
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("%s: got %d want %d", k, got[k], want[k])
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: got %d want none", k, got[k])
		}
	}
	t.Log(pos.FEN())
}
