package engines

// Test-only access to internals, for the external test package.

// ComputeHash recomputes the hash of p from scratch.
func ComputeHash(p *Position) uint64 { return p.computeHash() }
