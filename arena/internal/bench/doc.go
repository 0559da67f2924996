// Package bench holds measuring programs for the arena, not part of
// varena itself:
//
//   - plainloop plays a run's schedule with external UCI engines through
//     the engines/uci client in the plainest loop (no adjudication,
//     journal, PGN or statistics), the baseline varena's harness is
//     measured against;
//   - cputime runs a command and reports its own CPU time apart from its
//     children's (the engines'), read from /proc before the process is
//     reaped.
//
// See arena/bench_test.go for the benchmarks inside the test binary.
package bench
