package tuning

import (
	"context"
	"fmt"
	"maps"
	"math"
	"strconv"
	"strings"

	"varena/arena"
	"varena/arena/openings"
	"varena/configs"
	"varena/configs/plan"
	"varena/engines"
	"varena/engines/player"
	"varena/engines/search"
	"varena/engines/uci"
)

// OptionSetter is a player whose parameters can be set by name between
// games: an external UCI engine (setoption), or the built-in engine (its
// named search parameters).
type OptionSetter interface {
	SetOptions(ctx context.Context, opts map[string]string) error
}

// optionLister is a player that says which options it has (uci.Engine).
type optionLister interface {
	Options() []uci.Option
}

// GamePairs plays the game pairs of an SPSA tune through the arena's game
// loop: theta+ against theta-, or each of them against an opponent.
type GamePairs struct {
	tune    *configs.SPSATune
	plan    *plan.Plan
	variant *engines.Variant
	book    []openings.Opening
	params  []configs.SPSAParam
	out     string
	factory arena.PlayerFactory
}

// NewGamePairs prepares the games of t; out is the output directory
// (external engines' stderr logs go there). A nil factory uses the
// arena's.
func NewGamePairs(t *configs.SPSATune, out string, factory arena.PlayerFactory) (*GamePairs, error) {
	v, err := t.VariantSet.ByName(t.Variant)
	if err != nil {
		return nil, err
	}
	// The variant's default openings in place of the built-in book (a
	// copy: the caller's config stays as written).
	tc := *t
	tc.Openings = t.Openings.For(v.Name)
	t = &tc
	p, err := plan.Resolve(t.Run())
	if err != nil {
		return nil, err
	}
	where := t.File
	if where == "" {
		where = t.Name
	}
	book, err := openings.LoadBook(p.Variants[0], p.Seed, where, nil)
	if err != nil {
		return nil, err
	}
	if factory == nil {
		factory = arena.DefaultPlayer
	}
	if t.TunedEngine() == nil {
		return nil, fmt.Errorf("spsa: no engine named %q", t.SPSA.Engine)
	}
	return &GamePairs{tune: t, plan: p, variant: v, book: book, params: t.SPSA.Parameters, out: out, factory: factory}, nil
}

// Params returns the tune's parameters for RunSPSA: the values sent to
// engines are integers (UCI spin options, search constants).
func (gp *GamePairs) Params() []Param {
	ps := make([]Param, len(gp.params))
	for i, p := range gp.params {
		ps[i] = Param{Name: p.Name, Start: p.Start, Min: p.Min, Max: p.Max, CEnd: p.CEnd, REnd: p.REnd, Integer: true}
	}
	return ps
}

// Names of the players in the games' records.
func (gp *GamePairs) plusName() string  { return gp.tune.SPSA.Engine + "+" }
func (gp *GamePairs) minusName() string { return gp.tune.SPSA.Engine + "-" }

// NewWorker starts the worker's players: two of the tuned engine (theta+
// and theta-) and the opponent, if any. It checks that each tuned
// parameter is one the engine has, and for a UCI engine a spin option
// whose bounds hold the parameter's range.
func (gp *GamePairs) NewWorker(ctx context.Context) (PairWorker, error) {
	w := &pairWorker{gp: gp}
	tuned := *gp.plan.Engine(gp.tune.SPSA.Engine)
	for i, name := range []string{gp.plusName(), gp.minusName()} {
		e := tuned
		e.Name = name
		p, err := gp.factory(ctx, gp.plan, e, gp.out)
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("engine %s: %w", tuned.Name, err)
		}
		w.tuned[i] = p
		if err := gp.check(p, tuned.Name); err != nil {
			w.Close()
			return nil, err
		}
	}
	if o := gp.tune.OpponentEngine(); o != nil {
		p, err := gp.factory(ctx, gp.plan, *gp.plan.Engine(o.Name), gp.out)
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("engine %s: %w", o.Name, err)
		}
		w.opp = p
	}
	return w, nil
}

