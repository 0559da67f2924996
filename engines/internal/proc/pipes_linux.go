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
// never sees: a read that finds nothing waits in epoll_pwait(2) in the
// calling goroutine's thread, on the pipe, on a wake eventfd (a
// context's end, the process's exit, close) and on a timerfd armed for
// the read deadline.
//
// Why an epoll set and a timerfd, not ppoll with the deadline as its
// timeout: ppoll registers each descriptor anew and arms and cancels a
// timer for every wait, and a move has several waits (one per burst of
// info lines); the set is registered once, and the timerfd set only
// when a deadline comes nearer than the one it holds (armedFarBefore).
// Measured: the runner's CPU per ply at 1000 nodes fell to 0.89 of
// ppoll's (six alternating pairs of the race against the build before,
// docs/performance.md).
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
//
// The descriptors are plain numbers, guarded by users (not os.File's
// RawConn.Control, two atomic operations and an indirect call for each
// system call, the client's most frequent work): close waits for the
// calls under way, which the wake ends, so that no descriptor is closed
// (and its number reused) under a call.
type pipes struct {
	in, out, wakeFd int
	epoll, timer    int          // the read wait's set (out, wakeFd, timer) and its deadline's timerfd
	users           atomic.Int64 // calls under way, plus closing once close began

	deadline time.Time // of reads
	armed    time.Time // the deadline timer is set for, when armedOK (zero: none)
	armedOK  bool      // false at first and once the timer fired
	empty    bool      // the last read ended a line short of the buffer: the pipe is likely empty, wait first

	// What a wait hands the system call, here so that it is not
	// allocated for each.
	fds    [2]pollFd
	ts     syscall.Timespec
	events [3]syscall.EpollEvent
	its    itimerspec

	closeOnce sync.Once
	reserved  bool // counted in liveProcs
}

// closing is added to users when close begins: no call starts after it.
const closing = 1 << 40

// hold counts a call that uses the descriptors, and reports false (the
// call must not be made) once close has begun.
func (p *pipes) hold() bool {
	if p.users.Add(1) >= closing {
		p.users.Add(-1)
		return false
	}
	return true
}

func (p *pipes) drop() { p.users.Add(-1) }

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

// itimerspec is struct itimerspec, of timerfd_settime(2).
type itimerspec struct{ interval, value syscall.Timespec }

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
	wake, _, errno := syscall.RawSyscall(syscall.SYS_EVENTFD2, 0, syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
	if errno != 0 {
		for _, fd := range []int{in[0], in[1], out[0], out[1]} {
			syscall.Close(fd)
		}
		return nil, nil, nil, errno
	}
	// Our ends are non-blocking; the engine's stay blocking, as a program
	// expects (the flag belongs to each end's open file).
	p = &pipes{in: in[1], out: out[0], wakeFd: int(wake), epoll: -1, timer: -1}
	childIn, childOut = os.NewFile(uintptr(in[0]), "stdin"), os.NewFile(uintptr(out[1]), "stdout")
	for _, fd := range []int{p.in, p.out} {
		if err == nil {
			err = syscall.SetNonblock(fd, true)
		}
	}
	if err == nil {
		err = p.openWaitSet()
	}
	if err != nil {
		p.close()
		childIn.Close()
		childOut.Close()
		return nil, nil, nil, err
	}
	p.reserved = true
	reserveProc()
	return p, childIn, childOut, nil
}

// openWaitSet makes the deadline's timerfd and the read wait's epoll
// set of the pipe, the eventfd and the timerfd. An event's Fd field
// holds the descriptor, which the wait reads back.
func (p *pipes) openWaitSet() error {
	const clockMonotonic = 1
	fd, _, errno := syscall.RawSyscall(syscall.SYS_TIMERFD_CREATE, clockMonotonic, syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
	if errno != 0 {
		return os.NewSyscallError("timerfd_create", errno)
	}
	p.timer = int(fd)
	ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return os.NewSyscallError("epoll_create1", err)
	}
	p.epoll = ep
	for _, fd := range []int{p.out, p.wakeFd, p.timer} {
		ev := syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(fd)}
		if err := syscall.EpollCtl(p.epoll, syscall.EPOLL_CTL_ADD, fd, &ev); err != nil {
			return os.NewSyscallError("epoll_ctl", err)
		}
	}
	return nil
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
			if !p.hold() {
				return 0, os.ErrClosed
			}
			n, errno := p.read(b)
			p.drop()
			switch {
			case errno == 0 && n == 0:
				return 0, io.EOF
			case errno == 0:
				p.empty = b[n-1] == '\n' && n < len(b)
				return n, nil
			case errno != syscall.EAGAIN:
				return 0, &os.PathError{Op: "read", Path: "engine stdout", Err: errno}
			}
		}
		p.empty = false
		if err := p.waitRead(); err != nil {
			return 0, err
		}
	}
}

