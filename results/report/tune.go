package report

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"varena/results"
)

// Files of an SPSA tune's directory that the report reads (written by
// varena tune; see package tuning).
const (
	TrajectoryFile  = "trajectory.csv" // k, wins, draws, losses, result, then theta per parameter
	tuneJournalFile = "spsa.jsonl"     // one JSON line per iteration, with its time
)

// TuneStep is one SPSA iteration as the trajectory records it.
type TuneStep struct {
	K, Wins, Draws, Losses, Result int
	Theta                          []float64 // after the update
}

// ParseTrajectory reads an SPSA trajectory (CSV with a header line). A
// line that does not parse is skipped and named as "name:line: why" in
// skipped; a missing or malformed header is an error.
func ParseTrajectory(r io.Reader, name string) (params []string, steps []TuneStep, skipped []string, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		fields := strings.Split(text, ",")
		if params == nil {
			if len(fields) < 6 || strings.Join(fields[:5], ",") != "k,wins,draws,losses,result" {
				return nil, nil, nil, fmt.Errorf("%s:%d: not an SPSA trajectory header (want k,wins,draws,losses,result,PARAM...)", name, line)
			}
			params = fields[5:]
			continue
		}
		st, perr := parseStep(fields, len(params))
		if perr != nil {
			skipped = append(skipped, fmt.Sprintf("%s:%d: %v", name, line, perr))
			continue
		}
		steps = append(steps, st)
	}
	if err := sc.Err(); err != nil {
		return params, steps, skipped, fmt.Errorf("%s: %w", name, err)
	}
	if params == nil {
		return nil, nil, nil, fmt.Errorf("%s: empty trajectory", name)
	}
	return params, steps, skipped, nil
}

func parseStep(fields []string, n int) (TuneStep, error) {
	var st TuneStep
	if len(fields) != 5+n {
		return st, fmt.Errorf("%d fields, want %d", len(fields), 5+n)
	}
	ints := []*int{&st.K, &st.Wins, &st.Draws, &st.Losses, &st.Result}
	for i, p := range ints {
		v, err := strconv.Atoi(fields[i])
		if err != nil {
			return st, fmt.Errorf("field %d: %w", i+1, err)
		}
		*p = v
	}
	if st.K < 1 || st.Wins < 0 || st.Draws < 0 || st.Losses < 0 || st.Result != st.Wins-st.Losses {
		return st, fmt.Errorf("iteration %d: counts %d/%d/%d and result %d do not add up", st.K, st.Wins, st.Draws, st.Losses, st.Result)
	}
	for _, f := range fields[5:] {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil || v != v {
			return st, fmt.Errorf("theta %q is not a number", f)
		}
		st.Theta = append(st.Theta, v)
	}
	return st, nil
}

// isTune reports whether dir holds an SPSA tune rather than a run.
func isTune(dir string) bool {
	_, errT := os.Stat(filepath.Join(dir, TrajectoryFile))
	_, errJ := os.Stat(filepath.Join(dir, "journal.jsonl"))
	return errT == nil && errors.Is(errJ, os.ErrNotExist)
}

// tunePage is what the tune template shows.
type tunePage struct {
	Title    string
	Header   []kv
	Skipped  []string
	Params   []tuneParam
	Figs     []figure
	Progress figure
	Played   bool
}

type tuneParam struct {
	Name                  string
	First, Last, Min, Max float64
	Change                float64
}

// writeTune writes the report of an SPSA tune's directory.
func writeTune(dir string) (string, []string, error) {
	path := filepath.Join(dir, TrajectoryFile)
	f, err := os.Open(path)
	if err != nil {
		return "", nil, err
	}
	params, steps, skipped, err := ParseTrajectory(f, path)
	f.Close()
	if err != nil {
		return "", nil, err
	}
	pg := &tunePage{Title: filepath.Base(filepath.Clean(dir)) + " (SPSA)", Skipped: skipped, Played: len(steps) > 0}
	var w, d, l int
	for _, st := range steps {
		w, d, l = w+st.Wins, d+st.Draws, l+st.Losses
	}
	pg.Header = []kv{{"Tune", dir}, {"Method", "SPSA over colour-reversed game pairs"},
		{"Parameters", strings.Join(params, ", ")},
		{"Iterations", fmt.Sprintf("%d finished", len(steps))},
		{"Games of θ+ against θ−", fmt.Sprintf("%d: +%d =%d −%d", w+d+l, w, d, l)}}
	if first, last, ok := tuneTimes(filepath.Join(dir, tuneJournalFile)); ok {
		pg.Header = append(pg.Header, kv{"Played", first.UTC().Format("2006-01-02 15:04:05") + " to " + last.UTC().Format("2006-01-02 15:04:05 UTC")},
			kv{"Wall time", last.Sub(first).Round(time.Second).String()})
	}
	pg.Header = append(pg.Header, kv{"Report", time.Now().UTC().Format("2006-01-02 15:04:05 UTC") + " by " + version()})
	if len(steps) > 0 {
		for i, name := range params {
			p := tuneParam{Name: name, First: steps[0].Theta[i], Last: steps[len(steps)-1].Theta[i], Min: steps[0].Theta[i], Max: steps[0].Theta[i]}
			var xys plotter.XYs
			for _, st := range steps {
				v := st.Theta[i]
				p.Min, p.Max = min(p.Min, v), max(p.Max, v)
				xys = append(xys, plotter.XY{X: float64(st.K), Y: v})
			}
			p.Change = p.Last - p.First
			pg.Params = append(pg.Params, p)
			if i < maxTuneFigures {
				fig, err := tuneFigure(name, i, xys)
				if err != nil {
					return "", skipped, err
				}
				pg.Figs = append(pg.Figs, fig)
			}
		}
		fig, err := tuneProgressFigure(steps)
		if err != nil {
			return "", skipped, err
		}
		pg.Progress = fig
	}
	out := filepath.Join(dir, File)
	err = results.WriteFileAtomic(out, func(w io.Writer) error { return tuneTemplate.Execute(w, pg) })
	return out, skipped, err
}

