package main

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"

	"varena/arena"
	"varena/arena/console"
	"varena/configs"
	"varena/configs/plan"
	"varena/results/rundir"
)

// commandLineSource names a run built from a cutechess-style command line
// in messages; its YAML (-print-yaml) is what the line numbers refer to.
const commandLineSource = "command line (as YAML, see -print-yaml)"

// runMatch runs `varena run` given cutechess-cli/fastchess options.
func runMatch(ctx context.Context, args []string, std stdio) error {
	m, err := parseMatch(args)
	if err != nil {
		return usageError{err}
	}
	if m.showVersion {
		fmt.Fprintln(std.out, versionLine(debug.ReadBuildInfo()))
		return nil
	}
	if m.showHelp {
		_, err := io.WriteString(std.out, matchHelp(m.format))
		return err
	}
	if len(args) == 2 && lookupOption(args[0]) != nil && lookupOption(args[0]).name == "output" {
		// A bare call of the binary linked as fastchess (which prints
		// its help) or cutechess-cli (which wants two engines and exits 1).
		if m.format == console.Cutechess {
			fmt.Fprint(std.err, matchHelp(m.format))
			fmt.Fprintln(std.err, "cutechess-cli: at least two engines are needed")
			return exitStatus(1)
		}
		_, err := io.WriteString(std.out, matchHelp(m.format))
		return err
	}
	r, data, err := m.runConfig()
	if err != nil {
		return err
	}
	for _, n := range m.notes {
		fmt.Fprintf(std.err, "varena run: %s\n", n)
	}
	if m.printYAML {
		_, err := std.out.Write(data)
		return err
	}
	p, err := plan.Resolve(r)
	if err != nil {
		return err
	}
	s := runSettings{out: m.out, shard: m.shard, peers: m.peers, quiet: m.quiet, serve: m.serve}
	if m.log != nil {
		s.protocolLog = m.log.file
		if !m.log.append {
			// fastchess's append=false: the log starts empty.
			if err := os.Truncate(m.log.file, 0); err != nil && !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("-log file=%s append=false: %w", m.log.file, err)
			}
		}
	}
	if m.format != "" {
		s.console = console.New(std.out, m.consoleOptions(r))
	}
	if m.pgnOut != "" {
		// The games already in the run's PGN were added to the file by
		// the invocations that played them: with append, this one adds
		// its own.
		from := int64(0)
		if m.pgnAppend {
			if info, err := os.Stat(filepath.Join(arena.OutDir(p, arena.Options{Out: m.out}), rundir.PGNFile)); err == nil {
				from = info.Size()
			}
		}
		s.after = func(dir string) error { return copyPGN(dir, m.pgnOut, m.pgnAppend, from, m.crc32, std.out) }
	}
	return runWith(ctx, p, s, std)
}

// runConfig builds, validates and completes the run, returning it with
// its YAML.
func (m *matchSetup) runConfig() (*configs.Run, []byte, error) {
	built, err := m.build()
	if err != nil {
		return nil, nil, usageError{err}
	}
	data, err := configs.MarshalRun(built)
	if err != nil {
		return nil, nil, err
	}
	// Validated as a file in the current folder would be: relative
	// paths (openings, engine dirs) are the current folder's.
	// -print-yaml only writes the run: its engines need not be here.
	c := checker(nil)
	c.Commands = !m.printYAML
	r, err := configs.ParseAt(commandLineSource, "command-line.yaml", data, c)
	if err != nil {
		return nil, nil, err
	}
	return r, data, nil
}

// consoleOptions describes the engines for the results block headings.
func (m *matchSetup) consoleOptions(r *configs.Run) console.Options {
	o := console.Options{Format: m.format, RatingInterval: m.ratingInterval, ScoreInterval: m.scoreInterval,
		Book: r.Openings.File, Labels: map[string]console.EngineLabel{}}
	for _, e := range r.Engines {
		o.Engines = append(o.Engines, e.Name)
		l := console.EngineLabel{TC: fastchessTC(r.EngineTimeControl(e.Name))}
		if v, ok := e.Options["Threads"]; ok {
			l.Threads = v + "t"
		} else if e.Threads > 0 {
			l.Threads = strconv.Itoa(e.Threads) + "t"
		}
		if v, ok := e.Options["Hash"]; ok {
			l.Hash = v + "MB"
		}
		o.Labels[e.Name] = l
	}
	return o
}

// fastchessTC writes a limit as fastchess's results heading does.
func fastchessTC(tc configs.TimeControl) string {
	switch tc.Kind() {
	case configs.LimitDepth:
		return strconv.Itoa(tc.Depth) + " plies"
	case configs.LimitNodes:
		return strconv.FormatInt(tc.Nodes, 10) + " nodes"
	case configs.LimitMoveTime:
		return strconv.FormatFloat(tc.MoveTime, 'f', -1, 64) + "/move"
	}
	return tc.String()
}

// copyPGN writes the run's PGN to the -pgnout file: with appendTo, the
// games from byte from of the run's PGN on (those this invocation
// played) are added to the file, as fastchess's append=true and
// cutechess-cli do; else the file becomes the run's PGN. With -crc32
// pgn=true it prints the file's checksum as fastchess does ("PGN file X
// has CRC32: 1A2B3C4D"; fishtest's worker takes the last word).
func copyPGN(dir, to string, appendTo bool, from int64, crc bool, out io.Writer) error {
	data, err := os.ReadFile(filepath.Join(dir, rundir.PGNFile))
	if err != nil {
		return fmt.Errorf("-pgnout: %w", err)
	}
	if appendTo {
		if from > int64(len(data)) {
			from = 0 // the run's PGN was written anew
		}
		f, err := os.OpenFile(to, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return fmt.Errorf("-pgnout %s: %w", to, err)
		}
		_, err = f.Write(data[from:])
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("-pgnout %s: %w", to, err)
		}
		if data, err = os.ReadFile(to); err != nil {
			return fmt.Errorf("-pgnout %s: %w", to, err)
		}
	} else if err := os.WriteFile(to, data, 0o644); err != nil {
		return fmt.Errorf("-pgnout %s: %w", to, err)
	}
	if crc {
		_, err = fmt.Fprintf(out, "PGN file %s has CRC32: %08X\n", to, crc32.ChecksumIEEE(data))
	}
	return err
}
