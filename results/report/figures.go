package report

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"math"
	"regexp"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"varena/results/rundir"
	"varena/results/stats"
)

// A figure's size; the page scales it to the column's width.
const (
	figW = 7 * vg.Inch
	figH = 3.6 * vg.Inch
)

// figure is a rendered chart with the question it answers. The zero
// figure is none: a figure function given nothing to draw (an empty or
// partial run) returns it, and the page shows nothing in its place.
type figure struct {
	ID  string
	SVG template.HTML
}

// newPlot starts a plot with its title and axis labels (units in
// brackets), as every figure of the report has them.
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Legend.Top = true
	return p
}

// render draws p as inline SVG: gonum's SVG without the XML prologue,
// with no fixed size so that the page can scale it. Its text is escaped by
// the SVG writer.
func render(id string, p *plot.Plot, w, h vg.Length) (figure, error) {
	wt, err := p.WriterTo(w, h, "svg")
	if err != nil {
		return figure{}, fmt.Errorf("figure %s: %w", id, err)
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return figure{}, fmt.Errorf("figure %s: %w", id, err)
	}
	s := b.String()
	i := strings.Index(s, "<svg")
	if i < 0 {
		return figure{}, fmt.Errorf("figure %s: no <svg> element", id)
	}
	s = s[i:]
	// Width and height from the viewBox alone; CSS sets the width.
	loc := sizeAttrs.FindStringIndex(s)
	if loc == nil {
		return figure{}, fmt.Errorf("figure %s: no size on the <svg> element", id)
	}
	s = s[:loc[0]] + fmt.Sprintf(`<svg id="%s" class="fig" role="img" aria-label="%s" `,
		template.HTMLEscapeString(id), template.HTMLEscapeString(p.Title.Text)) + s[loc[1]:]
	return figure{ID: id, SVG: template.HTML(s)}, nil // #nosec: gonum escapes text
}

// roomForLegend raises the top of the y axis so that a legend of n
// entries in the top right corner sits above the data, not on it.
func roomForLegend(p *plot.Plot, n int) {
	if n == 0 {
		return
	}
	p.Y.Max += (p.Y.Max - p.Y.Min) * (0.06*float64(n) + 0.04)
}

// sizeAttrs are the fixed width and height gonum gives the <svg> element.
var sizeAttrs = regexp.MustCompile(`^<svg width="[0-9.e+-]+pt" height="[0-9.e+-]+pt" `)

// errBars is a set of points with asymmetric vertical errors.
type errBars struct {
	plotter.XYs
	plotter.YErrors
}

// ratingsFigure draws the ratings with their 95% intervals.
func ratingsFigure(id, title string, t stats.Table) (figure, error) {
	if len(t) == 0 {
		return figure{}, nil // nothing rated yet: gonum's NominalX panics on no names
	}
	p := newPlot(title, "engine", "rating (Elo, 95% interval)")
	var pts errBars
	names := make([]string, len(t))
	for i, r := range t {
		names[i] = r.Name
		pts.XYs = append(pts.XYs, plotter.XY{X: float64(i), Y: r.Rating})
		pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{r.Error, r.Error})
	}
	s, err := plotter.NewScatter(pts.XYs)
	if err != nil {
		return figure{}, err
	}
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	s.GlyphStyle.Radius = vg.Points(3)
	eb, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return figure{}, err
	}
	eb.CapWidth = vg.Points(8)
	p.Add(plotter.NewGrid(), eb, s)
	p.NominalX(names...)
	p.X.Label.Text = "engine"
	return render(id, p, figW, max(figH*0.8, vg.Length(len(t))*0))
}

// heatGrid is the crosstable as a grid: Z(c, r) is row engine r's score
// in percent against column engine c, NaN where they did not meet.
type heatGrid struct {
	z [][]float64 // [row][col]
}

func (g heatGrid) Dims() (c, r int)   { return len(g.z), len(g.z) }
func (g heatGrid) Z(c, r int) float64 { return g.z[len(g.z)-1-r][c] }
func (g heatGrid) X(c int) float64    { return float64(c) }
func (g heatGrid) Y(r int) float64    { return float64(r) }

