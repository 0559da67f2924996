package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

var versionCmd = &command{
	name:      "version",
	usageLine: "varena version",
	short:     "print varena's module version, VCS revision and Go version",
	long: `
Version prints the module version of this varena binary, the VCS
revision it was built from (with "+dirty" when the tree had local
changes) and the Go version, as the build recorded them. 'varena
-version' and 'varena --version' print the same. A binary built outside
a checkout (go run, go test) has no revision: it says "unknown".
`,
	setFlags: func(fs *flag.FlagSet) runFunc {
		return func(ctx context.Context, args []string, std stdio) error {
			if len(args) > 0 {
				return usagef("version takes no arguments")
			}
			return printVersion(std.out)
		}
	},
}

// isVersionFlag reports whether s asks for the version as a flag
// (cutechess-cli and fastchess take -version).
func isVersionFlag(s string) bool {
	return s == "-version" || s == "--version"
}

// printVersion writes one line from the binary's build info.
func printVersion(w io.Writer) error {
	_, err := fmt.Fprintln(w, versionLine(debug.ReadBuildInfo()))
	return err
}

// versionLine reads the module version and the VCS settings of a build
// ("varena (devel) rev 1a2b3c4d5e6f+dirty 2026-12-01T19:00:00Z go1.26.0").
func versionLine(bi *debug.BuildInfo, ok bool) string {
	if !ok {
		return "varena: no build information in this binary"
	}
	version := bi.Main.Version
	if version == "" {
		version = "(devel)"
	}
	rev, when, dirty := "unknown", "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	fields := []string{"varena", version, "rev", rev}
	if when != "" {
		fields = append(fields, when)
	}
	fields = append(fields, bi.GoVersion)
	return strings.Join(fields, " ")
}
