package arena

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"varena/configs/plan"
)

// MaxProtocolLog bounds a protocol log (bytes written by one run): past
// it, one line says so and the rest is not logged, so that a long run
// with the log left on cannot fill the disk.
const MaxProtocolLog = 1 << 30

// ProtocolLog records every line sent to and read from the run's
// external engines, as cutechess-cli -debug and fastchess -log do: one
// line each,
//
//	2026-12-01T19:49:26.123456Z game 12 fsf > go wtime 9800 btime 9750
//	2026-12-01T19:49:26.401233Z game 12 fsf < bestmove e2e4
//
// with ">" for a line sent to the engine, "<" for one it wrote, and
// "game -" for lines outside a game (the handshake). Its methods are
// safe for concurrent use: the workers' engines share it, and each line
// is one write, so lines never interleave.
type ProtocolLog struct {
	mu      sync.Mutex
	f       *os.File
	buf     []byte
	written int64
	limit   int64
	full    bool
	err     error // the first write error; the log stops there
}

// OpenProtocolLog opens (appending) a protocol log of at most limit bytes
// (MaxProtocolLog when 0).
func OpenProtocolLog(path string, limit int64) (*ProtocolLog, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, fmt.Errorf("protocol log: %w", err)
	}
	if limit <= 0 {
		limit = MaxProtocolLog
	}
	return &ProtocolLog{f: f, limit: limit}, nil
}

// Line records what was sent to (sent) or read from engine in game (0:
// none); text sent as several lines at once is logged line by line.
func (l *ProtocolLog) Line(game int, engine string, sent bool, text string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.full || l.err != nil {
		return
	}
	stamp := time.Now().UTC()
	b := l.buf[:0]
	for {
		line, rest, more := strings.Cut(text, "\n")
		b = stamp.AppendFormat(b, "2006-01-02T15:04:05.000000Z")
		b = append(b, " game "...)
		if game > 0 {
			b = strconv.AppendInt(b, int64(game), 10)
		} else {
			b = append(b, '-')
		}
		b = append(b, ' ')
		b = append(b, engine...)
		if sent {
			b = append(b, " > "...)
		} else {
			b = append(b, " < "...)
		}
		b = append(b, line...)
		b = append(b, '\n')
		if !more {
			break
		}
		text = rest
	}
	if l.written+int64(len(b)) > l.limit {
		l.full = true
		b = fmt.Appendf(b[:0], "protocol log: %d bytes reached; the rest of the run is not logged\n", l.limit)
	}
	l.buf = b[:0]
	n, err := l.f.Write(b)
	l.written += int64(n)
	l.err = err
}

// Close closes the log and returns its first error.
func (l *ProtocolLog) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	err := l.f.Close()
	if l.err != nil {
		return fmt.Errorf("protocol log: %w", l.err)
	}
	return err
}

// protocolKey carries a run's protocol log to the player factory, which
// has no other way to it: the log belongs to the run, not to an engine.
type protocolKey struct{}

func withProtocolLog(ctx context.Context, l *ProtocolLog) context.Context {
	return context.WithValue(ctx, protocolKey{}, l)
}

func protocolLogOf(ctx context.Context) *ProtocolLog {
	l, _ := ctx.Value(protocolKey{}).(*ProtocolLog)
	return l
}

// gameSetter is a player that labels its protocol lines with the game it
// plays; the worker tells it each game's id before the game.
type gameSetter interface{ SetGame(id int) }

// protocolLogPath is the protocol log a run writes: the command line's,
// else the config's protocol_log (relative to the config's folder); ""
// for none.
func protocolLogPath(r *plan.Plan, opts Options) string {
	if opts.ProtocolLog != "" {
		return opts.ProtocolLog
	}
	return r.ProtocolLog
}