// maxTuneFigures bounds the per-parameter figures (the table lists all).
const maxTuneFigures = 24

// tuneTimes returns the times of the first and last iteration of the
// tune's journal, if it can read them.
func tuneTimes(path string) (first, last time.Time, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return first, last, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	for sc.Scan() {
		var st struct {
			Time time.Time `json:"time"`
		}
		if json.Unmarshal(sc.Bytes(), &st) != nil || st.Time.IsZero() {
			continue
		}
		if !ok || st.Time.Before(first) {
			first = st.Time
		}
		if !ok || st.Time.After(last) {
			last = st.Time
		}
		ok = true
	}
	return first, last, ok
}

// tuneFigure draws one parameter's value over the iterations.
func tuneFigure(name string, i int, xys plotter.XYs) (figure, error) {
	p := newPlot(name+" over the iterations", "iteration", name+" (parameter units)")
	p.Add(plotter.NewGrid())
	l, err := plotter.NewLine(xys)
	if err != nil {
		return figure{}, err
	}
	l.Color = plotutil.Color(i)
	l.Width = vg.Points(1.5)
	p.Add(l)
	return render("fig-theta-"+strconv.Itoa(i), p, figW, figH*0.75)
}

// tuneProgressFigure draws the running score of θ+ against θ−.
func tuneProgressFigure(steps []TuneStep) (figure, error) {
	p := newPlot("Wins minus losses of θ+ against θ−, summed over the iterations", "iteration", "wins − losses (games)")
	p.Add(plotter.NewGrid())
	var xys plotter.XYs
	sum := 0
	for _, st := range steps {
		sum += st.Result
		xys = append(xys, plotter.XY{X: float64(st.K), Y: float64(sum)})
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return figure{}, err
	}
	l.Width = vg.Points(1.5)
	p.Add(l)
	return render("fig-tune-result", p, figW, figH*0.75)
}

var tuneTemplate = template.Must(template.New("tune").Funcs(template.FuncMap{
	"g3": func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) },
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}: varena report</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1100px;padding:1em 1.5em;color:#222;line-height:1.4}
h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.8em}
table{border-collapse:collapse;margin:.6em 0;font-variant-numeric:tabular-nums}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}th{background:#f3f3f3}td.l,th.l{text-align:left}
table.kv td:first-child{font-weight:600;text-align:left;background:#f8f8f8}table.kv td{text-align:left}
svg.fig{width:100%;height:auto;max-width:900px;display:block;margin:.5em 0}
.note{color:#555;font-size:.92em}.warn{background:#fff4e0;border:1px solid #f0c070;padding:.5em 1em}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<section id="header"><h2>What was tuned</h2>
<table class="kv">{{range .Header}}<tr><td>{{.K}}</td><td>{{.V}}</td></tr>
{{end}}</table></section>
{{if .Skipped}}<section id="skipped" class="warn"><h2>Skipped</h2><ul>{{range .Skipped}}<li><code>{{.}}</code></li>{{end}}</ul></section>{{end}}
{{if .Played}}
<section id="parameters"><h2>Parameters</h2>
<p class="note">The value after the first and after the last iteration, and the range it moved in.</p>
<table><tr><th class="l">Parameter</th><th>After iteration 1</th><th>Now</th><th>Change</th><th>Lowest</th><th>Highest</th></tr>
{{range .Params}}<tr><td class="l">{{.Name}}</td><td>{{g3 .First}}</td><td>{{g3 .Last}}</td><td>{{g3 .Change}}</td><td>{{g3 .Min}}</td><td>{{g3 .Max}}</td></tr>
{{end}}</table></section>
<section id="trajectory"><h2>Trajectory</h2>
<p class="note">Each parameter over the iterations: a value that has stopped drifting has converged.</p>
{{range .Figs}}{{.SVG}}{{end}}
</section>
<section id="progress"><h2>Results</h2>
<p class="note">The running sum of wins minus losses of the plus-perturbed engine: it wanders around zero when the perturbations no longer matter.</p>
{{.Progress.SVG}}
</section>
{{else}}<p class="note">No finished iterations yet.</p>{{end}}
</body>
</html>
`))
