package stats

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Anchor fixes a player's rating: the ratings of a list are on the scale
// its anchors set.
type Anchor struct {
	Name   string  `json:"name"`
	Rating float64 `json:"rating"`
}

// String formats the anchor as ParseAnchor reads it: NAME=RATING.
func (a Anchor) String() string {
	return a.Name + "=" + strconv.FormatFloat(a.Rating, 'g', -1, 64)
}

// ParseAnchor reads an anchor as a command line gives it: NAME=RATING,
// or NAME alone (rated is then false and the caller supplies the rating,
// as `-anchor NAME -anchor-rating R` did before anchors took a rating of
// their own). The rating follows the last '=', so a name may hold '='
// ("nodes=1000=2800" anchors "nodes=1000" at 2800); text after the last
// '=' that is not a number leaves the whole as a name. The rating must be
// finite and the name not empty.
func ParseAnchor(s string) (a Anchor, rated bool, err error) {
	if s == "" {
		return Anchor{}, false, fmt.Errorf("stats: empty anchor (want NAME=RATING)")
	}
	i := strings.LastIndexByte(s, '=')
	if i < 0 {
		return Anchor{Name: s}, false, nil
	}
	name, num := s[:i], s[i+1:]
	if num == "" {
		return Anchor{}, false, fmt.Errorf("stats: anchor %q: no rating after '=' (want NAME=RATING)", s)
	}
	r, perr := strconv.ParseFloat(num, 64)
	if perr != nil {
		// "engine=fast" is a name, not a name and a rating.
		return Anchor{Name: s}, false, nil
	}
	switch {
	case name == "":
		return Anchor{}, false, fmt.Errorf("stats: anchor %q: no name before '=' (want NAME=RATING)", s)
	case math.IsNaN(r) || math.IsInf(r, 0):
		return Anchor{}, false, fmt.Errorf("stats: anchor %q: the rating must be a finite number", s)
	}
	return Anchor{Name: name, Rating: r}, true, nil
}
