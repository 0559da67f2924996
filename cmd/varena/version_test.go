package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionWays checks that version, -version and --version print the
// same one line from the build info, on stdout, exit 0.
func TestVersionWays(t *testing.T) {
	var first string
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		code, out, errOut := varena(args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "varena ") || strings.Count(out, "\n") != 1 {
			t.Errorf("varena %v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
		if first == "" {
			first = out
		} else if out != first {
			t.Errorf("varena %v printed %q, varena version %q", args, out, first)
		}
	}
	if code, _, errOut := varena("version", "x"); code != 2 || !strings.Contains(errOut, "no arguments") {
		t.Errorf("varena version x: exit %d, stderr %q", code, errOut)
	}
}

func TestVersionLine(t *testing.T) {
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{"no info", nil, false, "varena: no build information in this binary"},
		{"go run", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "varena", Version: "(devel)"}},
			true, "varena (devel) rev unknown go1.26.0"},
		{"checkout", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "varena", Version: "v0.3.1"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "d9e6fa8a56491e6d7c2afe92d193e3c4d5e6f708"},
				{Key: "vcs.time", Value: "2026-12-01T19:00:00Z"}, {Key: "vcs.modified", Value: "false"}}},
			true, "varena v0.3.1 rev d9e6fa8a5649 2026-12-01T19:00:00Z go1.26.0"},
		{"dirty", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "varena"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"}}},
			true, "varena (devel) rev abc+dirty go1.26.0"},
	} {
		if got := versionLine(tc.bi, tc.ok); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
