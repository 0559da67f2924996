package console

import "varena/results/stats"

// fastchess prints a results block of a pairing's finished pairs every
// RatingInterval of their games, as fastchess does.
type fastchess struct{}

func (fastchess) finished(cw *Writer, p *pairing, pairDone bool) {
	if n := cw.o.RatingInterval; pairDone && n > 0 && p.wdl.Games()/n > p.shown/n {
		cw.fastchessBlock(p)
	}
}

func (fastchess) end(cw *Writer, p *pairing) {
	if p.wdl.Games() != p.shown {
		cw.fastchessBlock(p)
	}
}

// fastchessBlock prints the results of a pairing's finished pairs.
func (cw *Writer) fastchessBlock(p *pairing) {
	p.shown = p.wdl.Games()
	pt := p.penta
	games := p.wdl.Games()
	cw.printf("--------------------------------------------------\n")
	cw.printf("Results of %s:\n", cw.heading(p))
	if s, err := stats.Summarize(pt); err == nil {
		cw.printf("Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f\n", nz(s.Elo.Value), s.Elo.Error, nz(s.NElo.Value), s.NElo.Error)
		cw.printf("LOS: %.2f %%, DrawRatio: %.2f %%, PairsRatio: %s\n", 100*s.LOS, 100*pt.DrawRatio(),
			ratio(pt[stats.PairWW]+pt[stats.PairWD], pt[stats.PairLD]+pt[stats.PairLL]))
	} else {
		cw.printf("Elo: 0.00 +/- 0.00, nElo: 0.00 +/- 0.00\n")
		cw.printf("LOS: 50.00 %%, DrawRatio: 0.00 %%, PairsRatio: nan\n")
	}
	cw.printf("Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f %%)\n",
		games, p.wdl.W, p.wdl.L, p.wdl.D, p.wdl.Points(), 100*p.wdl.Score())
	wl := pt[stats.PairDDorWL] - p.dd
	cw.printf("Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: %s\n",
		pt[stats.PairLL], pt[stats.PairLD], pt[stats.PairDDorWL], pt[stats.PairWD], pt[stats.PairWW], ratio(wl, p.dd))
	if cw.sprt != nil && len(cw.pairs) == 1 {
		lo, hi := cw.sprt.Bounds()
		llr, err := cw.sprt.LLR(pt)
		if err != nil {
			llr = 0
		}
		llr = nz(llr)
		cw.printf("LLR: %.2f (%.1f%%) (%.2f, %.2f) [%.2f, %.2f]\n", llr, llrPercent(llr, lo, hi), lo, hi, cw.sprt.Elo0, cw.sprt.Elo1)
	}
	cw.printf("--------------------------------------------------\n")
}
