package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sync"
	"time"

	"varena/arena"
	"varena/configs"
	"varena/configs/plan"
	"varena/engines"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/uci"
	"varena/engines/variants"
)

func main() {
	conc := flag.Int("concurrency", 0, "games at once (default: the config's, else 2)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: plainloop [-concurrency N] CONFIG.yaml")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *conc); err != nil {
		fmt.Fprintln(os.Stderr, "plainloop:", err)
		os.Exit(1)
	}
}

type result struct {
	plies   int
	outcome engines.Result
	err     error
}

func run(path string, conc int) error {
	start := time.Now()
	r, err := configs.Load(path, configs.Checker{Variants: variants.Names()})
	if err != nil {
		return err
	}
	if len(r.VariantNames()) != 1 {
		return fmt.Errorf("one variant only")
	}
	v, err := variants.ByName(r.VariantNames()[0])
	if err != nil {
		return err
	}
	for _, e := range r.Engines {
		if e.Kind != configs.KindUCI {
			return fmt.Errorf("engine %s: external UCI engines only", e.Name)
		}
	}
	all := func(string, string) bool { return true }
	p, err := plan.Resolve(r)
	if err != nil {
		return err
	}
	sched, err := arena.NewSchedule(p, []*engines.Variant{v}, nil, all)
	if err != nil {
		return err
	}
	if conc <= 0 {
		conc = r.Concurrency
	}
	if conc <= 0 {
		conc = 2
	}

	ctx := context.Background()
	jobs := make(chan arena.GameSpec)
	results := make(chan result)
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker(ctx, r, v, jobs, results)
		}()
	}
	go func() {
		for {
			g, ok := sched.Next()
			if !ok {
				break
			}
			jobs <- g
		}
		close(jobs)
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	games, plies := 0, 0
	var wdl [3]int
	for res := range results {
		if res.err != nil {
			return res.err
		}
		games++
		plies += res.plies
		switch res.outcome {
		case engines.WhiteWins:
			wdl[0]++
		case engines.Draw:
			wdl[1]++
		case engines.BlackWins:
			wdl[2]++
		}
	}
	elapsed := time.Since(start)
	cpu, ccpu := cpuTimes()
	fmt.Printf("plainloop: %d games (white wins %d, draws %d, black wins %d), %d plies, concurrency %d\n",
		games, wdl[0], wdl[1], wdl[2], plies, conc)
	fmt.Printf("wall %.3f s, %.1f games/s; own CPU %.3f s = %.4f ms/ply; engines' CPU %.3f s\n",
		elapsed.Seconds(), float64(games)/elapsed.Seconds(), cpu.Seconds(),
		float64(cpu.Microseconds())/1000/float64(plies), ccpu.Seconds())
	return nil
}

// worker starts its own process of every engine and plays games from jobs.
func worker(ctx context.Context, r *configs.Run, v *engines.Variant, jobs <-chan arena.GameSpec, results chan<- result) {
	engs := map[string]*uci.Engine{}
	defer func() {
		for _, e := range engs {
			e.Close()
		}
	}()
	for _, e := range r.Engines {
		eng, err := uci.Start(ctx, uci.EngineConfig{Name: e.Name, Command: e.Command, Args: e.Args,
			Options: e.Options, VariantName: e.VariantNames, ReversibleHistory: e.History == configs.HistoryReversible})
		if err != nil {
			results <- result{err: err}
			return
		}
		engs[e.Name] = eng
	}
	for spec := range jobs {
		results <- play(ctx, r, v, spec, [2]*uci.Engine{engs[spec.White], engs[spec.Black]})
	}
}

func play(ctx context.Context, r *configs.Run, v *engines.Variant, spec arena.GameSpec, players [2]*uci.Engine) result {
	pos, err := engines.ParseFEN(v, spec.Opening.FEN)
	if err != nil {
		return result{err: err}
	}
	var lims [2]limits.Limits
	for c, p := range players {
		if err := p.NewGame(ctx, v); err != nil {
			return result{err: err}
		}
		tc := r.EngineTimeControl(p.Name())
		lims[c] = limits.Limits{Depth: tc.Depth, Nodes: tc.Nodes, MoveTime: time.Duration(tc.MoveTime * float64(time.Second))}
	}
	g := engines.NewGame(pos)
	for {
		if o := g.Outcome(); o.Result != engines.Ongoing {
			return result{plies: len(g.Moves()), outcome: o.Result}
		}
		us := g.Position().SideToMove()
		reply, err := players[us].Move(ctx, player.Request{Game: g, Limits: lims[us]})
		if err != nil {
			return result{err: fmt.Errorf("game %d: %w", spec.ID, err)}
		}
		g.Play(reply.Move)
	}
}
