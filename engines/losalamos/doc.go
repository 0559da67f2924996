// Package losalamos describes Los Alamos Extinction Chess with Bunkers
// (Doug Chatham): Los Alamos chess on 6x6 with extinction rules instead of
// check, and two 2x2 bunkers under c1-d2 and c5-d6 reached by vertical
// steps. NoBunkers is the same game without the bunkers, for comparison
// with programs that do not know them.
package losalamos
