package proc

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// Process limits of the client.
const (
	maxEngineLine = 16 << 20               // longest line an engine may print
	exitGrace     = 200 * time.Millisecond // reading on after the process exited
	waitDelay     = time.Second            // exec.Cmd.WaitDelay
	reapTimeout   = 5 * time.Second        // waiting for a killed process at most
)

var (
	// ErrEOF is Next's error when the engine's output ended, or the
	// process exited and nothing more came within a short grace.
	ErrEOF = errors.New("engine output ended")
	// ErrDeadline is Next's error when its deadline passed.
	ErrDeadline = errors.New("deadline")
)

// MaxLine is the longest line an engine may print.
const MaxLine = maxEngineLine

// Spec says what program to run and how.
type Spec struct {
	Command string
	Args    []string
	Dir     string    // working directory ("": ours)
	Env     []string  // added to our environment, "KEY=value"
	Stderr  io.Writer // the engine's stderr (nil: discarded)
	// Protocol, when set, is called with every line sent (sent true,
	// before it is written) and read, in order.
	Protocol func(sent bool, line string)
}

// Process is one run of an engine program: its pipes, read in the
// caller's goroutine under a read deadline (no reader goroutine, no
// channel hand-off per line: the harness's CPU per ply), and a goroutine
// waiting for its exit (so that it never stays a zombie).
type Process struct {
	cmd      *exec.Cmd
	pipes    *pipes          // our ends of its stdin and stdout
	br       *bufio.Reader   // reads pipes
	partial  []byte          // a line begun before a deadline
	wbuf     []byte          // the line being sent
	deadline time.Time       // the read deadline set last by next
	watched  <-chan struct{} // the Done channel of the context watched
	unwatch  func() bool     // stops the watch
	gone     chan struct{}   // closed by release
	exited   chan struct{}   // closed when Wait returned
	exitedAt time.Time       // set before exited is closed
	cancel   context.CancelFunc
	protocol func(sent bool, line string) // Spec.Protocol; nil: none

	waitErr error // read after exited is closed
}

