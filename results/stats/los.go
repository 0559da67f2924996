package stats

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// LOSMatrix is the likelihood of superiority between every two players of
// a rating list: P[i][j] is the likelihood that Names[i] is stronger than
// Names[j], in the list's order (best first). From says where it comes
// from: ErrorsHessian (Φ of the difference over its standard deviation
// from the fit's Hessian) or ErrorsBootstrap (the share of replicates
// that rate i above j).
type LOSMatrix struct {
	Names []string    `json:"names"`
	P     [][]float64 `json:"p"`
	From  string      `json:"from"`
}

// LOSMatrix returns the list's LOS matrix.
func (l *RatingList) LOSMatrix() *LOSMatrix {
	m := &LOSMatrix{P: l.LOS, From: l.Errors}
	for _, r := range l.Table {
		m.Names = append(m.Names, r.Name)
	}
	return m
}

// Source says in words where the likelihoods come from.
func (m *LOSMatrix) Source() string {
	if m.From == ErrorsBootstrap {
		return "the bootstrap's replicates"
	}
	return "the fit's Hessian"
}

// Write prints the matrix in percent, a row per player, in blocks of
// columns that keep each line within width characters.
func (m *LOSMatrix) Write(w io.Writer, width int) error {
	nw := len("Name")
	for _, n := range m.Names {
		nw = max(nw, utf8.RuneCountInString(n))
	}
	const cell = 6 // " 100.0"
	label := len(fmt.Sprint(len(m.Names))) + 1 + nw
	perBlock := max(1, (width-label)/cell)
	var b strings.Builder
	for start := 0; start < len(m.Names); start += perBlock {
		end := min(start+perBlock, len(m.Names))
		if start > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%*s", label, "")
		for j := start; j < end; j++ {
			fmt.Fprintf(&b, "%*d", cell, j+1)
		}
		b.WriteByte('\n')
		for i, n := range m.Names {
			fmt.Fprintf(&b, "%*d %s%*s", len(fmt.Sprint(len(m.Names))), i+1, n, nw-utf8.RuneCountInString(n), "")
			for j := start; j < end; j++ {
				if i == j {
					fmt.Fprintf(&b, "%*s", cell, "-")
					continue
				}
				fmt.Fprintf(&b, "%*s", cell, LOSPercent(m.P[i][j]))
			}
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// LOSPercent writes a likelihood in percent to one decimal, keeping
// "100.0" and "0.0" for certainty: a likelihood short of it reads
// ">99.9" or "<0.1".
func LOSPercent(p float64) string {
	switch {
	case p < 1 && p >= 0.9995:
		return ">99.9"
	case p > 0 && p < 0.0005:
		return "<0.1"
	}
	return fmt.Sprintf("%.1f", 100*p)
}
