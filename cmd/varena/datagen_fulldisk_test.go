//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDatagenFullDisk: datagen on a disk that fills up stops with one
// line naming the file, counts only the games the file holds whole, and
// the same command, once there is room again, finishes the file exactly
// as an uninterrupted run writes it. It needs root, to mount a small
// tmpfs; elsewhere it skips.
func TestDatagenFullDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("plays datagen games")
	}
	if os.Geteuid() != 0 {
		t.Skip("mounting a small tmpfs needs root")
	}
	disk := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=48k", "tmpfs", disk).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", disk).Run() })
	bin := buildVarena(t)
	args := []string{"datagen", "-variant", "extinction", "-games", "40", "-nodes", "300", "-seed", "1", "-concurrency", "2", "-quiet"}

	whole := filepath.Join(t.TempDir(), "whole.epd")
	if code, _, errOut := runStatus(t, bin, append(args, "-out", whole)...); code != 0 {
		t.Fatalf("datagen with room: exit %d\n%s", code, errOut)
	}
	want, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 64<<10 {
		t.Fatalf("the whole file is %d bytes: too small to fill the disk", len(want))
	}

	out := filepath.Join(disk, "d.epd")
	code, stdout, errOut := runStatus(t, bin, append(args, "-out", out)...)
	if code != 1 || !strings.HasPrefix(errOut, "varena datagen: write "+out+": no space left on device") || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("datagen on a full disk: exit %d, stderr %q", code, errOut)
	}
	// The positions it reports are those of the games the file holds
	// whole: the lines of the whole file's first games.
	fields := strings.Fields(stdout)
	if len(fields) < 4 {
		t.Fatalf("stdout %q", stdout)
	}
	got, _ := os.ReadFile(out)
	reported := fields[3]
	lines := bytes.Count(want[:min(len(got), len(want))], []byte("\n"))
	if !bytes.HasPrefix(want, got[:bytes.LastIndexByte(got, '\n')+1]) {
		t.Fatal("the file on the full disk is not the start of the whole file")
	}
	if n, err := strconv.Atoi(reported); err != nil || n <= 0 || n > lines {
		t.Errorf("reported %s positions; the file holds %d complete lines", reported, lines)
	}

	// Room again: the same command finishes it as if nothing happened.
	if out, err := exec.Command("mount", "-o", "remount,size=4m", disk).CombinedOutput(); err != nil {
		t.Fatalf("remount: %v %s", err, out)
	}
	if code, _, errOut := runStatus(t, bin, append(args, "-out", out)...); code != 0 {
		t.Fatalf("datagen resumed: exit %d\n%s", code, errOut)
	}
	got, err = os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("resumed file differs from the uninterrupted one (%d / %d bytes)", len(got), len(want))
	}
}
