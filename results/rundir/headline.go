package rundir

import (
	"fmt"
	"strings"
)

// headline is the first line of the text summary. A run says how far it
// got: "small: 12 of 40 games played (extinction, round-robin)". Games
// rated from files (varena rate: no tournament, every game played) say
// what was read: "a.pgn, b.pgn: 4 games (extinction)".
func (s *Summary) headline() string {
	variants := strings.Join(s.Meta.Variants, ", ")
	if s.Meta.Tournament == "" {
		return fmt.Sprintf("%s: %d game%s (%s)", s.Meta.Name, s.Played, plural(s.Played), variants)
	}
	if sh := s.Shard; sh != nil {
		// A shard counts its own games; the run's total is all shards'.
		return fmt.Sprintf("%s, shard %s: %d of its %d games played, of %d in the run (%s, %s)", s.Meta.Name, sh, sh.Played, sh.Games,
			s.Meta.Total, variants, s.Meta.Tournament)
	}
	return fmt.Sprintf("%s: %d of %d games played (%s, %s)", s.Meta.Name, s.Played, s.Meta.Total, variants, s.Meta.Tournament)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
