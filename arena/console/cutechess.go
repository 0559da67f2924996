package console

import "varena/results/stats"

// cutechess prints a "Score of" line every ScoreInterval games of a
// pairing and its per-colour block every RatingInterval, as
// cutechess-cli does.
type cutechess struct{}

func (cutechess) finished(cw *Writer, p *pairing, _ bool) {
	if every := max(cw.o.ScoreInterval, 1); p.games%every == 0 {
		cw.score(p)
	}
	if n := cw.o.RatingInterval; n > 0 && p.games%n == 0 {
		cw.cutechessBlock(p)
	}
}

func (cutechess) end(cw *Writer, p *pairing) {
	if cw.o.RatingInterval == 0 || p.games%cw.o.RatingInterval != 0 {
		cw.score(p)
		cw.cutechessBlock(p)
	}
}

// score prints cutechess-cli's "Score of A vs B: W - L - D  [0.500] N".
func (cw *Writer) score(p *pairing) {
	cw.printf("Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", p.a, p.b, p.all.W, p.all.L, p.all.D, p.all.Score(), p.all.Games())
}

// cutechessBlock prints cutechess-cli's per-colour lines, Elo and SPRT.
func (cw *Writer) cutechessBlock(p *pairing) {
	black := stats.WDL{W: p.all.W - p.white.W, L: p.all.L - p.white.L, D: p.all.D - p.white.D}
	cw.printf("...      %s playing White: %d - %d - %d  [%.3f] %d\n", p.a, p.white.W, p.white.L, p.white.D, p.white.Score(), p.white.Games())
	cw.printf("...      %s playing Black: %d - %d - %d  [%.3f] %d\n", p.a, black.W, black.L, black.D, black.Score(), black.Games())
	wvb := stats.WDL{W: p.white.W + black.L, L: p.white.L + black.W, D: p.all.D}
	cw.printf("...      White vs Black: %d - %d - %d  [%.3f] %d\n", wvb.W, wvb.L, wvb.D, wvb.Score(), wvb.Games())
	if s, err := stats.Summarize(p.all); err == nil {
		cw.printf("Elo difference: %.1f +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%\n", nz(s.Elo.Value), s.Elo.Error, 100*s.LOS, 100*p.all.DrawRatio())
	}
	if cw.sprt != nil && len(cw.pairs) == 1 {
		lo, hi := cw.sprt.Bounds()
		llr, err := cw.sprt.LLR(p.penta)
		if err != nil {
			llr = 0
		}
		llr = nz(llr)
		cw.printf("SPRT: llr %.3g (%.1f%%), lbound %.3g, ubound %.3g\n", llr, llrPercent(llr, lo, hi), lo, hi)
	}
}