// check verifies that p can take the tuned parameters.
func (gp *GamePairs) check(p player.Player, engine string) error {
	if _, ok := p.(OptionSetter); !ok {
		return fmt.Errorf("engine %s: its parameters cannot be set by name", engine)
	}
	ol, ok := p.(optionLister)
	if !ok {
		// The built-in engine: search parameters, else evaluation weights.
		base, err := BaseWeights(gp.tune)
		if err != nil {
			return err
		}
		for _, sp := range gp.params {
			d, ok := search.LookupParam(sp.Name)
			if !ok {
				if _, ok := base.Get(sp.Name); !ok {
					return fmt.Errorf("engine %s: no search parameter %q to tune (known: %s), nor an evaluation weight of %s",
						engine, sp.Name, strings.Join(search.ParamNames(), ", "), gp.variant.Name)
				}
				continue
			}
			if sp.Min < float64(d.Min) || sp.Max > float64(d.Max) {
				return fmt.Errorf("engine %s: search parameter %s: range [%g, %g] goes beyond its bounds [%d, %d]", engine, d.Name, sp.Min, sp.Max, d.Min, d.Max)
			}
		}
		return nil
	}
	opts := ol.Options()
	for _, sp := range gp.params {
		var o *uci.Option
		for i := range opts {
			if strings.EqualFold(opts[i].Name, sp.Name) {
				o = &opts[i]
			}
		}
		switch {
		case o == nil:
			return fmt.Errorf("engine %s: no UCI option %q to tune", engine, sp.Name)
		case o.Type != "spin":
			return fmt.Errorf("engine %s: option %s is a %s, not a spin: SPSA tunes numbers", engine, o.Name, o.Type)
		case sp.Min < float64(o.Min) || sp.Max > float64(o.Max):
			return fmt.Errorf("engine %s: option %s: range [%g, %g] goes beyond the engine's [%d, %d]", engine, o.Name, sp.Min, sp.Max, o.Min, o.Max)
		}
	}
	return nil
}

// OpeningsKey names, for the tune's fingerprint, how its openings are
// made when that is not a file of the config: the rule of random
// openings or the built-in book's content, so that a tune started with
// other openings (an older varena's) is not resumed; "" for a file,
// which the config's YAML already names.
func (gp *GamePairs) OpeningsKey() string {
	switch o := gp.tune.Openings; {
	case o.Builtin() && configs.HasBook(gp.variant.Name):
		data, name, err := configs.Book(gp.variant.Name)
		if err != nil {
			return "built-in book: " + err.Error()
		}
		return fmt.Sprintf("%s fnv64:%016x", name, fingerprint(data))
	case o.File == "" && o.PlyCount() > 0:
		return openings.RandomOpeningRule
	}
	return ""
}

// Opening returns iteration k's opening: the book's k-th (cycling), else
// a random one of the configured plies drawn from the seed and k, else
// the initial position.
func (gp *GamePairs) Opening(k int) (openings.Opening, error) {
	if len(gp.book) > 0 {
		return gp.book[(k-1)%len(gp.book)], nil
	}
	if n := gp.tune.Openings.PlyCount(); n > 0 {
		return openings.RandomOpening(gp.variant, n, gp.tune.Seed, uint64(k))
	}
	start := gp.variant.StartPosition()
	return openings.Opening{FEN: start.FEN(), Initial: true}, nil
}

// Options formats parameter values as the options a player takes.
func Options(params []Param, values []float64) map[string]string {
	m := make(map[string]string, len(params))
	for i, p := range params {
		m[p.Name] = formatValue(p, values[i])
	}
	return m
}

