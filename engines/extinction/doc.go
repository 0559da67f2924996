// Package extinction describes Extinction Chess (R. Wayne Schmittberger,
// 1985): orthodox chess without check, won by wiping out one of the
// opponent's species (K, Q, R, B, N, P); pawns may also promote to king.
package extinction
