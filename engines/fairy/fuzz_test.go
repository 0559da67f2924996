package fairy

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

// sameRules compares two definitions' rules, not where they were read.
func sameRules(a, b *Definition) bool { return len(ruleDiff(a, b)) == 0 }

// ruleDiff names the fields whose rules differ between a and b.
func ruleDiff(a, b *Definition) []string {
	x, y := *a, *b
	for _, d := range []*Definition{&x, &y} {
		d.Name, d.Parent, d.File, d.Line, d.Keys, d.Unsupported = "", "", "", 0, nil, nil
		d.promotionRank, d.doubleStepRank, d.firstRankDS, d.regionSet, d.rookFilesSet = 0, 0, false, nil, [2]bool{}
		if len(d.PromotedPiece) == 0 {
			d.PromotedPiece = nil
		}
	}
	if reflect.DeepEqual(x, y) {
		return nil
	}
	diff := []string{}
	vx, vy := reflect.ValueOf(x), reflect.ValueOf(y)
	for i := range vx.NumField() {
		f := vx.Field(i)
		if f.CanInterface() && !reflect.DeepEqual(f.Interface(), vy.Field(i).Interface()) {
			diff = append(diff, vx.Type().Field(i).Name)
		}
	}
	if len(diff) == 0 {
		diff = append(diff, "an unexported field")
	}
	return diff
}

// roundTrip checks that Format gives a section Parse reads to the same
// rules.
func roundTrip(t *testing.T, d *Definition) {
	t.Helper()
	text, err := d.Format()
	if err != nil {
		return // a rule names an absent piece: nothing to write it with
	}
	// builtin mode: Format spells out bareKingValue and may use the name
	// of a built-in.
	back, _, err := parse(strings.NewReader(text), "formatted.ini", true, false)
	if err != nil {
		t.Fatalf("%s formatted does not parse: %v\n%s", d.Name, err, text)
	}
	if diff := ruleDiff(d, back[0]); len(diff) > 0 {
		t.Fatalf("%s: formatted and read back differs in %v\n%s", d.Name, diff, text)
	}
}

func TestFormatRoundTrip(t *testing.T) {
	for _, d := range Builtins() {
		if len(d.Unsupported) == 0 {
			roundTrip(t, d)
		}
	}
	for _, f := range []string{"testdata/reference.ini"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		defs, err := Parse(strings.NewReader(string(data)), f)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range defs {
			roundTrip(t, d)
		}
	}
}

// FuzzParse: any input gives definitions or one-line errors, never a
// panic; what parses formats and parses back to the same rules.
func FuzzParse(f *testing.F) {
	// The files' sections are seeds one by one: the fuzzer minimizes
	// each input it finds interesting, and a mutated whole file (every
	// section parsed and formatted back, under coverage) took it minutes
	// a candidate, so that a minute's fuzzing ran a dozen inputs.
	files := []string{builtinINI}
	for _, p := range []string{"testdata/sample.ini", "testdata/reference.ini"} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		files = append(files, string(data))
	}
	for _, text := range files {
		for _, s := range strings.Split(text, "\n[") {
			f.Add("[" + strings.TrimPrefix(s, "["))
		}
	}
	f.Add("[a:chess]\ncustomPiece1 = a:fsmWcfhNbbR3\nflagRegionWhite = a* *3 h8\n")
	f.Add("[a:losalamos]\nmaxFile = 3\nstartFen = 3/3/3/3/3/3 w\npawn = -\n")
	f.Add("[a]\nking = k:mNcQ\n[b:a]\npromotionRank = 2\n")
	f.Add("[a:chess]\nwallingRule = edge\nwallOrMove = true\nflagRegionWhite = *8\nflagPieceSafe = true\n")
	f.Add("[a]\nmaxRank = 5\nmaxFile = 5\ncustomPiece1 = m:cW\nstartFen = 4M/5/2M2/5/M4\ncollinearN = 3\nconnectPieceTypes = m\n")
	f.Fuzz(func(t *testing.T, text string) {
		// Keeping unsupported sections: the same file reads, or fails
		// with the same one-line error kinds; a kept section is
		// unsupported or as Parse reads it.
		kept, kerr := ParseSections(strings.NewReader(text), "f.ini")
		defs, err := Parse(strings.NewReader(text), "f.ini")
		if kerr == nil && err == nil && len(kept) != len(defs) {
			t.Fatalf("ParseSections kept %d sections, Parse read %d", len(kept), len(defs))
		}
		if kerr != nil && err == nil {
			t.Fatalf("ParseSections fails (%v) where Parse reads", kerr)
		}
		for _, d := range kept {
			if len(d.Unsupported) == 0 && d.Refused == nil && (d.Files > maxFiles || d.Ranks > maxRanks || d.Files < 1 || d.Ranks < 1) {
				t.Fatalf("%s: board %dx%d kept as playable", d.Name, d.Files, d.Ranks)
			}
		}
		if err != nil {
			// Every problem at once: one line each, each an *Error.
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %q is not of type *Error", err)
			}
			for _, l := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(l, "f.ini:") {
					t.Fatalf("error line %q does not start with FILE:LINE", l)
				}
			}
			return
		}
		for _, d := range defs {
			if d.Files > maxFiles || d.Ranks > maxRanks || d.Files < 1 || d.Ranks < 1 {
				t.Fatalf("%s: board %dx%d accepted", d.Name, d.Files, d.Ranks)
			}
			if len(d.Unsupported) > 0 {
				t.Fatalf("%s: accepted with unsupported rules %v", d.Name, d.Unsupported)
			}
			roundTrip(t, d)
		}
	})
}
