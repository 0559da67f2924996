package configs

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// maxSeconds bounds every time in a run (about eleven days): longer is a
// typo, and time.Duration holds it without overflow.
const maxSeconds = 1e6

// Time control kinds, as Kind returns them.
const (
	LimitDepth    = "depth"
	LimitNodes    = "nodes"
	LimitMoveTime = "movetime"
	LimitClock    = "clock"
)

// DefaultMargin is the margin of clock and movetime limits when none is
// given.
const DefaultMargin = 1.0

// Kind returns which limit is set: depth, nodes, movetime or clock; ""
// for none; the first in that order when several are (validation rejects
// that).
func (tc TimeControl) Kind() string {
	if ks := tc.kinds(); len(ks) > 0 {
		return ks[0]
	}
	return ""
}

// kinds lists the limits that are set.
func (tc TimeControl) kinds() []string {
	var ks []string
	if tc.Depth != 0 {
		ks = append(ks, LimitDepth)
	}
	if tc.Nodes != 0 {
		ks = append(ks, LimitNodes)
	}
	if tc.MoveTime != 0 {
		ks = append(ks, LimitMoveTime)
	}
	if tc.Clock != "" {
		ks = append(ks, LimitClock)
	}
	return ks
}

// IsZero reports whether no limit is set.
func (tc TimeControl) IsZero() bool { return tc.Kind() == "" }

// MoveDuration is MoveTime as a duration.
func (tc TimeControl) MoveDuration() time.Duration { return seconds(tc.MoveTime) }

// DefaultStallTimeout is the stall limit of depth and node limits when
// none is given (seconds): a move that takes longer is a stall.
const DefaultStallTimeout = 60.0

// StallDuration is StallTimeout as a duration.
func (tc TimeControl) StallDuration() time.Duration { return seconds(tc.StallTimeout) }

// MarginDuration is Margin as a duration (0 when none).
func (tc TimeControl) MarginDuration() time.Duration { return seconds(tc.MarginSeconds()) }

// MarginSeconds is Margin in seconds, 0 when none.
func (tc TimeControl) MarginSeconds() float64 {
	if tc.Margin == nil {
		return 0
	}
	return *tc.Margin
}

// Seconds returns s as the value of an optional field in seconds
// (Margin).
func Seconds(s float64) *float64 { return &s }

// String returns the value of the PGN TimeControl tag. For a clock it is
// cutechess's form of the tag: "40/60+0.6" (40 moves in 60 s, 0.6 s
// increment per move, repeating), "60+0.6" (whole game), "60", "40/60",
// seconds written without trailing zeros. PGN has no notation for
// the other limits; varena writes "depth=6", "nodes=20000" and
// "movetime=0.1" (seconds), and "-" (PGN's "no time control") when no
// limit is set. An unparsable clock is returned as written.
func (tc TimeControl) String() string {
	switch tc.Kind() {
	case LimitDepth:
		return "depth=" + strconv.Itoa(tc.Depth)
	case LimitNodes:
		return "nodes=" + strconv.FormatInt(tc.Nodes, 10)
	case LimitMoveTime:
		return "movetime=" + strconv.FormatFloat(tc.MoveTime, 'f', -1, 64)
	case LimitClock:
		moves, base, inc := tc.Moves, tc.Base, tc.Increment
		if base == 0 {
			var err error
			if moves, base, inc, err = ParseClock(tc.Clock); err != nil {
				return tc.Clock
			}
		}
		s := formatSeconds(base)
		if moves > 0 {
			s = strconv.Itoa(moves) + "/" + s
		}
		if inc > 0 {
			s += "+" + formatSeconds(inc)
		}
		return s
	}
	return "-"
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

func seconds(s float64) time.Duration {
	return time.Duration(math.Round(s * float64(time.Second)))
}

// ParseClock reads a clock as cutechess's tc= option does:
// "[moves/]time[+increment]", time and increment in seconds ("60",
// "0.5") or minutes:seconds ("1:30"). moves 0 means the time is for the
// whole game; the time must be positive, the increment may be zero.
func ParseClock(s string) (moves int, base, inc time.Duration, err error) {
	bad := func(format string, args ...any) (int, time.Duration, time.Duration, error) {
		return 0, 0, 0, fmt.Errorf("bad clock %q: %s (want [moves/]seconds[+increment], e.g. 40/60+0.6 or 10+0.1)", s, fmt.Sprintf(format, args...))
	}
	rest := s
	if m, t, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || !allDigits(m) {
			return bad("moves %q is not a whole number", m)
		}
		if n <= 0 {
			return bad("moves must be positive")
		}
		moves, rest = n, t
	}
	t, i, hasInc := strings.Cut(rest, "+")
	base, err = clockTime(t)
	if err != nil {
		return bad("time: %v", err)
	}
	if base <= 0 {
		return bad("time must be positive")
	}
	if hasInc {
		if inc, err = clockTime(i); err != nil {
			return bad("increment: %v", err)
		}
	}
	return moves, base, inc, nil
}

// clockTime reads "seconds" or "minutes:seconds", seconds being a
// decimal number.
func clockTime(s string) (time.Duration, error) {
	mins := 0.0
	if m, sec, ok := strings.Cut(s, ":"); ok {
		if !allDigits(m) {
			return 0, fmt.Errorf("minutes %q are not a whole number", m)
		}
		mins, _ = strconv.ParseFloat(m, 64)
		s = sec
		if !allDigits(s) || len(s) != 2 || s[0] >= '6' {
			return 0, errors.New("seconds after a colon must be two digits below 60")
		}
	}
	if !decimal(s) {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	sec, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, err
	}
	sec += 60 * mins
	if sec > maxSeconds {
		return 0, fmt.Errorf("%g s is too long", sec)
	}
	return seconds(sec), nil
}

func allDigits(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// decimal reports whether s is digits with at most one decimal point.
func decimal(s string) bool {
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" {
		return false
	}
	return (whole == "" || allDigits(whole)) && (frac == "" || allDigits(frac))
}
