package fairy

import (
	"errors"
	"fmt"
)

// ErrUnsupported marks an error about a rule that Fairy-Stockfish's format
// can say but varena's engine cannot play. Test with errors.Is.
var ErrUnsupported = errors.New("not supported")

// Error is an error at one line of a variants.ini.
type Error struct {
	File string
	Line int
	Key  string // the key the error is about; "" for a section or syntax error
	Err  error  // what is wrong; wraps ErrUnsupported for unsupported rules
}

func (e *Error) Error() string {
	if e.Key == "" {
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d: key %q: %v", e.File, e.Line, e.Key, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// unsupported builds the error of a rule the engine cannot play.
func unsupported(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnsupported, fmt.Sprintf(format, args...))
}
