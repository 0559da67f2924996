package report

// pageHTML is the report's template. Everything it shows goes through
// html/template's escaping; the figures are gonum's SVG, whose text the
// SVG writer escapes. No script, and nothing fetched: the page stands
// alone.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}: varena report</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1100px;padding:1em 1.5em;color:#222;line-height:1.4}
h1{margin-bottom:.2em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.8em}
table{border-collapse:collapse;margin:.6em 0;font-variant-numeric:tabular-nums}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right;vertical-align:top}
th{background:#f3f3f3}td.l,th.l{text-align:left}
table.kv td:first-child{font-weight:600;text-align:left;background:#f8f8f8}table.kv td{text-align:left}
svg.fig{width:100%;height:auto;max-width:900px;display:block;margin:.5em 0}
.note{color:#555;font-size:.92em}.warn{background:#fff4e0;border:1px solid #f0c070;padding:.5em 1em}
code{font-size:.9em;word-break:break-all}
nav a{margin-right:.8em}
.dg{display:flex;gap:6px;align-items:flex-start;margin:.2em 0;--sq:20px}
.bd{border:1px solid #555;align-self:flex-start}.bk{border:2px solid #2a6}
.rk{display:flex}
.dg i{width:var(--sq);height:var(--sq);display:flex;align-items:center;justify-content:center;font-style:normal;font-size:calc(var(--sq)*.8);line-height:1}
.dg i.l{background:#eed9b4}.dg i.d{background:#b58863}.bk i.l{background:#d9e9d9}.bk i.d{background:#8fb58f}
.dg i.o{outline:1px dashed #2a6;outline-offset:-3px}
.dg i.w{color:#fff;text-shadow:0 0 2px #000,0 0 1px #000}.dg i.b{color:#111}.dg i.f{font-weight:700;font-size:calc(var(--sq)*.65)}
.bs{display:grid;grid-auto-rows:var(--sq)}
.dg i{position:relative}.dg .pm{position:absolute;font-size:calc(var(--sq)*.5);font-weight:700;line-height:1;color:#c00;text-shadow:none}
.dg .pm.pre{left:0;top:0}.dg .pm.post{right:0;top:0}
.hs{display:flex;flex-direction:column;gap:2px}
.hd{display:flex;flex-wrap:wrap;align-items:center;gap:0 3px;min-height:var(--sq);max-width:calc(var(--sq)*10);background:#f3ece0;border:1px solid #d8cbb5;border-radius:3px;padding:0 2px}
.hd i{background:none}.dg .hd i.w{text-shadow:0 0 2px #000,0 0 1px #000,0 0 1px #000}.hd small{font-size:.75em;font-weight:700;margin:0 2px 0 -2px;font-variant-numeric:tabular-nums}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<nav class="note">{{if .Event}}<a href="#event">Standings</a><a href="#rounds">Rounds</a>{{end}}<a href="#header">Run</a>{{if .Played}}<a href="#ratings">Ratings</a>{{if .VariantRatings}}<a href="#variant-ratings">Per variant</a>{{end}}{{if .Cross}}<a href="#crosstable">Crosstable</a>{{end}}<a href="#convergence">Convergence</a><a href="#endings">Endings</a><a href="#lengths">Lengths</a><a href="#openings">Openings</a>{{end}}{{if .SPRT}}<a href="#sprt">SPRT</a>{{end}}{{if .Matrix}}<a href="#matrix">SPRT matrix</a>{{end}}{{if .Skipped}}<a href="#skipped">Skipped</a>{{end}}</nav>

{{with .Event}}<section id="event">
<h2>Standings</h2>
{{if .Standings}}{{with .Standings}}<p class="note">{{.Title}}</p>
<table><tr>{{range $i, $c := .Columns}}<th{{if eq $i 1}} class="l"{{end}}>{{$c}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range $i, $c := .}}<td{{if eq $i 1}} class="l"{{end}}>{{$c}}</td>{{end}}</tr>
{{end}}</table>{{end}}{{else if .Text}}<pre>{{.Text}}</pre>{{else}}<p class="note">None yet: the event is not over.</p>{{end}}
</section>
<section id="rounds">
<h2>Rounds</h2>
<p class="note">Each round is a run of its own in the event's directory (its folder in brackets). The score is the first engine's points-the second's{{if eq $.Summary.Meta.Tournament "knockout"}}, over the match's games so far (its tie-break pairs included){{end}}; the first engine has White in each pair's first game.</p>
{{range .Rounds}}<h3>{{.Name}} <span class="note">({{.Folder}}{{if not .Played}}, unfinished{{end}})</span></h3>
<table><tr><th class="l">Engine</th><th>Score</th><th class="l">Engine</th><th>W-D-L</th><th class="l">Note</th></tr>
{{range .Pairings}}<tr><td class="l">{{.A}}</td><td>{{.Score}}</td><td class="l">{{.B}}</td><td>{{.WDL}}</td><td class="l">{{.Note}}</td></tr>
{{end}}{{with .Bye}}<tr><td class="l">{{.}}</td><td>bye</td><td class="l"></td><td></td><td class="l">a pairing-allocated bye: a won pairing</td></tr>
{{end}}</table>
{{end}}</section>
{{end}}<section id="header">
<h2>What was run</h2>
<table class="kv">
{{range .Header}}<tr><td>{{.K}}</td><td>{{.V}}</td></tr>
{{end}}</table>
{{if .Variants}}<table><tr><th class="l">Variant</th><th class="l">Openings</th><th class="l">Limit</th></tr>
{{range .Variants}}<tr><td class="l">{{.Name}}</td><td class="l">{{.Openings}}</td><td class="l">{{.Limit}}</td></tr>
{{end}}</table>{{end}}
{{if .Engines}}<table><tr><th class="l">Engine</th><th class="l">Kind</th><th class="l">Command</th><th class="l">Options</th><th class="l">Own limit</th><th class="l">Plays</th></tr>
{{range .Engines}}<tr><td class="l">{{.Name}}</td><td class="l">{{.Kind}}</td><td class="l"><code>{{.Command}}</code></td><td class="l">{{.Options}}</td><td class="l">{{.Limit}}</td><td class="l">{{.Plays}}</td></tr>
{{end}}</table>{{end}}
</section>
{{if .Skipped}}
<section id="skipped" class="warn">
<h2>Skipped</h2>
<p>Parts of the run's files could not be read; the report shows the rest.</p>
<ul>{{range .Skipped}}<li><code>{{.}}</code></li>{{end}}</ul>
</section>
{{end}}
{{if not .Played}}<p class="note">No finished games yet.</p>{{else}}
<section id="ratings">
<h2>Ratings</h2>
<p class="note">Maximum-likelihood (Bradley-Terry) ratings, the mean at 0, with 95% intervals.</p>
<table><tr><th>Rank</th><th class="l">Engine</th><th>Elo</th><th>±95%</th><th>Games</th><th>Score</th><th>W</th><th>D</th><th>L</th></tr>
{{range $i, $r := .Summary.Ratings}}<tr><td>{{rank $.Summary.Ratings $i}}</td><td class="l">{{$r.Name}}</td><td>{{f1 $r.Rating}}</td><td>{{f1 $r.Error}}</td><td>{{$r.Games}}</td><td>{{pct $r.Score}}</td><td>{{$r.Wins}}</td><td>{{$r.Draws}}</td><td>{{$r.Losses}}</td></tr>
{{end}}</table>
{{with .Summary.PriorNote}}<p class="note">{{.}}</p>{{end}}
{{with .Summary.ErrorsNote}}<p class="note">{{.}}</p>{{end}}
{{.RatingFig.SVG}}
{{if .LOS}}<h3 id="los">Likelihood of superiority</h3>
<p class="note">The likelihood that the row engine is stronger than the column engine, in percent, from {{.Summary.LOS.Source}}; red above 50%, blue below.</p>
<table><tr><th class="l">Engine</th>{{range $i, $n := .Summary.LOS.Names}}<th title="{{$n}}">{{inc $i}}</th>{{end}}</tr>
{{range $i, $r := .LOS}}<tr><td class="l">{{inc $i}}. {{$r.Name}}</td>{{range $r.Cells}}<td style="{{.Style}}">{{.Text}}</td>{{end}}</tr>
{{end}}</table>{{end}}
{{with .Summary.Gauntlet}}<h3 id="gauntlet">Gauntlet of {{.Base}}</h3>
<p class="note">Each opponent's Elo to {{.Base}} from their own games, with the 95% interval of their colour-reversed pairs (of their games when no pair is complete); LOS is the likelihood that the opponent is the stronger.</p>
<table><tr><th class="l">Opponent</th><th>Games</th><th>W-D-L</th><th>Pairs (penta)</th><th>Score</th><th>Elo ±95%</th><th>nElo</th><th>LOS</th></tr>
{{range .Rows}}<tr><td class="l">{{.Opponent}}</td><td>{{.WDL.Games}}</td><td>{{.WDL}}</td><td>{{if .FromPairs}}{{.Pairs}}{{else}}–{{end}}</td><td>{{pct .WDL.Score}}</td><td>{{elo .Elo}}</td><td>{{nelo .Elo}}</td><td>{{pct .Elo.LOS}}</td></tr>
{{end}}</table>{{end}}
{{if and (not .Event) (gt (len .Summary.Standings) 2)}}<h3>Standings</h3>
{{if byScore .Summary}}<table><tr><th>Rank</th><th class="l">Engine</th><th>Points</th><th>Games</th><th>Score</th></tr>
{{range .Summary.Standings}}<tr><td>{{.Rank}}</td><td class="l">{{.Name}}</td><td>{{g .Points}}</td><td>{{.Games}}</td><td>{{pct .Score}}</td></tr>
{{end}}</table>{{else}}<table><tr><th>Rank</th><th class="l">Engine</th><th>Points</th><th>Games</th><th>Sonneborn-Berger</th><th>Direct</th></tr>
{{range .Summary.Standings}}<tr><td>{{.Rank}}</td><td class="l">{{.Name}}</td><td>{{g .Points}}</td><td>{{.Games}}</td><td>{{printf "%.2f" .SonnebornBerger}}</td><td>{{g .Direct}}</td></tr>
{{end}}</table>{{end}}<p class="note">Ranked by {{.Summary.RankedBy}}.</p>{{end}}
<h3>Pairings</h3>
<table><tr><th class="l">Engine A</th><th class="l">Engine B</th><th>W-D-L (A)</th><th>Score</th><th>Elo ±95%</th><th>LOS</th><th>Draws</th><th>Pairs (penta)</th><th>Elo over pairs</th><th>nElo</th></tr>
{{range .Summary.Pairings}}<tr><td class="l">{{.A}}</td><td class="l">{{.B}}</td><td>{{.WDL}}</td><td>{{pct .Games.Score}}</td><td>{{elo .Games}}</td><td>{{pct .Games.LOS}}</td><td>{{pct .DrawRatio}}</td>{{if .Pairs}}<td>{{.Penta}}</td><td>{{elo .Pairs}}</td><td>{{nelo .Pairs}}</td>{{else}}<td>–</td><td>–</td><td>–</td>{{end}}</tr>
{{end}}</table>
</section>
{{if .VariantRatings}}
<section id="variant-ratings">
<h2>Ratings per variant</h2>
{{range .VariantRatings}}{{$t := .Table}}<h3>{{.Name}} ({{.Letter}})</h3>
{{if .Table}}<table><tr><th>Rank</th><th class="l">Engine</th><th>Elo</th><th>±95%</th><th>Games</th><th>Score</th></tr>
{{range $i, $r := .Table}}<tr><td>{{rank $t $i}}</td><td class="l">{{$r.Name}}</td><td>{{f1 $r.Rating}}</td><td>{{f1 $r.Error}}</td><td>{{$r.Games}}</td><td>{{pct $r.Score}}</td></tr>
{{end}}</table>
{{.Fig.SVG}}{{else if .Divergent}}<p class="note">No ratings: they diverge without a prior (someone won or lost every game here).</p>{{else}}<p class="note">No games in this variant.</p>{{end}}
{{end}}</section>
{{end}}
{{if .Cross}}
<section id="crosstable">
<h2>Crosstable</h2>
<p class="note">What the row engine scored against the column engine{{if .Legend}}: each result with its variant's letter ({{.Legend}}){{else}}: points/games{{end}}.</p>
<table><tr><th></th><th class="l">Engine</th>{{range $i, $n := .CrossNames}}<th title="{{$n}}">{{inc $i}}</th>{{end}}<th>Points</th></tr>
{{range $i, $r := .Cross}}<tr><td>{{$r.Rank}}</td><td class="l">{{inc $i}}. {{$r.Name}}</td>{{range $r.Cells}}<td style="{{.Style}}">{{.Text}}</td>{{end}}<td>{{g $r.Points}}</td></tr>
{{end}}</table>
{{.CrossFig.SVG}}
</section>
{{end}}
<section id="convergence">
<h2>Convergence</h2>
<p class="note">Each engine's rating after every batch of games, fitted on the games finished so far, in the order they finished: lines that have stopped moving mean the ranking is settled.</p>
{{.ConvFig.SVG}}
</section>
<section id="endings">
<h2>How games ended</h2>
<table><tr><th class="l">Engine</th>{{range .Endings}}<th>{{.}}</th>{{end}}<th>Games</th></tr>
{{range .EndingRows}}<tr><td class="l">{{.Engine}}</td>{{range .Counts}}<td>{{.}}</td>{{end}}<td>{{.Total}}</td></tr>
{{end}}</table>
{{.EndFig.SVG}}
<h3 id="faults">Faults</h3>
{{if .Faults}}<table><tr><th>Game</th><th class="l">Engine at fault</th><th class="l">Fault</th><th class="l">Variant</th><th class="l">Reason</th><th class="l">Final position</th></tr>
{{range .Faults}}<tr><td>{{.ID}}</td><td class="l">{{.Engine}}</td><td class="l">{{.Ending}}</td><td class="l">{{.Variant}}</td><td class="l"><code>{{.Reason}}</code></td><td class="l">{{template "drawing" .Final}}</td></tr>
{{end}}</table>
<p class="note">The final position is the one the game stopped in{{if lt .DrawnFaults (len .Faults)}}, drawn for the first {{.DrawnFaults}} faults{{end}}.</p>{{else}}<p class="note">None: no time forfeit, crash, illegal move or protocol error.</p>{{end}}
{{range .Overruns}}<p class="note">{{.}}</p>
{{end}}
</section>
<section id="lengths">
<h2>Game length</h2>
<table><tr><th class="l">Variant</th><th>Games</th><th>Mean</th><th>Median</th><th>Shortest</th><th>Longest</th></tr>
{{range .Lengths}}<tr><td class="l">{{.Variant}}</td><td>{{.Games}}</td><td>{{f1 .Mean}}</td><td>{{g .Median}}</td><td>{{g .Min}}</td><td>{{g .Max}}</td></tr>
{{end}}</table>
<p class="note">In plies (half-moves).</p>
{{range .Lengths}}{{.Fig.SVG}}{{end}}
</section>
<section id="openings">
<h2>Results per opening</h2>
<p class="note">The score of White and of the first engine of each game (of its two players, the one listed first in the run) per start position. Far from 50% over many games: a lopsided opening.</p>
{{.OpeningsFig.SVG}}
<table><tr><th>#</th><th class="l">Variant</th><th class="l">Start position</th><th>Games</th><th>White</th><th>First engine</th></tr>
{{range .Openings}}<tr><td>{{.N}}</td><td class="l">{{.Variant}}</td><td class="l">{{template "drawing" .Start}}<code>{{.FEN}}</code></td><td>{{.Games}}</td><td>{{f1 .WhitePct}}%</td><td>{{f1 .FirstPct}}%</td></tr>
{{end}}</table>
{{if lt .DrawnOpenings (len .Openings)}}<p class="note">The first {{.DrawnOpenings}} start positions are drawn; the others have their FEN.</p>{{end}}
</section>
{{end}}
{{if .SPRT}}
<section id="sprt">
<h2>SPRT</h2>
<table class="kv">
<tr><td>Hypotheses</td><td>H0: elo = {{g .SPRT.Test.Elo0}}, H1: elo = {{g .SPRT.Test.Elo1}} ({{.SPRT.Test.Model}} Elo), alpha {{g .SPRT.Test.Alpha}}, beta {{g .SPRT.Test.Beta}}</td></tr>
<tr><td>LLR</td><td>{{printf "%.3f" .SPRT.LLR}} ({{printf "%.3f" .SPRT.Lower}}, {{printf "%.3f" .SPRT.Upper}})</td></tr>
<tr><td>Decision</td><td>{{.SPRT.Verdict}}</td></tr>
<tr><td>Pairs</td><td>{{.SPRT.Penta}} (LL, LD, DD+WL, WD, WW)</td></tr>
{{with .SPRTElo}}<tr><td>Elo over pairs</td><td>{{elo .}}, nElo {{nelo .}}, LOS {{pct .LOS}}</td></tr>{{end}}
</table>
{{range .SPRTFigs}}{{.SVG}}{{end}}
</section>
{{end}}
{{with .Matrix}}
<section id="matrix">
<h2>SPRT matrix</h2>
<p>One test per variant, H0: elo = {{g $.MatrixTest.Elo0}}, H1: elo = {{g $.MatrixTest.Elo1}} ({{$.MatrixTest.Model}} Elo), alpha {{g $.MatrixTest.Alpha}}, beta {{g $.MatrixTest.Beta}}; a decided variant gets no more games. The run's verdict is the worst: <b>{{.Verdict}}</b> (exit status {{.ExitStatus}}).</p>
<table>
<tr><th class="l">Variant</th><th>Games</th><th>Pairs (LL, LD, DD+WL, WD, WW)</th><th>Elo [95%]</th><th>nElo [95%]</th><th>LLR (bounds)</th><th class="l">Verdict</th></tr>
{{range .Rows}}<tr><td class="l">{{.Variant}}</td>{{if .LeftOut}}<td>-</td><td>-</td><td>-</td><td>-</td><td>-</td><td class="l">{{.Verdict}}: {{.LeftOut}}</td>{{else}}<td>{{.Games}}</td><td>{{.Penta}}</td><td>{{with .Pairs}}{{interval .Elo .Score}}{{else}}-{{end}}</td><td>{{with .Pairs}}{{interval .NElo .Score}}{{else}}-{{end}}</td><td>{{if .Problem}}{{.Problem}}{{else}}{{printf "%.2f" .LLR}} ({{printf "%.2f" .Lower}}, {{printf "%.2f" .Upper}}){{end}}</td><td class="l">{{.Verdict}}</td>{{end}}</tr>
{{end}}</table>
</section>
{{end}}
<p class="note">Made by varena from {{if .Event}}the rounds' journal.jsonl and meta.json and the event's event.json{{else}}the run's journal.jsonl and meta.json{{end}}. Figures are SVG inside this file: it reads offline.</p>
</body>
</html>
{{define "drawing"}}{{with .Board}}{{template "diagram" .}}{{end}}{{with .Err}}<span class="note">{{.}}</span>{{end}}{{end}}
{{define "diagram"}}<div class="dg" data-variant="{{.Variant}}" title="{{.FEN}}">{{if .Hands}}<div class="hs">{{template "hand" index .Hands 1}}{{end}}<div class="bd">{{range .Rows}}{{template "rank" .}}{{end}}</div>{{if .Hands}}{{template "hand" index .Hands 0}}</div>{{end}}{{if .Bunkers}}<div class="bs">{{range .Bunkers}}<div class="bk" style="grid-row:{{.Row}}/{{.End}}">{{range .Rows}}{{template "rank" .}}{{end}}</div>{{end}}</div>{{end}}</div>{{end}}
{{define "rank"}}<div class="rk" data-rank="{{.Rank}}">{{range .Squares}}{{template "piece" .}}{{end}}</div>{{end}}
{{define "piece"}}<i class="{{.Class}}">{{if .Pre}}<span class="pm pre">{{.Pre}}</span>{{end}}{{.Text}}{{if .Post}}<span class="pm post">{{.Post}}</span>{{end}}</i>{{end}}
{{define "hand"}}<div class="hd" data-side="{{.Side}}" title="{{if eq .Side "white"}}White{{else}}Black{{end}}'s hand">{{range .Pieces}}{{template "piece" .Square}}{{if gt .Count 1}}<small>{{.Count}}</small>{{end}}{{end}}</div>{{end}}
`