// crosstableFigure draws the crosstable as a heat map of scores, the
// engines in standings order, each cell labelled with the row engine's
// points out of the games (variant letters in multivariant runs are in
// the table beside it).
func crosstableFigure(s *rundir.Summary) (figure, error) {
	if len(s.Standings) == 0 {
		return figure{}, nil
	}
	names := make([]string, len(s.Standings))
	at := map[string]int{}
	for i, r := range s.Standings {
		names[i] = r.Name
		at[r.Name] = i
	}
	n := len(names)
	z := make([][]float64, n)
	for i := range z {
		z[i] = make([]float64, n)
		for j := range z[i] {
			z[i][j] = math.NaN()
		}
	}
	var labels plotter.XYLabels
	for _, pr := range s.Pairings {
		a, aok := at[pr.A]
		b, bok := at[pr.B]
		if !aok || !bok || pr.WDL.Games() == 0 {
			continue
		}
		g := float64(pr.WDL.Games())
		pa := pr.WDL.Points()
		z[a][b] = 100 * pa / g
		z[b][a] = 100 * (g - pa) / g
		labels.XYs = append(labels.XYs, plotter.XY{X: float64(b), Y: float64(n - 1 - a)}, plotter.XY{X: float64(a), Y: float64(n - 1 - b)})
		labels.Labels = append(labels.Labels, fmt.Sprintf("%g/%g", pa, g), fmt.Sprintf("%g/%g", g-pa, g))
	}
	p := newPlot("Crosstable: row engine's score (%; red: more)", "opponent (column)", "engine (row)")
	cm := moreland.SmoothBlueRed()
	cm.SetMin(0)
	cm.SetMax(100)
	pal := cm.Palette(21)
	h := plotter.NewHeatMap(heatGrid{z}, pal)
	h.Min, h.Max = 0, 100
	h.NaN = color.RGBA{R: 0xee, G: 0xee, B: 0xee, A: 0xff}
	p.Add(h)
	if len(labels.Labels) > 0 {
		l, err := plotter.NewLabels(labels)
		if err != nil {
			return figure{}, err
		}
		for i := range l.TextStyle {
			l.TextStyle[i].XAlign = draw.XCenter
			l.TextStyle[i].YAlign = draw.YCenter
			// Black on the light middle, white on the dark ends (WCAG AA).
			xy := labels.XYs[i]
			l.TextStyle[i].Color = textOn(heatPaletteColor(pal.Colors(), z[n-1-int(xy.Y)][int(xy.X)], h.Min, h.Max))
		}
		p.Add(l)
	}
	var xt, yt []plot.Tick
	for i, name := range names {
		xt = append(xt, plot.Tick{Value: float64(i), Label: name})
		yt = append(yt, plot.Tick{Value: float64(n - 1 - i), Label: fmt.Sprintf("%d %s", i+1, name)})
	}
	p.X.Tick.Marker = plot.ConstantTicks(xt)
	p.Y.Tick.Marker = plot.ConstantTicks(yt)
	p.X.Min, p.X.Max = -0.5, float64(n)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	side := min(max(vg.Length(n)*0.9*vg.Inch, 4*vg.Inch), 8*vg.Inch)
	return render("fig-crosstable", p, side+1.5*vg.Inch, side)
}

// convergenceFigure draws each engine's rating as the games accumulate.
func convergenceFigure(engines []string, pts []convergencePoint) (figure, error) {
	p := newPlot("Ratings as the games accumulate (in the order they finished)", "games finished", "rating (Elo)")
	p.Add(plotter.NewGrid())
	n := 0
	for i, name := range engines {
		var xys plotter.XYs
		for _, pt := range pts {
			for _, r := range pt.Ratings {
				if r.Name == name && r.Games > 0 {
					xys = append(xys, plotter.XY{X: float64(pt.Games), Y: r.Rating})
				}
			}
		}
		if len(xys) == 0 {
			continue
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return figure{}, err
		}
		l.Color = plotutil.Color(i)
		l.Dashes = plotutil.Dashes(i / 7)
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(name, l)
		n++
	}
	roomForLegend(p, n)
	return render("fig-convergence", p, figW, figH)
}

