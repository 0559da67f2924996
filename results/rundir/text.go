package rundir

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"varena/results/stats"
)

// CrosstableWidth is the width the text crosstable keeps to, so that it
// fits a terminal: the per-game cells of a multivariant run become
// per-variant scores when the table would be wider, and a table still
// wider is cut into blocks of columns. summary.json keeps every game.
const CrosstableWidth = 100

// WriteText prints the summary as tables: standings, ratings (overall
// and per variant), pairings with Elo and confidence, the crosstable,
// SPRT and faults.
func (s *Summary) WriteText(w io.Writer) error {
	var b strings.Builder
	b.WriteString(s.headline() + "\n\n")
	if len(s.Standings) > 0 {
		s.writeStandings(&b)
		b.WriteByte('\n')
	}
	if len(s.Ratings) > 0 {
		if err := s.Ratings.Write(&b); err != nil {
			return err
		}
		for _, note := range []string{s.PriorNote(), s.ErrorsNote()} {
			if note != "" {
				b.WriteString(note + "\n")
			}
		}
		b.WriteByte('\n')
	}
	if s.LOS != nil && len(s.LOS.Names) > 2 {
		// Two players have theirs on the pairing's line.
		b.WriteString(s.LOSHeading() + "\n")
		if err := s.LOS.Write(&b, CrosstableWidth); err != nil {
			return err
		}
		b.WriteByte('\n')
	}
	if s.Gauntlet != nil {
		b.WriteString(s.GauntletHeading() + "\n")
		if err := s.Gauntlet.Write(&b, eloText); err != nil {
			return err
		}
		b.WriteByte('\n')
	}
	for _, v := range s.Meta.Variants {
		if table, ok := s.VariantRatings[v]; ok {
			fmt.Fprintf(&b, "Ratings in %s (%s):\n", v, s.Letters[v])
			if err := table.Write(&b); err != nil {
				return err
			}
			b.WriteByte('\n')
		}
		if slices.Contains(s.Divergent, v) {
			fmt.Fprintf(&b, "Ratings in %s (%s): none, they diverge without a prior (someone won or lost all their games there).\n\n", v, s.Letters[v])
		}
	}
	for _, p := range s.Pairings {
		fmt.Fprintf(&b, "%s vs %s: %s  score %.1f%%  Elo %s  LOS %.1f%%  draws %.1f%%\n",
			p.A, p.B, p.WDL, 100*p.Games.Score, eloText(p.Games.Elo, p.Games.Score), 100*p.Games.LOS, 100*p.DrawRatio)
		if p.Pairs != nil {
			fmt.Fprintf(&b, "    pairs %s  Elo %s  nElo %s\n",
				p.Penta, eloText(p.Pairs.Elo, p.Pairs.Score), eloText(p.Pairs.NElo, p.Pairs.Score))
		}
	}
	if len(s.Standings) > 1 {
		b.WriteByte('\n')
		s.writeCrosstable(&b)
	}
	if s.PastDecision > 0 {
		fmt.Fprintf(&b, "\n%d game(s) finished after the SPRT decided: in the journal and the PGN, not counted above.\n", s.PastDecision)
	}
	if s.Waiting > 0 {
		fmt.Fprintf(&b, "\n%d finished game(s) wait for an earlier pair: the SPRT counts pairs in schedule order; not counted above.\n", s.Waiting)
	}
	if len(s.Faults) > 0 {
		b.WriteString("\nFaults:\n")
		for _, name := range slices.Sorted(maps.Keys(s.Faults)) {
			for _, term := range slices.Sorted(maps.Keys(s.Faults[name])) {
				fmt.Fprintf(&b, "  %s: %d x %s\n", name, s.Faults[name][term], term)
			}
		}
	}
	for _, w := range s.OverrunWarnings() {
		fmt.Fprintf(&b, "\n%s\n", w)
	}
	if s.SPRT != nil {
		// Last, so that a CI log's last line is the verdict.
		fmt.Fprintf(&b, "\n%s\n", s.SPRTLine())
	}
	if s.Matrix != nil {
		b.WriteByte('\n')
		s.writeMatrix(&b)
		fmt.Fprintf(&b, "\n%s\n", s.MatrixLine())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// eloText writes an Elo estimate with its 95% half width; a score of 100%
// or 0%, whose estimate is infinite (the finite number in summary.json
// comes from the regularization of empty outcomes), as "+inf" or "-inf"
// with the bound the interval gives.
func eloText(in stats.Interval, score float64) string {
	switch score {
	case 1:
		return fmt.Sprintf("+inf (95%%: > %s)", stats.Signed(in.Lower, 1))
	case 0:
		return fmt.Sprintf("-inf (95%%: < %s)", stats.Signed(in.Upper, 1))
	}
	return fmt.Sprintf("%s ± %.1f", stats.Signed(in.Value, 1), in.Error)
}

// writeStandings prints the standings, in the order RankedBy names.
func (s *Summary) writeStandings(b *strings.Builder) {
	nw := s.nameWidth()
	byScore := s.RankedBy == RankByScore
	if byScore {
		fmt.Fprintf(b, "%4s  %-*s %7s %6s %7s\n", "Rank", nw, "Name", "Points", "Games", "Score")
	} else {
		fmt.Fprintf(b, "%4s  %-*s %7s %6s %8s %6s\n", "Rank", nw, "Name", "Points", "Games", "S-B", "Direct")
	}
	for _, r := range s.Standings {
		if byScore {
			fmt.Fprintf(b, "%4d  %-*s %7g %6d %6.1f%%\n", r.Rank, nw, r.Name, r.Points, r.Games, 100*r.Score)
		} else {
			fmt.Fprintf(b, "%4d  %-*s %7g %6d %8.2f %6g\n", r.Rank, nw, r.Name, r.Points, r.Games, r.SonnebornBerger, r.Direct)
		}
	}
	if s.RankedBy != "" {
		fmt.Fprintf(b, "Ranked by %s.\n", s.RankedBy)
	}
}

func (s *Summary) nameWidth() int {
	width := 4
	for _, r := range s.Standings {
		width = max(width, len(r.Name))
	}
	return width
}

// writeCrosstable prints, in standings order, what each row engine scored
// against each column engine: points/games, or in multivariant runs each
// result with its variant's letter (1-E 0.5-L), as the 2003 Multivariant
// Tournament's crosstable did, with a legend. When that is wider than
// CrosstableWidth, cells give each variant's points/games instead
// (E2.5/4), and a table still wider is printed in blocks of columns.
func (s *Summary) writeCrosstable(b *strings.Builder) {
	names := make([]string, len(s.Standings))
	for i, r := range s.Standings {
		names[i] = r.Name
	}
	nw := s.nameWidth()
	label := nw + 3
	total := make([]string, len(names))
	tw := len("Pts")
	for i, r := range s.Standings {
		total[i] = strconv.FormatFloat(r.Points, 'f', -1, 64)
		tw = max(tw, len(total[i]))
	}
	var cells map[[2]string]string
	var width int
	for _, perGame := range []bool{true, false} {
		cells = map[[2]string]string{}
		for _, p := range s.Pairings {
			cells[[2]string{p.A, p.B}] = cellText(p, false, s.Letters, s.Meta.Variants, perGame)
			cells[[2]string{p.B, p.A}] = cellText(p, true, s.Letters, s.Meta.Variants, perGame)
		}
		width = max(3, len(strconv.Itoa(len(names))))
		for _, c := range cells {
			width = max(width, len(c))
		}
		if label+len(names)*(width+1)+tw+1 <= CrosstableWidth {
			break // fits as it is
		}
	}
	perBlock := max(1, (CrosstableWidth-label-(tw+1))/(width+1))
	for start := 0; start < len(names); start += perBlock {
		end := min(start+perBlock, len(names))
		last := end == len(names)
		if start > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(b, "%-*s", label, "")
		for i := start; i < end; i++ {
			fmt.Fprintf(b, " %-*d", width, i+1)
		}
		if last {
			fmt.Fprintf(b, " %*s", tw, "Pts")
		}
		b.WriteByte('\n')
		for i, row := range names {
			line := fmt.Sprintf("%2d %-*s", i+1, nw, row)
			for _, col := range names[start:end] {
				c, ok := cells[[2]string{row, col}]
				if !ok {
					c = "-"
				}
				line += fmt.Sprintf(" %-*s", width, c)
			}
			if last {
				line += fmt.Sprintf(" %*s", tw, total[i])
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
	}
	if len(s.Letters) > 0 {
		b.WriteString("Variants:")
		for _, v := range s.Meta.Variants {
			fmt.Fprintf(b, " %s=%s", s.Letters[v], v)
		}
		b.WriteByte('\n')
	}
}

// cellText is one crosstable cell: the row engine's results against the
// column engine (flip: the row is the pairing's B). perGame lists each
// game of a multivariant run (1-E 0.5-L), else each variant's
// points/games (E1.5/2 L0.5/1).
func cellText(p Pairing, flip bool, letters map[string]string, order []string, perGame bool) string {
	score := func(w stats.WDL) string {
		pts := w.Points()
		if flip {
			pts = float64(w.Games()) - pts
		}
		return fmt.Sprintf("%g/%d", pts, w.Games())
	}
	if len(letters) == 0 {
		return score(p.WDL)
	}
	var parts []string
	for _, v := range order {
		w, ok := p.ByVariant[v]
		if !ok || w.Games() == 0 {
			continue
		}
		if !perGame {
			parts = append(parts, letters[v]+score(w))
			continue
		}
		win, loss := w.W, w.L
		if flip {
			win, loss = loss, win
		}
		for range win {
			parts = append(parts, "1-"+letters[v])
		}
		for range w.D {
			parts = append(parts, "0.5-"+letters[v])
		}
		for range loss {
			parts = append(parts, "0-"+letters[v])
		}
	}
	return strings.Join(parts, " ")
}

// SPRTLine is the one-line verdict of an SPRT run: the decision, the LLR
// with its bounds, the games and pairs counted, and the Elo and
// normalized Elo estimates with their 95% intervals, e.g.
//
//	SPRT [0, 10] normalized: H1 accepted, LLR 2.96 (-2.94, 2.94), 812 games (406 pairs), Elo +12.3 [4.2, 20.4], nElo +20.1 [7.1, 33.1]
//
// "" for runs that are no SPRT.
func (s *Summary) SPRTLine() string {
	st := s.SPRT
	if st == nil {
		return ""
	}
	if st.Problem != "" {
		return fmt.Sprintf("SPRT [%g, %g] %s: no LLR: %s; %s, %d games (%d pairs)",
			st.Test.Elo0, st.Test.Elo1, st.Test.Model, st.Problem, st.Verdict, st.Penta.Games(), st.Penta.Pairs())
	}
	line := fmt.Sprintf("SPRT [%g, %g] %s: %s, LLR %s (%.2f, %.2f), %d games (%d pairs)",
		st.Test.Elo0, st.Test.Elo1, st.Test.Model, st.Verdict, stats.Fixed(st.LLR, 2), st.Lower, st.Upper, st.Penta.Games(), st.Penta.Pairs())
	if p := st.Pairs; p != nil {
		f := func(x float64) string { return stats.Fixed(x, 1) }
		line += fmt.Sprintf(", Elo %s [%s, %s], nElo %s [%s, %s]",
			stats.Signed(p.Elo.Value, 1), f(p.Elo.Lower), f(p.Elo.Upper),
			stats.Signed(p.NElo.Value, 1), f(p.NElo.Lower), f(p.NElo.Upper))
	}
	return line
}

// CellText is a crosstable cell: the row engine's results against the
// column engine (flip: the row is the pairing's B), as WriteText prints
// it: points/games, or in multivariant runs each game with its variant's
// letter (perGame: 1-E 0.5-L) or each variant's points/games (E1.5/2).
func CellText(p Pairing, flip bool, letters map[string]string, order []string, perGame bool) string {
	return cellText(p, flip, letters, order, perGame)
}

// PerGameCells says whether crosstable cells of the summary's pairings
// are short enough listing each game (at most 6 games per pairing).
func (s *Summary) PerGameCells() bool {
	for _, p := range s.Pairings {
		if p.WDL.Games() > 6 {
			return false
		}
	}
	return true
}
