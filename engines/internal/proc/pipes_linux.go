package proc

import (
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// pipes are the client's ends of an engine's stdin and stdout. On Linux
// they are raw non-blocking descriptors that the Go runtime's poller
// never sees: a read that finds nothing waits in ppoll(2) in the calling
// goroutine's thread, on the pipe and on a wake eventfd (a context's
// end, the process's exit, close), with the read deadline as its timeout.
//
// Why not os.File and the runtime's poller: every line an engine writes
// to a waiting reader wakes it once, and through the poller a wake costs
// a read that finds nothing, an epoll_pwait in whichever thread polls, a
// hand-off of the goroutine to a thread that runs it and, when every P
// is idle (all workers waiting for their engines, the usual state of a
// match), a futex wake of the runtime's sysmon thread. Here it costs the
// kernel's wake and one read; and lines written while nobody waits (an
// engine's info lines) wake nothing at all. docs/performance.md, "The
// runner against fastchess", has the measurement.
type pipes struct {
	// The descriptors, held as os.Files for their lifetime only: os.File
	// makes Close wait for a call under RawConn.Control to end, so a
	// descriptor is never closed (and its number reused) under a wait.
	in, out, wakeFd     *os.File
	inRC, outRC, wakeRC syscall.RawConn

	deadline time.Time // of reads
	empty    bool      // the last read ended a line short of the buffer: the pipe is likely empty, wait first

	// The calls made under RawConn.Control, bound once (a closure per
	// call would allocate), and what they work on and return.
	readFn, writeFn, pollFn, ppollFn, wakeFn func(fd uintptr)
	buf                                      []byte
	n                                        int
	errno                                    syscall.Errno
	events                                   int16
	fds                                      [2]pollFd
	timeout                                  *syscall.Timespec
	ts                                       syscall.Timespec
	waitErr                                  error

	closeOnce sync.Once
	reserved  bool // counted in liveProcs
}

// A wait holds its goroutine's P: the system call is made raw, unseen by
// the runtime, because one it sees (syscall.Syscall6) wakes the sysmon
// thread and hands the P on and back, which costs more than the wait
// itself (measured: 1.6 times the old poller's CPU per ply, against 0.65
// times for a raw wait). So that held Ps never starve the other
// goroutines, every live engine process has a P of its own plus one to
// spare (GOMAXPROCS is raised to that, never lowered: idle Ps cost
// nothing), and a wait beyond that, which only maxProcs can cause, is
// made through the runtime.
var (
	rawWaits  atomic.Int32 // waits under way that hold their P
	liveProcs atomic.Int32 // pipes not yet closed
	procsMu   sync.Mutex   // serialises raising GOMAXPROCS
	maxRaw    atomic.Int32 // GOMAXPROCS as reserveProc saw it (asking the runtime takes its scheduler lock)
)

// maxProcs bounds GOMAXPROCS as raised for engine processes.
const maxProcs = 256

// reserveProc counts one more live process and makes sure it has a P.
func reserveProc() {
	want := min(int(liveProcs.Add(1))+1, maxProcs)
	procsMu.Lock()
	if runtime.GOMAXPROCS(0) < want {
		runtime.GOMAXPROCS(want)
	}
	maxRaw.Store(int32(runtime.GOMAXPROCS(0)))
	procsMu.Unlock()
}

// pollFd is struct pollfd.
type pollFd struct {
	fd              int32
	events, revents int16
}

const (
	pollIn  = 0x1
	pollOut = 0x4
)

// newPipes makes the two pipes and the wake eventfd; childIn and
// childOut are the engine's ends, for exec.Cmd, to be closed once the
// process has started.
func newPipes() (p *pipes, childIn, childOut *os.File, err error) {
	var in, out [2]int
	if err := syscall.Pipe2(in[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, nil, err
	}
	if err := syscall.Pipe2(out[:], syscall.O_CLOEXEC); err != nil {
		syscall.Close(in[0])
		syscall.Close(in[1])
		return nil, nil, nil, err
	}
	wake, _, errno := syscall.RawSyscall(syscall.SYS_EVENTFD2, 0, syscall.O_CLOEXEC, 0)
	if errno != 0 {
		for _, fd := range []int{in[0], in[1], out[0], out[1]} {
			syscall.Close(fd)
		}
		return nil, nil, nil, errno
	}
	// os.NewFile hands a non-blocking descriptor to the runtime's poller:
	// the Files are made while everything still blocks, and only then do
	// our ends become non-blocking. The engine's ends stay blocking, as a
	// program expects.
	p = &pipes{in: os.NewFile(uintptr(in[1]), "engine stdin"), out: os.NewFile(uintptr(out[0]), "engine stdout"),
		wakeFd: os.NewFile(wake, "eventfd")}
	childIn, childOut = os.NewFile(uintptr(in[0]), "stdin"), os.NewFile(uintptr(out[1]), "stdout")
	for _, f := range []struct {
		fd int
		f  *os.File
		rc *syscall.RawConn
	}{{in[1], p.in, &p.inRC}, {out[0], p.out, &p.outRC}, {int(wake), p.wakeFd, &p.wakeRC}} {
		if err == nil {
			err = syscall.SetNonblock(f.fd, true)
		}
		if err == nil {
			*f.rc, err = f.f.SyscallConn()
		}
	}
	if err != nil {
		p.close()
		childIn.Close()
		childOut.Close()
		return nil, nil, nil, err
	}
	p.readFn, p.writeFn, p.pollFn, p.ppollFn, p.wakeFn = p.read, p.write1, p.poll, p.ppoll, p.signal
	p.reserved = true
	reserveProc()
	return p, childIn, childOut, nil
}

// raw reports whether the pipes bypass the runtime's poller (on Linux,
// always).
func (p *pipes) raw() bool { return true }

func (p *pipes) setReadDeadline(t time.Time) { p.deadline = t }

// Read reads what is there, waiting for something when nothing is, up to
// the read deadline or a wake (both os.ErrDeadlineExceeded).
func (p *pipes) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	for {
		if !p.empty {
			p.buf, p.n, p.errno = b, 0, 0
			err := p.outRC.Control(p.readFn)
			p.buf = nil
			switch {
			case err != nil:
				return 0, err
			case p.errno == 0 && p.n == 0:
				return 0, io.EOF
			case p.errno == 0:
				p.empty = b[p.n-1] == '\n' && p.n < len(b)
				return p.n, nil
			case p.errno != syscall.EAGAIN:
				return 0, &os.PathError{Op: "read", Path: p.out.Name(), Err: p.errno}
			}
		}
		p.empty = false
		if err := p.wait(p.outRC, pollIn, p.deadline); err != nil {
			return 0, err
		}
	}
}

// read is one read(2), again after EINTR.
func (p *pipes) read(fd uintptr) {
	for {
		n, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&p.buf[0])), uintptr(len(p.buf)))
		if e != syscall.EINTR {
			p.n, p.errno = int(n), e
			return
		}
	}
}