func formatValue(p Param, x float64) string {
	if p.Integer {
		return strconv.FormatInt(int64(math.Round(x)), 10)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

type pairWorker struct {
	gp    *GamePairs
	tuned [2]player.Player // theta+, theta-
	opp   player.Player
}

func (w *pairWorker) Close() error {
	var first error
	for _, p := range []player.Player{w.tuned[0], w.tuned[1], w.opp} {
		if p != nil {
			if err := p.Close(); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// Play plays iteration pr.K: two games (ids 2k-1, 2k) of theta+ against
// theta-, or four (ids 4k-3 .. 4k) of theta+ and theta- against the
// opponent, all from the iteration's opening with colours reversed. A
// game counts for theta+ when theta+ wins it or theta- loses it.
func (w *pairWorker) Play(ctx context.Context, pr Probe) (PairResult, error) {
	gp := w.gp
	params := gp.Params()
	for i, values := range [][]float64{pr.Plus, pr.Minus} {
		if err := w.tuned[i].(OptionSetter).SetOptions(ctx, Options(params, values)); err != nil {
			return PairResult{}, fmt.Errorf("engine %s: %w", gp.tune.SPSA.Engine, err)
		}
	}
	op, err := gp.Opening(pr.K)
	if err != nil {
		return PairResult{}, err
	}
	type seat struct {
		p    player.Player
		name string
		sign int // +1: theta+'s score counts, -1: theta-'s score counts against, 0: opponent
		tc   configs.TimeControl
	}
	tunedTC := gp.plan.TimeControlFor(gp.tune.SPSA.Engine, gp.variant.Name)
	plus := seat{w.tuned[0], gp.plusName(), 1, tunedTC}
	minus := seat{w.tuned[1], gp.minusName(), -1, tunedTC}
	var games [][2]seat
	if w.opp != nil {
		o := seat{w.opp, gp.tune.SPSA.Opponent, 0, gp.plan.TimeControlFor(gp.tune.SPSA.Opponent, gp.variant.Name)}
		games = [][2]seat{{plus, o}, {o, plus}, {minus, o}, {o, minus}}
	} else {
		games = [][2]seat{{plus, minus}, {minus, plus}}
	}
	var res PairResult
	for i, g := range games {
		spec := arena.GameSpec{ID: len(games)*(pr.K-1) + i + 1, Round: pr.K, Pair: pr.K, Variant: gp.variant.Name,
			White: g[0].name, Black: g[1].name, Opening: op}
		if w.opp != nil {
			spec.Pair = 2*(pr.K-1) + i/2 + 1
		}
		table := arena.Table{Variant: gp.variant, TimeControl: [2]configs.TimeControl{g[0].tc, g[1].tc},
			Adjudication: gp.tune.Adjudication, Event: gp.tune.Name}
		rec, err := arena.PlayGame(ctx, spec, table, g[0].p, g[1].p)
		if err != nil {
			return PairResult{}, err
		}
		rec.Site = fmt.Sprintf("spsa iteration %d", pr.K)
		res.Games = append(res.Games, rec)
		// score: +1 when the side that counts for theta+ won.
		score := 0
		switch rec.Result {
		case engines.WhiteWins.String():
			score = g[0].sign - g[1].sign
		case engines.BlackWins.String():
			score = g[1].sign - g[0].sign
		case engines.Draw.String():
		default:
			return PairResult{}, fmt.Errorf("game %d: no result (%q)", rec.ID, rec.Result)
		}
		// In self-play the winner's sign minus the loser's is +-2.
		switch {
		case score > 0:
			res.Wins++
		case score < 0:
			res.Losses++
		default:
			res.Draws++
		}
	}
	return res, nil
}

// TunedEngineEntry returns the tuned engine's run-config entry with the
// given values set: for a UCI engine as options, for the built-in engine
// its search parameters as options (evaluation weights go to a weights
// file: see WriteSPSAFinal).
func TunedEngineEntry(t *configs.SPSATune, params []Param, values []float64) configs.Engine {
	e := *t.TunedEngine()
	e.Name += "-tuned"
	opts := maps.Clone(e.Options)
	if opts == nil {
		opts = map[string]string{}
	}
	for name, v := range Options(params, values) {
		if e.Kind == configs.KindAlphaBeta && IsEvalWeight(name) {
			continue
		}
		opts[name] = v
	}
	e.Options = opts
	return e
}

// IsEvalWeight reports whether a built-in engine's parameter name is an
// evaluation weight: any name that is not a search parameter.
func IsEvalWeight(name string) bool {
	_, ok := search.LookupParam(name)
	return !ok
}

// BaseWeights returns the weights the tuned built-in engine starts from
// in the tune's variant: its entry's weights file, else the default.
func BaseWeights(t *configs.SPSATune) (*search.Weights, error) {
	v, err := t.VariantSet.ByName(t.Variant)
	if err != nil {
		return nil, err
	}
	e := t.TunedEngine()
	if e != nil {
		if path, ok := e.Weights[t.Variant]; ok {
			r := t.Run()
			data, err := r.ReadConfigFile(path)
			if err != nil {
				return nil, fmt.Errorf("engine %s: weights: %w", e.Name, err)
			}
			return search.ParseWeights(v, r.Path(path), data)
		}
	}
	return search.DefaultWeights(v)
}
