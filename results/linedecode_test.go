package results

import (
	"encoding/json"
	"reflect"
	"testing"
)

// decodeLine takes the lines appendLine writes, in every layout its
// optional fields give, and reads them as encoding/json does.
func TestDecodeLine(t *testing.T) {
	base := extinctionGame()
	full := base
	full.Reason = "b played e2e5, illegal"
	full.WhiteTimeControl, full.BlackTimeControl = "40/60", "40/30"
	full.Ponder = &PonderCounts{Tries: [2]int{3, 4}, Hits: [2]int{1, 2}}
	full.Site = "node-7"
	full.Overruns = []Overrun{{Ply: 3, Side: "white", OverMS: 12}, {Ply: 8, Side: "black", OverMS: 1}}
	full.Moves = append([]Move{{UCI: "e2e4", SAN: "e4", Score: &Score{CP: -12, Mate: 3}, Depth: 7, Nodes: 1 << 40, TimeMS: 5}}, full.Moves...)
	empty := base
	empty.Moves = []Move{}
	none := base
	none.Moves = nil
	drops := base // micro's SAN of promoted pieces' drops begins with '+'
	drops.Variant = "micro"
	drops.Moves = []Move{{UCI: "+B@d4", SAN: "+B@d4"}, {UCI: "+P@e4", SAN: "+P@e4+"}, {UCI: "c1d2+", SAN: "Gxd2+#"}}
	for name, g := range map[string]Game{"base": base, "every field": full, "no moves": empty, "null moves": none, "promoted drops": drops} {
		line, err := formatLine(nil, g)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := decodeLine(line)
		if !ok {
			t.Errorf("%s: decodeLine refused its own line %s", name, line)
			continue
		}
		checkSameDecode(t, line, got)
	}
	// Lines laid out otherwise are left to encoding/json.
	for _, line := range []string{
		`{"id":1, "round":1}`,
		`{"round":1,"id":1}`,
		`{"id":1,"round":1,"pair":1,"event":"a\"b"}`,
		`{"id":01}`,
	} {
		if _, ok := decodeLine([]byte(line)); ok {
			t.Errorf("decodeLine took %s", line)
		}
	}
}

// checkSameDecode fails unless encoding/json reads line as got.
func checkSameDecode(t *testing.T, line []byte, got Game) {
	t.Helper()
	var want Game
	if err := json.Unmarshal(line, &want); err != nil {
		t.Fatalf("decodeLine took %q, which encoding/json refuses: %v", line, err)
	}
	if !got.Started.Equal(want.Started) || got.Started.String() != want.Started.String() {
		t.Fatalf("%q: started %v, encoding/json %v", line, got.Started, want.Started)
	}
	got.Started = want.Started
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q:\n decodeLine   %+v\n encoding/json %+v", line, got, want)
	}
}

func FuzzDecodeLine(f *testing.F) {
	g := extinctionGame()
	g.Ponder = &PonderCounts{Tries: [2]int{1, 2}}
	g.Overruns = []Overrun{{Ply: 1, Side: "black", OverMS: 3}}
	for _, g := range []Game{extinctionGame(), g} {
		line, err := formatLine(nil, g)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(line)
	}
	f.Add([]byte(`{"id":-0,"round":9223372036854775807,"pair":1}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		if got, ok := decodeLine(line); ok {
			checkSameDecode(t, line, got)
		}
	})
}
