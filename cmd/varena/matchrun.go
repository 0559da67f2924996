package main

import (
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"

	"varena/arena/console"
	"varena/configs"
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
	s := runSettings{out: m.out, shard: m.shard, peers: m.peers, quiet: m.quiet, serve: m.serve}
	if m.log != nil {
		if m.log["file"] == "" {
			return usagef("-log: want file=FILE")
		}
		s.protocolLog = m.log["file"]
		if m.log["level"] != "" || m.log["engine"] != "" {
			fmt.Fprintf(std.err, "varena run: -log: every line to and from every engine is logged; level= and engine= are not taken\n")
		}
	}
	if m.format != "" {
		s.console = console.New(std.out, m.consoleOptions(r))
	}
	if m.pgnOut != "" {
		s.after = func(dir string) error { return copyPGN(dir, m.pgnOut, m.crc32, std.out) }
	}
	return runWith(ctx, r, s, std)
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
	r, err := configs.ParseAt(commandLineSource, "command-line.yaml", data, checker())
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

// copyPGN copies the run's PGN to the -pgnout file and, with -crc32
// pgn=true, prints its checksum as fastchess does ("PGN file X has
// CRC32: 1A2B3C4D"; fishtest's worker takes the last word).
func copyPGN(dir, to string, crc bool, out io.Writer) error {
	data, err := os.ReadFile(filepath.Join(dir, rundir.PGNFile))
	if err != nil {
		return fmt.Errorf("-pgnout: %w", err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		return fmt.Errorf("-pgnout %s: %w", to, err)
	}
	if crc {
		_, err = fmt.Fprintf(out, "PGN file %s has CRC32: %08X\n", to, crc32.ChecksumIEEE(data))
	}
	return err
}
