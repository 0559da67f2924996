package proc

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// rawPipe does the reads and writes of one end of a pipe with raw system
// calls, which the Go runtime does not see. A plain os.File read or write
// goes through entersyscall, and when every P is idle (all workers waiting
// for their engines, the usual state of a match) that wakes the runtime's
// sysmon thread and resets its poll interval to 20 µs: a futex wake and a
// run of short sleeps on every ply, about 30% of the harness's CPU.
// The pipe end is non-blocking (os.Pipe makes it so, and newRawPipe
// checks), so a raw call never blocks its thread; waiting is left to the
// runtime's poller through RawConn, which keeps os.File's deadlines.
type rawPipe struct {
	f  *os.File
	rc syscall.RawConn // nil: f is not a non-blocking descriptor; use it as it is

	// The calls RawConn makes, bound once (a closure per call would be an
	// allocation per call), and what they work on and return.
	readFn  func(fd uintptr) bool
	writeFn func(fd uintptr)
	buf     []byte
	n       int
	errno   syscall.Errno
}

func newRawPipe(f *os.File) *rawPipe {
	r := &rawPipe{f: f}
	rc, err := f.SyscallConn()
	if err != nil {
		return r
	}
	nonblocking := false
	if err := rc.Control(func(fd uintptr) {
		flags, _, errno := syscall.RawSyscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		nonblocking = errno == 0 && flags&syscall.O_NONBLOCK != 0
	}); err != nil || !nonblocking {
		return r
	}
	r.rc, r.readFn, r.writeFn = rc, r.read, r.write
	return r
}

// raw reports whether the pipe is read and written with raw system calls.
func (r *rawPipe) raw() bool { return r.rc != nil }

// Read reads what is there, waiting (under f's read deadline) for
// something when nothing is.
func (r *rawPipe) Read(b []byte) (int, error) {
	if r.rc == nil {
		return r.f.Read(b)
	}
	if len(b) == 0 {
		return 0, nil
	}
	r.buf, r.n, r.errno = b, 0, 0
	err := r.rc.Read(r.readFn)
	n, errno := r.n, r.errno
	r.buf = nil
	switch {
	case err != nil:
		return 0, err
	case errno != 0:
		return 0, &os.PathError{Op: "read", Path: r.f.Name(), Err: errno}
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

// read is one try of Read; false: nothing there yet.
func (r *rawPipe) read(fd uintptr) bool {
	for {
		n, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&r.buf[0])), uintptr(len(r.buf)))
		if e == syscall.EINTR {
			continue
		}
		r.n, r.errno = int(n), e
		return e != syscall.EAGAIN
	}
}

// tryWrite writes as much of b as the pipe takes now, without waiting.
func (r *rawPipe) tryWrite(b []byte) (int, error) {
	if r.rc == nil || len(b) == 0 {
		return 0, nil
	}
	r.buf, r.n, r.errno = b, 0, 0
	err := r.rc.Control(r.writeFn)
	n, errno := r.n, r.errno
	r.buf = nil
	if err == nil && errno != 0 {
		err = &os.PathError{Op: "write", Path: r.f.Name(), Err: errno}
	}
	return n, err
}

// write is tryWrite's loop: until all is written, the pipe is full or an
// error.
func (r *rawPipe) write(fd uintptr) {
	for r.n < len(r.buf) {
		n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&r.buf[r.n])), uintptr(len(r.buf)-r.n))
		switch e {
		case 0:
			r.n += int(n)
		case syscall.EINTR:
		case syscall.EAGAIN:
			return
		default:
			r.errno = e
			return
		}
	}
}