// write sends all of b, waiting while the pipe is full up to deadline
// (os.ErrDeadlineExceeded). A line the pipe has room for, the usual
// case, is one write(2).
func (p *pipes) write(b []byte, deadline time.Time) error {
	for {
		p.buf, p.n, p.errno = b, 0, 0
		err := p.inRC.Control(p.writeFn)
		n, errno := p.n, p.errno
		p.buf = nil
		switch {
		case err != nil:
			return err
		case errno != 0 && errno != syscall.EAGAIN:
			return &os.PathError{Op: "write", Path: p.in.Name(), Err: errno}
		}
		if b = b[n:]; len(b) == 0 {
			return nil
		}
		if err := p.wait(p.inRC, pollOut, deadline); err != nil {
			return err
		}
	}
}

// write1 is write's loop under Control: until all is written, the pipe
// is full, or an error.
func (p *pipes) write1(fd uintptr) {
	for p.n < len(p.buf) {
		n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&p.buf[p.n])), uintptr(len(p.buf)-p.n))
		switch e {
		case 0:
			p.n += int(n)
		case syscall.EINTR:
		default:
			p.errno = e
			return
		}
	}
}

// wait waits until the descriptor of rc is ready for events, the
// deadline passes or wake is called (os.ErrDeadlineExceeded for both),
// or a signal interrupts it (nil: the caller tries again).
//
// The wait is a blocking system call through syscall.Syscall6, so the
// runtime may give this thread's P to other goroutines meanwhile, as for
// any blocking call.
func (p *pipes) wait(rc syscall.RawConn, events int16, deadline time.Time) error {
	now := time.Now()
	p.timeout = nil
	if !deadline.IsZero() {
		left := deadline.Sub(now)
		if left <= 0 {
			return os.ErrDeadlineExceeded
		}
		p.ts = syscall.NsecToTimespec(int64(left))
		p.timeout = &p.ts
	}
	p.events, p.waitErr = events, nil
	if err := rc.Control(p.pollFn); err != nil {
		return err
	}
	return p.waitErr
}

// poll holds the waited-for descriptor and goes on to hold the eventfd.
func (p *pipes) poll(fd uintptr) {
	p.fds[0] = pollFd{fd: int32(fd), events: p.events}
	if err := p.wakeRC.Control(p.ppollFn); err != nil {
		p.waitErr = err
	}
}

// ppoll is wait's system call, with both descriptors held.
func (p *pipes) ppoll(wake uintptr) {
	p.fds[1] = pollFd{fd: int32(wake), events: pollIn}
	args := [6]uintptr{uintptr(unsafe.Pointer(&p.fds[0])), 2, uintptr(unsafe.Pointer(p.timeout))}
	var n uintptr
	var e syscall.Errno
	if rawWaits.Add(1) < maxRaw.Load() {
		n, _, e = syscall.RawSyscall6(syscall.SYS_PPOLL, args[0], args[1], args[2], 0, 0, 0)
	} else {
		n, _, e = syscall.Syscall6(syscall.SYS_PPOLL, args[0], args[1], args[2], 0, 0, 0)
	}
	rawWaits.Add(-1)
	switch {
	case e == syscall.EINTR:
	case e != 0:
		p.waitErr = &os.PathError{Op: "ppoll", Path: p.out.Name(), Err: e}
	case n == 0:
		p.waitErr = os.ErrDeadlineExceeded
	case p.fds[1].revents != 0:
		var v uint64
		syscall.RawSyscall(syscall.SYS_READ, wake, uintptr(unsafe.Pointer(&v)), 8) // rearm
		p.waitErr = os.ErrDeadlineExceeded
	}
}

// wake makes a wait under way, or else the next one, end with
// os.ErrDeadlineExceeded. Safe from any goroutine, also after close.
func (p *pipes) wake() {
	if p.wakeRC != nil {
		p.wakeRC.Control(p.wakeFn)
	}
}

func (p *pipes) signal(fd uintptr) {
	v := uint64(1)
	syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&v)), 8)
}

// close wakes a wait under way and closes the descriptors (each once no
// call holds it).
func (p *pipes) close() {
	p.closeOnce.Do(func() {
		p.wake()
		for _, f := range []*os.File{p.in, p.out, p.wakeFd} {
			if f != nil {
				f.Close()
			}
		}
		if p.reserved {
			liveProcs.Add(-1)
		}
	})
}
