package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
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
	errEOF      = errors.New("engine output ended")
	errDeadline = errors.New("deadline")
)

// process is one run of an engine program: its input pipe, a goroutine
// reading its output lines, and a goroutine waiting for its exit (so that
// it never stays a zombie).
type process struct {
	cmd    *exec.Cmd
	stdin  *os.File
	stdout *os.File
	lines  chan string   // closed when the output ends
	gone   chan struct{} // closed by release: the reader stops sending
	exited chan struct{} // closed when Wait returned
	cancel context.CancelFunc

	readErr error // why the output ended; read after lines is closed
	waitErr error // read after exited is closed
}

// startProcess starts the engine program. ctx bounds its life.
func startProcess(ctx context.Context, cfg *EngineConfig) (*process, error) {
	pctx, cancel := context.WithCancel(ctx)
	cmd := exec.CommandContext(pctx, cfg.Command, cfg.Args...)
	cmd.Dir = cfg.Dir
	if len(cfg.Env) > 0 {
		cmd.Env = append(os.Environ(), cfg.Env...)
	}
	cmd.Stderr = cfg.StderrLog
	cmd.WaitDelay = waitDelay
	setProcessGroup(cmd)

	// Our own pipes, so that Wait never closes the output under the
	// reader and writes can have a deadline.
	inR, inW, err := os.Pipe()
	if err != nil {
		cancel()
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		cancel()
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		cancel()
		inW.Close()
		outR.Close()
		return nil, err
	}
	p := &process{cmd: cmd, stdin: inW, stdout: outR, cancel: cancel,
		lines: make(chan string, 64), gone: make(chan struct{}), exited: make(chan struct{})}
	go p.read()
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

func (p *process) read() {
	defer close(p.lines)
	sc := bufio.NewScanner(p.stdout)
	sc.Buffer(make([]byte, 64<<10), maxEngineLine)
	for sc.Scan() {
		select {
		case p.lines <- strings.TrimRight(sc.Text(), "\r"):
		case <-p.gone:
			return
		}
	}
	p.readErr = sc.Err()
}

// send writes one line to the engine; a write that blocks for longer than
// timeout fails (an engine that reads nothing cannot hang the client).
func (p *process) send(line string, timeout time.Duration) error {
	p.stdin.SetWriteDeadline(time.Now().Add(timeout))
	_, err := io.WriteString(p.stdin, line+"\n")
	return err
}

// next returns the next output line, errEOF when the output ended (or the
// process exited and nothing more came within exitGrace), errDeadline at
// deadline, or ctx's error.
func (p *process) next(ctx context.Context, deadline time.Time) (string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	exited := p.exited
	var grace <-chan time.Time
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				if errors.Is(p.readErr, bufio.ErrTooLong) {
					return "", fmt.Errorf("an output line longer than %d bytes", maxEngineLine)
				}
				return "", errEOF
			}
			return line, nil
		case <-exited:
			// Lines printed before the exit may still be on their way.
			exited, grace = nil, time.After(exitGrace)
		case <-grace:
			return "", errEOF
		case <-timer.C:
			return "", errDeadline
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// drain drops the lines already read.
func (p *process) drain() {
	for {
		select {
		case _, ok := <-p.lines:
			if !ok {
				return
			}
		default:
			return
		}
	}
}

// kill ends the process (and its process group) and waits for it.
func (p *process) kill() {
	p.cancel()
	p.release()
}

// release waits for the process to end (bounded) and frees the pipes and
// goroutines.
func (p *process) release() {
	select {
	case <-p.exited:
	case <-time.After(reapTimeout):
	}
	select {
	case <-p.gone:
	default:
		close(p.gone)
	}
	p.stdin.Close()
	p.stdout.Close()
	p.cancel()
}

// exitStatus describes how the process ended, once it has.
func (p *process) exitStatus() string {
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

// hasExited reports whether the process has ended.
func (p *process) hasExited() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// pid returns the process id.
func (p *process) pid() int { return p.cmd.Process.Pid }
