package configs

import (
	"strings"
	"testing"
)

// TestMarshalRun: the YAML of a run holds the keys set, in the Run
// type's order, and parses back to itself.
func TestMarshalRun(t *testing.T) {
	r := &Run{Name: "m", Variant: "extinction", Seed: 9,
		Tournament:  Tournament{Games: 2, Rounds: 3},
		Openings:    RandomPlies(4),
		TimeControl: TimeControl{Clock: "10+0.1", Margin: Seconds(0.25)},
		Engines: []Engine{
			{Name: "a", Kind: KindUCI, Command: "./a", Options: map[string]string{"Hash": "0"}, Ponder: true},
			{Name: "b", Kind: KindAlphaBeta},
		}}
	data, err := MarshalRun(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `name: m
variant: extinction
seed: 9
tournament:
  games: 2
  rounds: 3
openings:
  plies: 4
time_control:
  clock: 10+0.1
  margin: 0.25
engines:
  - name: a
    kind: uci
    command: ./a
    options:
      Hash: "0"
    ponder: true
  - name: b
    kind: alphabeta
`
	if string(data) != want {
		t.Fatalf("YAML:\n%s\nwant:\n%s", data, want)
	}
	back, err := ParseAt("m.yaml", "m.yaml", data, Checker{})
	if err != nil {
		t.Fatal(err)
	}
	again, _ := MarshalRun(back)
	// Parsing completed the defaults (order, restart, history, hash...).
	for _, key := range []string{"order: sequential", "restart: on-crash", "hash: 16"} {
		if !strings.Contains(string(again), key) {
			t.Errorf("completed run lacks %q:\n%s", key, again)
		}
	}
}

// TestOpeningsStartErrors: start is a book line, 1 or more.
func TestOpeningsStartErrors(t *testing.T) {
	base := "variant: extinction\ntime_control: {depth: 1}\nengines: [{name: a, kind: random}, {name: b, kind: random}]\n"
	for _, tt := range []struct{ openings, want string }{
		{"openings: {plies: 2, start: 3}", "t.yaml:4: openings.start: a line of a book; give file too"},
		{"openings: {file: x.epd, start: -1}", "t.yaml:4: openings.start: -1 is negative"},
	} {
		_, err := Parse("t.yaml", []byte(base+tt.openings+"\n"), Checker{FileExists: func(string) bool { return true }})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.openings, err, tt.want)
		}
	}
}

// TestZeroIsValue: a margin of 0 and 0 plies are values, not the
// defaults an absent key gives, in a parsed file and through MarshalRun.
func TestZeroIsValue(t *testing.T) {
	tests := []struct {
		yaml       string
		margin     float64
		builtin    bool
		wantInYAML string
	}{
		{"time_control: {movetime: 0.5, margin: 0}\nopenings: {plies: 0}\n", 0, false, "margin: 0"},
		{"time_control: {movetime: 0.5}\n", DefaultMargin, true, "margin: 1"},
	}
	for _, tt := range tests {
		src := "variant: extinction\n" + tt.yaml + "engines: [{name: a, kind: random}, {name: b, kind: random}]\n"
		r, err := Parse("t.yaml", []byte(src), Checker{Variants: []string{"extinction"}})
		if err != nil {
			t.Fatal(err)
		}
		if r.TimeControl.Margin == nil || *r.TimeControl.Margin != tt.margin || r.Openings.Builtin() != tt.builtin {
			t.Errorf("%q: margin %v, built-in openings %v", tt.yaml, r.TimeControl.Margin, r.Openings.Builtin())
		}
		data, err := MarshalRun(r)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), tt.wantInYAML) {
			t.Errorf("%q: YAML without %q:\n%s", tt.yaml, tt.wantInYAML, data)
		}
		back, err := Parse("back.yaml", data, Checker{Variants: []string{"extinction"}})
		if err != nil {
			t.Fatal(err)
		}
		if back.TimeControl.MarginSeconds() != tt.margin || back.Openings.Builtin() != tt.builtin {
			t.Errorf("%q: after MarshalRun: margin %v, built-in openings %v", tt.yaml, back.TimeControl.MarginSeconds(), back.Openings.Builtin())
		}
	}
}
