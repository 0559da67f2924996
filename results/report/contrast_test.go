package report

import (
	"fmt"
	"image/color"
	"regexp"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/plot/palette/moreland"

	"varena/results"
	"varena/results/rundir"
)

func TestContrastRatio(t *testing.T) {
	for _, tc := range []struct {
		a, b color.Color
		want float64
	}{
		{color.Black, color.White, 21},
		{color.White, color.White, 1},
		// #767676 on white is the classic AA limit, 4.54.
		{color.RGBA{0x76, 0x76, 0x76, 0xff}, color.White, 4.54},
	} {
		if got := contrast(tc.a, tc.b); fmt.Sprintf("%.2f", got) != fmt.Sprintf("%.2f", tc.want) {
			t.Errorf("contrast(%v, %v) = %.3f, want %.2f", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestHeatMapContrast: every cell colour of the crosstable heat map
// gets label text that meets WCAG AA (black on the dark ends did not),
// and so do the HTML crosstable's tinted cells with the page's #222
// text (issue 19, point 12).
func TestHeatMapContrast(t *testing.T) {
	cm := moreland.SmoothBlueRed()
	cm.SetMin(0)
	cm.SetMax(100)
	pal := cm.Palette(21).Colors()
	dark := 0
	for v := 0.0; v <= 100; v++ {
		bg := heatPaletteColor(pal, v, 0, 100)
		if c := contrast(textOn(bg), bg); c < minContrast {
			t.Errorf("score %g%%: text contrast %.2f on %v, want at least %g", v, c, bg, minContrast)
		}
		if contrast(color.Black, bg) < minContrast {
			dark++
		}
	}
	if dark == 0 {
		t.Error("no cell is too dark for black text: the test no longer tests the choice")
	}
	page := color.RGBA{0x22, 0x22, 0x22, 0xff}
	for s := 0.0; s <= 1; s += 0.05 {
		var r, g, b, a float64
		if _, err := fmt.Sscanf(heatColor(s), "background:rgba(%g,%g,%g,%g)", &r, &g, &b, &a); err != nil {
			t.Fatal(err)
		}
		over := func(x float64) uint8 { return uint8(x*a + 255*(1-a) + 0.5) } // on the white page
		bg := color.RGBA{over(r), over(g), over(b), 0xff}
		if c := contrast(page, bg); c < minContrast {
			t.Errorf("HTML cell of score %.2f: contrast %.2f, want at least %g", s, c, minContrast)
		}
	}
}

// TestCrosstableFigureLabels: in the figure of a 2-0 match the labels of
// the dark cells are white.
func TestCrosstableFigureLabels(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	games := []results.Game{
		{ID: 1, Round: 1, Pair: 1, Variant: "extinction", White: "a", Black: "b", Result: "1-0", Started: t0},
		{ID: 2, Round: 1, Pair: 1, Variant: "extinction", White: "b", Black: "a", Result: "0-1", Started: t0},
	}
	sum, err := rundir.Summarize(rundir.Meta{Name: "x", Variants: []string{"extinction"}, Engines: []string{"a", "b"}, Tournament: "round-robin", Total: 2}, games)
	if err != nil {
		t.Fatal(err)
	}
	fig, err := crosstableFigure(sum)
	if err != nil {
		t.Fatal(err)
	}
	texts := regexp.MustCompile(`<text[^>]*fill:(#[0-9A-Fa-f]{6})"[^>]*>([^<]*)</text>`).FindAllStringSubmatch(string(fig.SVG), -1)
	fills := map[string]string{}
	for _, m := range texts {
		if strings.Contains(m[2], "/") {
			fills[m[2]] = m[1]
		}
	}
	for _, label := range []string{"2/2", "0/2"} {
		if f := fills[label]; f != "#FFFFFF" {
			t.Errorf("label %s has fill %q on its dark cell, want white (labels: %v)", label, f, fills)
		}
	}
}
