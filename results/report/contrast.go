package report

import (
	"image/color"
	"math"
)

// WCAG 2 contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio):
// text on a cell is readable at level AA when the ratio of the two
// relative luminances (each plus 0.05) is at least 4.5.
const minContrast = 4.5

// luminance is the WCAG relative luminance of an opaque colour.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 0xffff
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is the WCAG contrast ratio of two opaque colours (1 to 21).
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// textOn returns black or white, whichever reads better on bg.
func textOn(bg color.Color) color.Color {
	if contrast(color.Black, bg) >= contrast(color.White, bg) {
		return color.Black
	}
	return color.White
}

// heatPaletteColor is the colour plotter.HeatMap gives value v of a
// palette spread over [lo, hi] (its own scaling), so that a label can be
// drawn in the colour that reads on its cell.
func heatPaletteColor(pal []color.Color, v, lo, hi float64) color.Color {
	ps := float64(len(pal)-1) / (hi - lo)
	i := int((v-lo)*ps + 0.5)
	return pal[min(max(i, 0), len(pal)-1)]
}
