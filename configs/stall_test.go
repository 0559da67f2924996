package configs_test

import (
	"strings"
	"testing"

	"varena/configs"
)

// TestStallTimeout: stall_timeout sets how long a depth or node search
// may run before it is a stall (default configs.DefaultStallTimeout, the
// 60 s that no setting changed before); it is refused where a clock or
// movetime has its margin instead, and when not a positive number.
func TestStallTimeout(t *testing.T) {
	const head = "name: s\nvariant: extinction\nengines: [{name: a, kind: random}, {name: b, kind: random}]\n"
	for _, tc := range []struct {
		tc   string
		want float64
		err  string
	}{
		{"{depth: 3}", configs.DefaultStallTimeout, ""},
		{"{nodes: 300, stall_timeout: 5.5}", 5.5, ""},
		{"{movetime: 0.1}", 0, ""},
		{"{clock: 10+0.1, stall_timeout: 5}", 0, "s.yaml:4: time_control.stall_timeout: for depth and nodes limits only (a clock or movetime has its margin)"},
		{"{depth: 3, stall_timeout: 0}", 0, "s.yaml:4: time_control.stall_timeout: 0 is not a positive number of seconds"},
		{"{depth: 3, stall_timeout: -1}", 0, "s.yaml:4: time_control.stall_timeout: -1 is not a positive number of seconds"},
	} {
		r, err := configs.Parse("s.yaml", []byte(head+"time_control: "+tc.tc+"\n"), check)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want %s", tc.tc, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.tc, err)
			continue
		}
		if got := r.TimeControl.StallTimeout; got != tc.want {
			t.Errorf("%s: stall_timeout %g, want %g", tc.tc, got, tc.want)
		}
	}
}