// waitRead waits until the engine's output has something to read (nil),
// the read deadline passes or wake is called (os.ErrDeadlineExceeded for
// both), or a signal interrupts it (nil: the caller tries again).
func (p *pipes) waitRead() error {
	if !p.armedOK || !p.deadline.Equal(p.armed) && !p.armedFarBefore() {
		// A new deadline (or none, or a timer that fired): set the timer
		// for it, once for all the waits up to it.
		p.its = itimerspec{}
		if !p.deadline.IsZero() {
			left := time.Until(p.deadline)
			if left <= 0 {
				return os.ErrDeadlineExceeded
			}
			p.its.value = syscall.NsecToTimespec(int64(left))
		}
		if !p.hold() {
			return os.ErrClosed
		}
		_, _, e := syscall.RawSyscall6(syscall.SYS_TIMERFD_SETTIME, uintptr(p.timer), 0, uintptr(unsafe.Pointer(&p.its)), 0, 0, 0)
		p.drop()
		if e != 0 {
			return os.NewSyscallError("timerfd_settime", e)
		}
		p.armed, p.armedOK = p.deadline, true
	}
	if !p.hold() {
		return os.ErrClosed
	}
	defer p.drop()
	events, infinite := uintptr(unsafe.Pointer(&p.events[0])), ^uintptr(0)
	var n uintptr
	var e syscall.Errno
	if rawWaits.Add(1) < maxRaw.Load() {
		n, _, e = syscall.RawSyscall6(syscall.SYS_EPOLL_PWAIT, uintptr(p.epoll), events, uintptr(len(p.events)), infinite, 0, 0)
	} else {
		n, _, e = syscall.Syscall6(syscall.SYS_EPOLL_PWAIT, uintptr(p.epoll), events, uintptr(len(p.events)), infinite, 0, 0)
	}
	rawWaits.Add(-1)
	switch {
	case e == syscall.EINTR:
		return nil
	case e != 0:
		return &os.PathError{Op: "epoll_pwait", Path: "engine stdout", Err: e}
	}
	// A wake ends the wait even with output to read; the deadline only
	// when there is none, as a line that came in time is read.
	var woken, expired, output bool
	var v uint64
	for _, ev := range p.events[:n] {
		switch int(ev.Fd) {
		case p.wakeFd:
			syscall.RawSyscall(syscall.SYS_READ, uintptr(p.wakeFd), uintptr(unsafe.Pointer(&v)), 8) // rearm
			woken = true
		case p.timer:
			syscall.RawSyscall(syscall.SYS_READ, uintptr(p.timer), uintptr(unsafe.Pointer(&v)), 8)
			p.armedOK, expired = false, true
		default:
			output = true
		}
	}
	if woken || expired && !output {
		return os.ErrDeadlineExceeded
	}
	return nil
}