// endingsFigure draws how each engine's games ended, as stacked bars:
// for each engine one bar of its wins, one of its draws and one of its
// losses, each stacked by ending (by[k] holds outcome k's counts).
func endingsFigure(engines []string, by [3]map[string]map[string]int) (figure, error) {
	if len(engines) == 0 {
		return figure{}, nil
	}
	p := newPlot("How each engine's games ended: won, drawn, lost", "engine", "games")
	p.Add(plotter.NewGrid())
	// Three bars per engine and an empty slot between engines.
	slots := len(outcomes) + 1
	var ticks []string
	for _, e := range engines {
		for _, o := range outcomes {
			ticks = append(ticks, e+"\n"+o)
		}
		ticks = append(ticks, "")
	}
	var below *plotter.BarChart
	n := 0
	w := vg.Points(min(30, 360/float64(max(slots*len(engines), 1))))
	for i, end := range endings {
		vals := make(plotter.Values, slots*len(engines))
		any := false
		for j, e := range engines {
			for k := range outcomes {
				vals[slots*j+k] = float64(by[k][e][end])
				any = any || vals[slots*j+k] > 0
			}
		}
		if !any {
			continue
		}
		b, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return figure{}, err
		}
		b.Color = plotutil.Color(i)
		b.LineStyle.Width = 0
		if below != nil {
			b.StackOn(below)
		}
		below = b
		p.Add(b)
		p.Legend.Add(end, b)
		n++
	}
	p.Y.Min = 0
	roomForLegend(p, n)
	p.NominalX(ticks...)
	return render("fig-endings", p, figW, figH)
}

// lengthFigure draws the histogram of game lengths of a variant.
func lengthFigure(variant string, lengths []float64) (figure, error) {
	if len(lengths) == 0 {
		return figure{}, nil
	}
	p := newPlot(fmt.Sprintf("Game length in %s (%d games)", variant, len(lengths)), "game length (plies)", "games")
	bins := min(max(int(math.Sqrt(float64(len(lengths)))), 5), 40)
	lo, hi := lengths[0], lengths[0]
	for _, v := range lengths {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi == lo {
		bins = 1
	}
	h, err := plotter.NewHist(plotter.Values(lengths), bins)
	if err != nil {
		return figure{}, err
	}
	h.FillColor = plotutil.Color(2)
	p.Add(plotter.NewGrid(), h)
	p.Y.Min = 0
	return render("fig-length-"+variant, p, figW, figH*0.8)
}

// maxOpeningBars bounds the openings drawn (the table lists them all).
const maxOpeningBars = 40

// openingsFigure draws the score of White and of the first engine per
// opening, the most lopsided first.
func openingsFigure(rows []openingRow) (figure, error) {
	if len(rows) == 0 {
		return figure{}, nil
	}
	rows = lopsidedFirst(rows)
	title := "Score per opening, most lopsided first"
	if len(rows) > maxOpeningBars {
		rows = rows[:maxOpeningBars]
		title += fmt.Sprintf(" (the %d most lopsided)", maxOpeningBars)
	}
	p := newPlot(title, "opening (number in the table below)", "score (%)")
	p.Add(plotter.NewGrid())
	white := make(plotter.Values, len(rows))
	first := make(plotter.Values, len(rows))
	names := make([]string, len(rows))
	for i, r := range rows {
		white[i], first[i] = r.WhitePct(), r.FirstPct()
		names[i] = fmt.Sprint(r.N)
	}
	w := vg.Points(min(14, 200/float64(len(rows))))
	for i, v := range []struct {
		vals  plotter.Values
		label string
	}{{white, "White"}, {first, "first engine"}} {
		b, err := plotter.NewBarChart(v.vals, w)
		if err != nil {
			return figure{}, err
		}
		b.Color = plotutil.Color(i)
		b.LineStyle.Width = 0
		b.Offset = w * vg.Length(2*i-1) / 2
		p.Add(b)
		p.Legend.Add(v.label, b)
	}
	even, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 50}, {X: float64(len(rows)) - 0.5, Y: 50}})
	if err != nil {
		return figure{}, err
	}
	even.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(even)
	p.Y.Min, p.Y.Max = 0, 100
	roomForLegend(p, 2)
	p.Y.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 0, Label: "0"}, {Value: 25, Label: "25"}, {Value: 50, Label: "50"}, {Value: 75, Label: "75"}, {Value: 100, Label: "100"}})
	p.NominalX(names...)
	return render("fig-openings", p, figW, figH)
}