// Start starts the engine program. ctx bounds its life: when it ends the
// process (and its process group) is killed.
func Start(ctx context.Context, cfg Spec) (*Process, error) {
	pctx, cancel := context.WithCancel(ctx)
	cmd := exec.CommandContext(pctx, cfg.Command, cfg.Args...)
	cmd.Dir = cfg.Dir
	if len(cfg.Env) > 0 {
		cmd.Env = append(os.Environ(), cfg.Env...)
	}
	cmd.Stderr = cfg.Stderr
	cmd.WaitDelay = waitDelay
	setProcessGroup(cmd)

	// Our own pipes, so that Wait never closes the output under the
	// reader, and reads and writes can have a deadline.
	pp, childIn, childOut, err := newPipes()
	if err != nil {
		cancel()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = childIn, childOut
	err = cmd.Start()
	childIn.Close()
	childOut.Close()
	if err != nil {
		cancel()
		pp.close()
		return nil, err
	}
	p := &Process{cmd: cmd, pipes: pp, cancel: cancel, protocol: cfg.Protocol,
		gone: make(chan struct{}), exited: make(chan struct{})}
	p.br = bufio.NewReaderSize(pp, 64<<10)
	go func() {
		p.waitErr = cmd.Wait()
		p.exitedAt = time.Now()
		close(p.exited)
		// Wake a reader, which then reads on for exitGrace at most: the
		// output counts as ended even if a child of the engine still holds
		// the pipe open.
		pp.wake()
	}()
	return p, nil
}

// Send writes one line to the engine; a write that blocks for longer than
// timeout fails (an engine that reads nothing cannot hang the client).
// The line goes out in one system call when the pipe has room, the usual
// case.
func (p *Process) Send(line string, timeout time.Duration) error {
	p.wbuf = append(p.wbuf[:0], line...)
	return p.sendBuffered(timeout)
}

// SendBytes is Send for a line built in bytes (a move's "position ...
// go" lines), which it does not keep: no string is made of it.
func (p *Process) SendBytes(line []byte, timeout time.Duration) error {
	p.wbuf = append(p.wbuf[:0], line...)
	return p.sendBuffered(timeout)
}

// sendBuffered sends the line in wbuf.
func (p *Process) sendBuffered(timeout time.Duration) error {
	if p.protocol != nil {
		p.protocol(true, string(p.wbuf)) // before the write, so that a hang shows what it followed
	}
	p.wbuf = append(p.wbuf, '\n')
	return p.pipes.write(p.wbuf, time.Now().Add(timeout))
}

// Next returns the next output line, ErrEOF when the output ended (or the
// process exited and nothing more came within exitGrace), ErrDeadline at
// deadline, or ctx's error.
//
// The read deadline and the watch on ctx are set only when they change,
// not for every line (each costs a runtime timer update or an allocation).
// A watch left from an earlier call may fire later and cut the deadline
// short, so a deadline reached before its time is taken as spurious: the
// deadline is set again and the read goes on.
func (p *Process) Next(ctx context.Context, deadline time.Time) (string, error) {
	line, err := p.NextBytes(ctx, deadline)
	return string(line), err
}

// NextBytes is Next without the string: the line is in the process's
// read buffer and is valid only until the next call.
func (p *Process) NextBytes(ctx context.Context, deadline time.Time) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	exited := false
	select {
	case <-p.exited:
		exited = true
		if end := p.exitedAt.Add(exitGrace); end.Before(deadline) {
			deadline = end
		}
		p.deadline = time.Time{} // set it again
	default:
	}
	p.watch(ctx)
	for {
		if !deadline.Equal(p.deadline) {
			p.pipes.setReadDeadline(deadline)
			p.deadline = deadline
		}
		chunk, err := p.br.ReadSlice('\n')
		if err == nil {
			line := chunk[:len(chunk)-1]
			if len(p.partial) > 0 {
				line = append(p.partial, line...)
				p.partial = p.partial[:0]
			}
			if n := len(line); n > 0 && line[n-1] == '\r' {
				line = line[:n-1]
			}
			if p.protocol != nil {
				p.protocol(false, string(line))
			}
			return line, nil
		}
		p.partial = append(p.partial, chunk...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			if len(p.partial) > maxEngineLine {
				return nil, fmt.Errorf("an output line longer than %d bytes", maxEngineLine)
			}
			continue
		case errors.Is(err, os.ErrDeadlineExceeded):
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if !exited {
				select {
				case <-p.exited: // woken by the exit: read on for exitGrace at most
					exited = true
					if end := p.exitedAt.Add(exitGrace); end.Before(deadline) {
						deadline = end
					}
				default:
				}
			}
			if time.Now().Before(deadline) {
				p.deadline = time.Time{} // woken early (an old watch, the exit): set it again
				continue
			}
			if exited {
				return nil, ErrEOF
			}
			return nil, ErrDeadline
		}
		return nil, ErrEOF
	}
}

// watch makes ctx's end wake a read.
// The watch stays until the next call with another context (or release).
// Contexts are told apart by their Done channel: contexts that share it
// end together.
func (p *Process) watch(ctx context.Context) {
	done := ctx.Done()
	if done == p.watched {
		return
	}
	if p.unwatch != nil {
		p.unwatch()
	}
	p.watched, p.unwatch = done, nil
	if done != nil {
		p.unwatch = context.AfterFunc(ctx, p.pipes.wake)
	}
}

// Buffered reports whether a whole line is already read and waiting, so
// that Next returns it without a system call.
func (p *Process) Buffered() bool {
	b, _ := p.br.Peek(p.br.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}

// Drain drops the lines already read.
func (p *Process) Drain() {
	p.br.Discard(p.br.Buffered())
	p.partial = p.partial[:0]
}

// Kill ends the process (and its process group) and waits for it.
func (p *Process) Kill() {
	p.cancel()
	p.release()
}

// release waits for the process to end (bounded) and frees the pipes and
// goroutines.
func (p *Process) release() {
	select {
	case <-p.exited:
	case <-time.After(reapTimeout):
	}
	select {
	case <-p.gone:
	default:
		close(p.gone)
	}
	if p.unwatch != nil {
		p.unwatch()
	}
	p.pipes.close()
	p.cancel()
}

// ExitStatus describes how the process ended, once it has.
func (p *Process) ExitStatus() string {
	select {
	case <-p.exited:
	case <-time.After(waitDelay):
		return "still running"
	}
	if p.waitErr == nil {
		return "exit status 0"
	}
	return p.waitErr.Error()
}

// HasExited reports whether the process has ended.
func (p *Process) HasExited() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// Pid returns the process id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Exited is closed when the process has ended and been waited for.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// Waited reports whether the process was waited for (no zombie left).
func (p *Process) Waited() bool { return p.cmd.ProcessState != nil }