// read is one read(2), again after EINTR.
func (p *pipes) read(b []byte) (int, syscall.Errno) {
	for {
		n, _, e := syscall.RawSyscall(syscall.SYS_READ, uintptr(p.out), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
		if e != syscall.EINTR {
			return int(n), e
		}
	}
}

// write sends all of b, waiting while the pipe is full up to deadline
// (os.ErrDeadlineExceeded). A line the pipe has room for, the usual
// case, is one write(2).
func (p *pipes) write(b []byte, deadline time.Time) error {
	for {
		if !p.hold() {
			return os.ErrClosed
		}
		n, errno := p.write1(b)
		p.drop()
		if errno != 0 && errno != syscall.EAGAIN {
			return &os.PathError{Op: "write", Path: "engine stdin", Err: errno}
		}
		if b = b[n:]; len(b) == 0 {
			return nil
		}
		if err := p.waitWrite(deadline); err != nil {
			return err
		}
	}
}

// write1 writes until all of b is written, the pipe is full, or an
// error.
func (p *pipes) write1(b []byte) (int, syscall.Errno) {
	done := 0
	for done < len(b) {
		n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, uintptr(p.in), uintptr(unsafe.Pointer(&b[done])), uintptr(len(b)-done))
		switch e {
		case 0:
			done += int(n)
		case syscall.EINTR:
		default:
			return done, e
		}
	}
	return done, 0
}

// armedFarBefore reports whether the timer, set for an earlier
// deadline, is more than a second away: it may stay, as each move's
// deadline is a little later than the last move's, and fires early once
// in a while, a wake the reader takes as spurious (Process.NextBytes)
// and that sets the timer again. So a move sets the timer only when its
// deadline is nearer than the last (a stop's grace, say).
func (p *pipes) armedFarBefore() bool {
	return !p.armed.IsZero() && !p.deadline.IsZero() && p.armed.Before(p.deadline) && time.Until(p.armed) > time.Second
}

// waitWrite waits until the engine's input has room, the deadline passes
// or wake is called (os.ErrDeadlineExceeded for both), or a signal
// interrupts it (nil: the caller tries again). An engine that reads its
// input leaves room: this wait is rare, and takes its deadline as
// ppoll's timeout.
func (p *pipes) waitWrite(deadline time.Time) error {
	var timeout uintptr // nil: no deadline
	if !deadline.IsZero() {
		left := time.Until(deadline)
		if left <= 0 {
			return os.ErrDeadlineExceeded
		}
		p.ts = syscall.NsecToTimespec(int64(left))
		timeout = uintptr(unsafe.Pointer(&p.ts))
	}
	if !p.hold() {
		return os.ErrClosed
	}
	defer p.drop()
	p.fds = [2]pollFd{{fd: int32(p.in), events: pollOut}, {fd: int32(p.wakeFd), events: pollIn}}
	fds := uintptr(unsafe.Pointer(&p.fds[0]))
	var n uintptr
	var e syscall.Errno
	if rawWaits.Add(1) < maxRaw.Load() {
		n, _, e = syscall.RawSyscall6(syscall.SYS_PPOLL, fds, 2, timeout, 0, 0, 0)
	} else {
		n, _, e = syscall.Syscall6(syscall.SYS_PPOLL, fds, 2, timeout, 0, 0, 0)
	}
	rawWaits.Add(-1)
	switch {
	case e == syscall.EINTR:
	case e != 0:
		return &os.PathError{Op: "ppoll", Path: "engine stdin", Err: e}
	case n == 0:
		return os.ErrDeadlineExceeded
	case p.fds[1].revents != 0:
		var v uint64
		syscall.RawSyscall(syscall.SYS_READ, uintptr(p.wakeFd), uintptr(unsafe.Pointer(&v)), 8) // rearm
		return os.ErrDeadlineExceeded
	}
	return nil
}

// wake makes a wait under way, or else the next one, end with
// os.ErrDeadlineExceeded. Safe from any goroutine, also after close.
func (p *pipes) wake() {
	if p.hold() {
		p.signal()
		p.drop()
	}
}

func (p *pipes) signal() {
	v := uint64(1)
	syscall.RawSyscall(syscall.SYS_WRITE, uintptr(p.wakeFd), uintptr(unsafe.Pointer(&v)), 8)
}

// close ends the calls under way (each waits on the eventfd, which it
// signals), waits for them to return and closes the descriptors.
func (p *pipes) close() {
	p.closeOnce.Do(func() {
		p.users.Add(closing)
		p.signal()
		for p.users.Load() != closing {
			time.Sleep(50 * time.Microsecond)
		}
		for _, fd := range []int{p.in, p.out, p.wakeFd, p.epoll, p.timer} {
			if fd >= 0 {
				syscall.Close(fd)
			}
		}
		if p.reserved {
			liveProcs.Add(-1)
		}
	})
}
