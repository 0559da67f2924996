package report

import (
	"errors"
	"fmt"
	"html/template"
	"io"
	"math"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"time"

	"varena/engines/variants"
	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// File is the report's name in the run directory.
const File = rundir.ReportFile

// WriteFile reads the run directory (or an SPSA tune's directory) and
// writes its report.html, its games replayed and drawn by the rules of
// their variants among vs (nil: the built-ins). It returns the report's
// path and what it skipped of damaged files.
func WriteFile(dir string, vs *variants.Set) (string, []string, error) {
	if isTune(dir) {
		return writeTune(dir)
	}
	return writeRun(dir, vs, Load)
}

// WriteChecked is WriteFile of a run directory whose games this process
// has just checked (LoadChecked): a run's, at its end, or a merge's.
func WriteChecked(dir string, vs *variants.Set) (string, []string, error) {
	return writeRun(dir, vs, LoadChecked)
}

func writeRun(dir string, vs *variants.Set, load func(string, *variants.Set) (*Run, error)) (string, []string, error) {
	run, err := load(dir, vs)
	if err != nil {
		return "", nil, err
	}
	path := filepath.Join(dir, File)
	err = results.WriteFileAtomic(path, func(w io.Writer) error { return Write(w, run) })
	return path, run.Skipped, err
}

// Write writes the report of run as one self-contained HTML page.
func Write(w io.Writer, run *Run) error {
	pg, err := build(run, time.Now())
	if err != nil {
		return err
	}
	return pageTemplate.Execute(w, pg)
}

// kv is a row of the header.
type kv struct{ K, V string }

// variantRatings is the section of one variant's ratings.
type variantRatings struct {
	Name, Letter string
	Table        stats.Table
	Fig          figure
	Divergent    bool
}

// crossCell is a crosstable cell with its colour.
type crossCell struct {
	Text  string
	Style template.CSS
}

// crossRow is a row of the crosstable.
type crossRow struct {
	Rank   int
	Name   string
	Cells  []crossCell
	Points float64
}

// lengthStats describes a variant's game lengths.
type lengthStats struct {
	Variant                string
	Games                  int
	Mean, Median, Min, Max float64
	Fig                    figure
}

// endingRow is an engine's games by how they ended.
type endingRow struct {
	Engine string
	Counts []int
	Total  int
}

// page is what the template shows.
type page struct {
	Title     string
	Header    []kv
	Engines   []rundir.EngineSetup
	Variants  []rundir.VariantSetup
	Skipped   []string
	Played    int
	Summary   *rundir.Summary
	RatingFig figure

	LOS            []losRow // the LOS matrix's rows, tinted (three engines or more)
	VariantRatings []variantRatings
	CrossNames     []string
	Cross          []crossRow
	Legend         string
	CrossFig       figure
	ConvFig        figure
	Endings        []string
	EndingRows     []endingRow
	EndFig         figure
	Faults         []fault
	DrawnFaults    int      // faults with their final position drawn
	Overruns       []string // a warning line per engine that overran its time within the margin
	Lengths        []lengthStats
	Openings       []openingRow
	DrawnOpenings  int // openings with their start position drawn
	OpeningsFig    figure
	SPRT           *rundir.SPRTState
	Matrix         *rundir.Matrix // a per-variant SPRT's table
	MatrixTest     *stats.SPRT    // its tests' hypotheses
	SPRTFigs       []figure
	SPRTElo        *stats.Summary
	Event          *eventPage // a Swiss's or a knockout's standings and rounds; nil for a run
}

// build computes everything the page shows.
func build(run *Run, now time.Time) (*page, error) {
	games := run.finished()
	an, err := analyse(run.Meta, games)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", run.Dir, err)
	}
	sum := an.sum
	pg := &page{Title: run.Meta.Name, Skipped: run.Skipped, Played: len(games), Summary: sum}
	pg.Header = header(run, games, now)
	if run.Setup != nil {
		pg.Engines, pg.Variants = run.Setup.Engines, run.Setup.Variants
	}
	if len(games) == 0 {
		return pg, nil
	}
	var errs []error
	add := func(f figure, err error) figure {
		errs = append(errs, err)
		return f
	}
	pg.RatingFig = add(ratingsFigure("fig-ratings", "Ratings with 95% intervals", sum.Ratings))
	pg.LOS = losRows(sum.LOS)
	if len(run.Meta.Variants) > 1 {
		for _, v := range run.Meta.Variants {
			vr := variantRatings{Name: v, Letter: sum.Letters[v], Divergent: slices.Contains(sum.Divergent, v)}
			if t, ok := sum.VariantRatings[v]; ok {
				vr.Table = t
				vr.Fig = add(ratingsFigure("fig-ratings-"+v, fmt.Sprintf("Ratings in %s with 95%% intervals", v), t))
			}
			pg.VariantRatings = append(pg.VariantRatings, vr)
		}
	}
	if len(sum.Standings) >= 2 {
		pg.CrossNames, pg.Cross, pg.Legend = crosstable(sum)
		pg.CrossFig = add(crosstableFigure(sum))
	}
	conv, err := an.conv, an.convErr
	errs = append(errs, err)
	names := enginesOf(sum)
	if err == nil {
		pg.ConvFig = add(convergenceFigure(names, conv))
	}
	counts := endingCounts(names, games)
	pg.EndFig = add(endingsFigure(names, outcomeEndingCounts(names, games)))
	for _, end := range endings {
		for _, e := range names {
			if counts[e][end] > 0 {
				pg.Endings = append(pg.Endings, end)
				break
			}
		}
	}
	for _, e := range names {
		row := endingRow{Engine: e}
		for _, end := range pg.Endings {
			row.Counts = append(row.Counts, counts[e][end])
			row.Total += counts[e][end]
		}
		pg.EndingRows = append(pg.EndingRows, row)
	}
	draw := newBoards(run.Variants)
	for _, g := range byID(games) {
		if f, ok := faultOf(g); ok {
			if len(pg.Faults) < drawnFaults {
				f.Final = draw.drawing(g, draw.rules.FinalFEN)
			}
			pg.Faults = append(pg.Faults, f)
		}
	}
	pg.DrawnFaults = min(len(pg.Faults), drawnFaults)
	pg.Overruns = overrunWarnings(games)
	for _, v := range run.Meta.Variants {
		ls := plies(games, v)
		if len(ls) == 0 {
			continue
		}
		st := lengthStats{Variant: v, Games: len(ls)}
		sorted := slices.Clone(ls)
		sort.Float64s(sorted)
		st.Min, st.Max = sorted[0], sorted[len(sorted)-1]
		st.Median = sorted[len(sorted)/2]
		if len(sorted)%2 == 0 {
			st.Median = (sorted[len(sorted)/2-1] + sorted[len(sorted)/2]) / 2
		}
		for _, x := range ls {
			st.Mean += x / float64(len(ls))
		}
		st.Fig = add(lengthFigure(v, ls))
		pg.Lengths = append(pg.Lengths, st)
	}
	pg.Openings = openingRows(run.Meta, games)
	for i := range pg.Openings[:min(len(pg.Openings), drawnOpenings)] {
		r := &pg.Openings[i]
		r.Start = draw.drawing(r.game, draw.rules.StartFEN)
	}
	pg.DrawnOpenings = min(len(pg.Openings), drawnOpenings)
	pg.OpeningsFig = add(openingsFigure(pg.Openings))
	pg.Matrix, pg.MatrixTest = sum.Matrix, run.Meta.SPRT
	if run.Meta.SPRT != nil && sum.Matrix == nil {
		pg.SPRT = sum.SPRT
		figs, err := sprtFigures(run.Meta.SPRT, an.sprt)
		errs = append(errs, err)
		pg.SPRTFigs = figs
		if len(sum.Pairings) == 1 {
			pg.SPRTElo = sum.Pairings[0].Pairs
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("report of %s: %w", run.Dir, err)
	}
	return pg, nil
}

// enginesOf lists the engines with games, in the run's order.
func enginesOf(s *rundir.Summary) []string {
	played := map[string]bool{}
	for _, r := range s.Standings {
		played[r.Name] = true
	}
	var out []string
	for _, e := range s.Meta.Engines {
		if played[e] {
			out = append(out, e)
		}
	}
	return out
}

// header describes the run: what was played, by which program, when,
// how much of it.
func header(run *Run, games []results.Game, now time.Time) []kv {
	m := run.Meta
	h := []kv{{"Event", m.Name}}
	if s := run.Setup; s != nil {
		if s.Config != "" {
			h = append(h, kv{"Config", s.Config})
		} else {
			h = append(h, kv{"Config", "built-in default"})
		}
		h = append(h, kv{"Tournament", s.Tournament})
		if s.Schedule != "" {
			h = append(h, kv{"Schedule", s.Schedule})
		}
	} else {
		h = append(h, kv{"Tournament", m.Tournament})
	}
	h = append(h, kv{"Variants", strings.Join(m.Variants, ", ")})
	if run.Setup == nil {
		// Without the setup, the limits and openings as the games recorded them.
		tcs, starts := map[string]bool{}, map[string]bool{}
		for _, g := range games {
			tcs[g.TimeControl] = true
			starts[g.Variant+"\x00"+g.StartFEN] = true
		}
		h = append(h, kv{"Time controls", strings.Join(sortedSet(tcs), ", ")}, kv{"Openings", fmt.Sprintf("%d start position(s)", len(starts))})
		h = append(h, kv{"Engines", strings.Join(m.Engines, ", ")})
	} else {
		h = append(h, kv{"Adjudication", run.Setup.Adjudication})
		if run.Setup.Concurrency > 0 {
			h = append(h, kv{"Concurrency", fmt.Sprint(run.Setup.Concurrency)})
		}
	}
	h = append(h, kv{"Seed", fmt.Sprint(m.Seed)})
	if t := m.SPRT; t != nil {
		h = append(h, kv{"SPRT", fmt.Sprintf("elo0 %g, elo1 %g, alpha %g, beta %g, %s Elo", t.Elo0, t.Elo1, t.Alpha, t.Beta, t.Model)})
	}
	h = append(h, kv{"Games", fmt.Sprintf("%d played of %d scheduled", len(games), m.Total)})
	if len(games) > 0 {
		first, last := games[0].Started, games[0].Started
		for _, g := range games {
			end := g.Started.Add(time.Duration(g.DurationMS) * time.Millisecond)
			if g.Started.Before(first) {
				first = g.Started
			}
			if end.After(last) {
				last = end
			}
		}
		h = append(h, kv{"Played", fmt.Sprintf("%s to %s", first.UTC().Format("2006-01-02 15:04:05"), last.UTC().Format("2006-01-02 15:04:05 UTC"))},
			kv{"Wall time", last.Sub(first).Round(time.Second).String() + " (first game's start to last game's end)"})
	}
	h = append(h, kv{"Report", now.UTC().Format("2006-01-02 15:04:05 UTC") + " by " + version()})
	return h
}

// version names the varena build: its module version and VCS revision.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "varena (no build information)"
	}
	v := "varena " + bi.Main.Version
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += fmt.Sprintf(" (revision %.12s%s)", rev, modified)
	}
	return v + ", " + bi.GoVersion
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// crosstable lays out the crosstable in standings order: points/games,
// or each result with its variant's letter in multivariant runs, each
// cell tinted by the row engine's score.
func crosstable(s *rundir.Summary) ([]string, []crossRow, string) {
	type cell struct {
		text  string
		score float64
	}
	cells := map[[2]string]cell{}
	for _, p := range s.Pairings {
		g := float64(p.WDL.Games())
		if g == 0 {
			continue
		}
		cells[[2]string{p.A, p.B}] = cell{rundir.CellText(p, false, s.Letters, s.Meta.Variants, s.PerGameCells()), p.WDL.Points() / g}
		cells[[2]string{p.B, p.A}] = cell{rundir.CellText(p, true, s.Letters, s.Meta.Variants, s.PerGameCells()), 1 - p.WDL.Points()/g}
	}
	var names []string
	for _, r := range s.Standings {
		names = append(names, r.Name)
	}
	var rows []crossRow
	for _, r := range s.Standings {
		row := crossRow{Rank: r.Rank, Name: r.Name, Points: r.Points}
		for _, col := range names {
			c, ok := cells[[2]string{r.Name, col}]
			switch {
			case col == r.Name:
				row.Cells = append(row.Cells, crossCell{Text: "×", Style: "background:#ddd"})
			case !ok:
				row.Cells = append(row.Cells, crossCell{Text: "–"})
			default:
				row.Cells = append(row.Cells, crossCell{Text: c.text, Style: template.CSS(heatColor(c.score))})
			}
		}
		rows = append(rows, row)
	}
	var legend []string
	for _, v := range s.Meta.Variants {
		if l, ok := s.Letters[v]; ok {
			legend = append(legend, l+" = "+v)
		}
	}
	return names, rows, strings.Join(legend, ", ")
}

