// Command cputime runs a command and reports, besides the wall time, the
// CPU time of the command's own process apart from that of its children
// (for `varena run`: the harness apart from the engines it starts). Both
// are read from /proc/PID/stat once the process has exited but before it
// is reaped (waitid with WNOWAIT), so they are complete.
//
//	go run ./arena/internal/bench/cputime varena run fsf.yaml -out /tmp/x --quiet
//
// Linux only. The counts are in clock ticks (usually 10 ms).
package main
