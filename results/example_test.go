package results_test

import (
	"fmt"
	"os"
	"strings"
	"time"

	"varena/results"
)

func ExampleWritePGN() {
	g := results.Game{
		ID: 0, Round: 1, Event: "demo", Variant: "evolution",
		White: "varena", Black: "Fairy-Stockfish",
		StartFEN:       "NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/KNN1nnn w - - 0 1",
		StartIsInitial: true,
		Moves: []results.Move{
			{UCI: "c3d5", SAN: "Nd5", Score: &results.Score{CP: 25}, Depth: 8, TimeMS: 140},
			{UCI: "e3d5", SAN: "Nxd5", Score: &results.Score{CP: -10}, Depth: 8, TimeMS: 95},
		},
		Result: results.Unfinished, TimeControl: "depth=8",
		Started: time.Date(2025, 11, 29, 14, 0, 0, 0, time.UTC),
	}
	if err := results.WritePGN(os.Stdout, g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Event "demo"]
	// [Site "?"]
	// [Date "2025.11.29"]
	// [Round "1"]
	// [White "varena"]
	// [Black "Fairy-Stockfish"]
	// [Result "*"]
	// [Variant "evolution"]
	// [TimeControl "depth=8"]
	// [PlyCount "2"]
	// [Termination "unterminated"]
	//
	// 1. Nd5 {+0.25/8 0.14s} Nxd5 {-0.10/8 0.095s} *
}

func ExampleReadPGN() {
	pgn := `[Event "cutechess-cli game"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Variant "extinction"]

1. e4 {book} e5 {book} 2. Qh5 {+0.35/8 0.19s} Qg5 {-9.10/9 0.2s}
3. Qxg5 {+M1/2 0.012s, White wins by extinction} 1-0
`
	games, err := results.ReadPGN(strings.NewReader(pgn))
	if err != nil {
		fmt.Println(err)
		return
	}
	g := results.ToGame(games[0])
	fmt.Println(games[0].Moves, g.Result, g.Termination)
	fmt.Println(g.Moves[2].SAN, *g.Moves[2].Score, g.Moves[2].Depth, g.Moves[2].TimeMS)
	// Output:
	// [e4 e5 Qh5 Qg5 Qxg5] 1-0 extinction
	// Qh5 {35 0} 8 190
}