// losRow is a row of the LOS matrix.
type losRow struct {
	Name  string
	Cells []crossCell
}

// losRows are the LOS matrix's rows, each cell tinted as the crosstable
// tints a score (a likelihood of 50% is white); none for two engines,
// whose LOS the pairings table has.
func losRows(m *stats.LOSMatrix) []losRow {
	if m == nil || len(m.Names) < 3 {
		return nil
	}
	rows := make([]losRow, len(m.Names))
	for i, n := range m.Names {
		rows[i].Name = n
		for j, p := range m.P[i] {
			if i == j {
				rows[i].Cells = append(rows[i].Cells, crossCell{Text: "×", Style: "background:#ddd"})
				continue
			}
			rows[i].Cells = append(rows[i].Cells, crossCell{Text: stats.LOSPercent(p), Style: template.CSS(heatColor(p))})
		}
	}
	return rows
}

// heatColor tints a score in [0, 1]: blue below half, red above.
func heatColor(score float64) string {
	d := math.Max(-1, math.Min(1, 2*score-1))
	a := math.Abs(d) * 0.55
	if d >= 0 {
		return fmt.Sprintf("background:rgba(214,40,40,%.2f)", a)
	}
	return fmt.Sprintf("background:rgba(40,90,214,%.2f)", a)
}

// summaryOf takes a statistics summary by value or pointer (the
// template holds both).
func summaryOf(s any) stats.Summary {
	switch s := s.(type) {
	case stats.Summary:
		return s
	case *stats.Summary:
		return *s
	}
	return stats.Summary{}
}

// f1 writes a number to one decimal, never "-0.0".
func f1(x float64) string { return stats.Fixed(x, 1) }

var pageTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"f1":       f1,
	"elo":      func(s any) string { e := summaryOf(s); return rundir.EloText(e.Elo, e.Score) },
	"nelo":     func(s any) string { e := summaryOf(s); return rundir.EloText(e.NElo, e.Score) },
	"interval": func(in stats.Interval, score float64) string { return rundir.IntervalText(in, score) },
	"rank":     func(t stats.Table, i int) int { return t.Ranks()[i] },
	"byScore":  func(s *rundir.Summary) bool { return s.RankedBy == rundir.RankByScore },
	"pct":      func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) },
	"g":        func(x float64) string { return fmt.Sprintf("%g", x) },
	"inc":      func(i int) int { return i + 1 },
}).Parse(pageHTML))
