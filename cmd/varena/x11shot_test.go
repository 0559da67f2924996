package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net"
	"os"
	"time"
)

// x11Screenshot saves the root window of the X display :n (a local
// server without access control, as Xvfb -ac runs) as a PNG: the X11
// protocol's connection setup and one GetImage request, so that the test
// needs neither xwd nor ImageMagick. Only a TrueColor root of 24 or 32
// bits a pixel in 32-bit units is read, what Xvfb -screen 0 WxHx24 gives.
func x11Screenshot(display int, path string) error {
	c, err := net.DialTimeout("unix", fmt.Sprintf("/tmp/.X11-unix/X%d", display), 2*time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	le := binary.LittleEndian
	// Setup: byte order 'l', protocol 11.0, no authorization.
	if _, err := c.Write([]byte{'l', 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0}); err != nil {
		return err
	}
	head := make([]byte, 8)
	if _, err := io.ReadFull(c, head); err != nil {
		return err
	}
	extra := make([]byte, 4*int(le.Uint16(head[6:])))
	if _, err := io.ReadFull(c, extra); err != nil {
		return err
	}
	if head[0] != 1 {
		return fmt.Errorf("X server refused the connection: %q", extra[:min(int(head[1]), len(extra))])
	}
	vendorLen := int(le.Uint16(extra[16:]))
	formats := int(extra[21])
	off := 32 + (vendorLen+3)&^3
	bpp := map[byte]byte{}
	for i := 0; i < formats; i++ {
		bpp[extra[off]] = extra[off+1]
		off += 8
	}
	if off+40 > len(extra) {
		return errors.New("X setup reply too short")
	}
	root := le.Uint32(extra[off:])
	width, height := le.Uint16(extra[off+20:]), le.Uint16(extra[off+22:])
	depth := extra[off+38]
	if bpp[depth] != 32 {
		return fmt.Errorf("root depth %d at %d bits a pixel: only 32 is read", depth, bpp[depth])
	}
	// GetImage (73), ZPixmap (2), 5 units: drawable, x, y, w, h, planes.
	req := make([]byte, 20)
	req[0], req[1] = 73, 2
	le.PutUint16(req[2:], 5)
	le.PutUint32(req[4:], root)
	le.PutUint16(req[12:], width)
	le.PutUint16(req[14:], height)
	le.PutUint32(req[16:], 0xffffffff)
	if _, err := c.Write(req); err != nil {
		return err
	}
	rh := make([]byte, 32)
	if _, err := io.ReadFull(c, rh); err != nil {
		return err
	}
	if rh[0] != 1 {
		return fmt.Errorf("GetImage: X error %d", rh[1])
	}
	data := make([]byte, 4*int(le.Uint32(rh[4:])))
	if _, err := io.ReadFull(c, data); err != nil {
		return err
	}
	w, h := int(width), int(height)
	if len(data) < 4*w*h {
		return fmt.Errorf("GetImage: %d bytes for %dx%d", len(data), w, h)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := data[4*(y*w+x):]
			img.Set(x, y, color.RGBA{R: p[2], G: p[1], B: p[0], A: 255})
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