// sprtFigures draws the LLR against both bounds and the Elo estimate
// over pairs with its 95% interval.
func sprtFigures(test *stats.SPRT, pts []sprtPoint) ([]figure, error) {
	lo, hi := test.Bounds()
	p := newPlot(fmt.Sprintf("SPRT [%g, %g]: log-likelihood ratio", test.Elo0, test.Elo1), "pairs finished", "LLR")
	p.Add(plotter.NewGrid())
	last := 1.0
	var llr plotter.XYs
	for _, pt := range pts {
		llr = append(llr, plotter.XY{X: float64(pt.Pairs), Y: pt.LLR})
		last = float64(pt.Pairs)
	}
	for i, b := range []struct {
		y     float64
		label string
	}{{hi, fmt.Sprintf("accept H1 (%.2f)", hi)}, {lo, fmt.Sprintf("accept H0 (%.2f)", lo)}} {
		l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: b.y}, {X: last, Y: b.y}})
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(i + 1)
		l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		p.Add(l)
		p.Legend.Add(b.label, l)
	}
	if len(llr) > 0 {
		l, err := plotter.NewLine(llr)
		if err != nil {
			return nil, err
		}
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add("LLR", l)
	}
	roomForLegend(p, 3)
	f1, err := render("fig-sprt-llr", p, figW, figH)
	if err != nil {
		return nil, err
	}

	q := newPlot(fmt.Sprintf("%s Elo difference over pairs (first engine minus second)", test.Model), "pairs finished", fmt.Sprintf("%s Elo (95%% interval)", test.Model))
	q.Add(plotter.NewGrid())
	var mid, up, down plotter.XYs
	for _, pt := range pts {
		if !pt.HasElo || math.IsInf(pt.Elo.Upper, 0) || math.IsInf(pt.Elo.Lower, 0) || math.IsNaN(pt.Elo.Value) {
			continue
		}
		x := float64(pt.Pairs)
		mid = append(mid, plotter.XY{X: x, Y: pt.Elo.Value})
		up = append(up, plotter.XY{X: x, Y: pt.Elo.Upper})
		down = append(down, plotter.XY{X: x, Y: pt.Elo.Lower})
	}
	if len(mid) > 0 {
		band := append(plotter.XYs(nil), up...)
		for i := len(down) - 1; i >= 0; i-- {
			band = append(band, down[i])
		}
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return nil, err
		}
		poly.Color = color.RGBA{R: 0x99, G: 0xbb, B: 0xee, A: 0x80}
		poly.LineStyle.Width = 0
		l, err := plotter.NewLine(mid)
		if err != nil {
			return nil, err
		}
		l.Width = vg.Points(1.5)
		q.Add(poly, l)
		q.Legend.Add("Elo", l)
		q.Legend.Add("95% interval", poly)
	}
	for i, e := range []struct {
		y     float64
		label string
	}{{test.Elo1, fmt.Sprintf("elo1 = %g", test.Elo1)}, {test.Elo0, fmt.Sprintf("elo0 = %g", test.Elo0)}} {
		l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: e.y}, {X: last, Y: e.y}})
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(i + 1)
		l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		q.Add(l)
		q.Legend.Add(e.label, l)
	}
	roomForLegend(q, 4)
	f2, err := render("fig-sprt-elo", q, figW, figH)
	if err != nil {
		return nil, err
	}
	return []figure{f1, f2}, nil
}
