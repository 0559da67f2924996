//go:build !linux

package proc

import (
	"os"
	"time"
)

// pipes are the client's ends of an engine's stdin and stdout: os.Pipe's
// Files with their deadlines (Linux has its own, pipes_linux.go).
type pipes struct{ in, out *os.File }

func newPipes() (p *pipes, childIn, childOut *os.File, err error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, nil, nil, err
	}
	return &pipes{in: inW, out: outR}, inR, outW, nil
}

func (p *pipes) raw() bool { return false }

func (p *pipes) setReadDeadline(t time.Time) { p.out.SetReadDeadline(t) }

func (p *pipes) Read(b []byte) (int, error) { return p.out.Read(b) }

func (p *pipes) write(b []byte, deadline time.Time) error {
	p.in.SetWriteDeadline(deadline)
	_, err := p.in.Write(b)
	return err
}

// wake makes a read under way, or else the next one, end with
// os.ErrDeadlineExceeded.
func (p *pipes) wake() { p.out.SetReadDeadline(time.Unix(1, 0)) }

func (p *pipes) close() {
	p.in.Close()
	p.out.Close()
}
