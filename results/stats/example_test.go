package stats_test

import (
	"fmt"
	"os"

	"varena/results/stats"
)

func ExampleSummarize() {
	// A fastchess match of 3402 colour-reversed pairs.
	p := stats.Penta{352, 579, 1264, 743, 464}
	s, err := stats.Summarize(p)
	if err != nil {
		panic(err)
	}
	fmt.Printf("Games: %d, Points: %.1f (%.2f %%)\n", s.Games, s.Points, 100*s.Score)
	fmt.Printf("Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f\n", s.Elo.Value, s.Elo.Error, s.NElo.Value, s.NElo.Error)
	fmt.Printf("Elo 95%% interval: [%.2f, %.2f]\n", s.Elo.Lower, s.Elo.Upper)
	fmt.Printf("LOS: %.2f %%\n", 100*s.LOS)
	// Output:
	// Games: 6804, Points: 3596.0 (52.85 %)
	// Elo: 19.83 +/- 6.77, nElo: 24.25 +/- 8.29
	// Elo 95% interval: [13.07, 26.60]
	// LOS: 100.00 %
}

func ExampleSummarize_wdl() {
	s, err := stats.Summarize(stats.WDL{W: 136, D: 111, L: 96})
	if err != nil {
		panic(err)
	}
	fmt.Printf("Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f, LOS: %.2f %%\n",
		s.Elo.Value, s.Elo.Error, s.NElo.Value, s.NElo.Error, 100*s.LOS)

	_, err = stats.Summarize(stats.WDL{})
	fmt.Println(err)
	// Output:
	// Elo: 40.70 +/- 30.38, nElo: 49.77 +/- 37.39, LOS: 99.58 %
	// stats: no games
}

func ExamplePenta_AddPair() {
	var p stats.Penta
	// The first engine's scores in the two games of each opening.
	pairs := [][2]float64{{1, 0.5}, {0.5, 0.5}, {1, 0}, {0, 0.5}, {1, 1}}
	for _, pr := range pairs {
		if err := p.AddPair(pr[0], pr[1]); err != nil {
			panic(err)
		}
	}
	fmt.Println("Ptnml(0-2):", p)
	fmt.Println("pairs:", p.Pairs(), "points:", p.Points())
	// Output:
	// Ptnml(0-2): [0, 1, 2, 1, 1]
	// pairs: 5 points: 6
}

func ExampleSPRT_Test() {
	// A fishtest STC test: normalized Elo bounds <0.00,2.00>.
	s, err := stats.NewSPRT(0, 2, 0.05, 0.05, stats.Normalized)
	if err != nil {
		panic(err)
	}
	st, err := s.Test(stats.Penta{0, 1236, 4490, 1474, 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("LLR: %.2f (%.2f,%.2f) <%.2f,%.2f>: %v\n", st.LLR, st.Lower, st.Upper, s.Elo0, s.Elo1, st.Decision)

	approx, _ := s.LLRApprox(stats.Penta{0, 1236, 4490, 1474, 1})
	fmt.Printf("approximate LLR: %.2f\n", approx)
	// Output:
	// LLR: 2.94 (-2.94,2.94) <0.00,2.00>: H1 accepted
	// approximate LLR: 2.94
}

func ExampleRateMatchups() {
	names := []string{"alpha", "beta", "gamma"}
	games := []stats.Matchup{
		{A: 0, B: 1, WDL: stats.WDL{W: 30, D: 50, L: 20}},
		{A: 1, B: 2, WDL: stats.WDL{W: 45, D: 40, L: 15}},
		{A: 0, B: 2, WDL: stats.WDL{W: 60, D: 30, L: 10}},
	}
	table, err := stats.RateMatchups(names, games, stats.RatingOptions{Anchors: []stats.Anchor{{Name: "gamma", Rating: 1000}}})
	if err != nil {
		panic(err)
	}
	if err := table.Write(os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// Rank  Name       Elo    +/-  Games   Score      W      D      L
	//    1  alpha   1171.8   60.7    200   65.0%     90     80     30
	//    2  beta    1122.8   59.1    200   55.0%     65     90     45
	//    3  gamma   1000.0    0.0    200   30.0%     25     70    105
}
