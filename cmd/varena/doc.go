// Command varena plays, rates and tunes engines for chess variants:
// Extinction Chess, Los Alamos Extinction Chess with Bunkers, Evolution
// Chess and Fairy-Stockfish's built-in variants ('varena help variants').
//
// The subcommands live in one ordered table (commands); each declares its
// flags on a flag set and returns the function that runs it. Flags are
// parsed in one place (execute), so -h, help and bad flags behave the same
// for every command. Only main exits, with status 0 on success, 1 on
// failure and 2 on a usage error; an SPRT (run or sprt) exits 3 when H0
// is accepted and 4 when it is undecided (docs/ci.md).
package main
