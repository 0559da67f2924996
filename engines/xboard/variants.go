package xboard

import (
	"fmt"
	"slices"
	"strings"

	"varena/engines"
)

// xboardNames lists, for varena's variant names (Fairy-Stockfish's), the
// names xboard engines give the same game in "feature variants", in the
// order they are tried after the name itself: XBoard's own names first
// (normal, king-of-the-hill, los-alamos), then other engines' spellings
// (Sjaak II's fide_chess and mini_xiangqi, threecheck).
var xboardNames = map[string][]string{
	"standard":      {"normal", "fide_chess", "chess"},
	"chess":         {"normal", "fide_chess"},
	"fischerandom":  {"fischerandom", "fischerrandom", "chess960", "frc"},
	"chess960":      {"fischerandom", "fischerrandom", "frc"},
	"kingofthehill": {"king-of-the-hill", "kingofthehill"},
	"3check":        {"3check", "threecheck", "3-check"},
	"5check":        {"5check", "fivecheck"},
	"losalamos":     {"los-alamos", "losalamos"},
	"minixiangqi":   {"mini_xiangqi", "minixiangqi"},
	"racingkings":   {"racingkings", "racing-kings"},
	"threekings":    {"threekings", "three-kings"},
}

// XboardNames returns the names an xboard engine may give v, most usual
// first: v's own names, then the other spellings xboard engines use.
func XboardNames(v *engines.Variant) []string {
	var out []string
	add := func(n string) {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for _, n := range v.Names() {
		if alt, ok := xboardNames[n]; ok {
			for _, a := range alt {
				add(a)
			}
		}
	}
	for _, n := range v.Names() {
		add(n)
	}
	// The ones without a rule of their own above: Fairy-Stockfish's name
	// with dashes, as XBoard writes several.
	for _, n := range v.Names() {
		if d := strings.ReplaceAll(n, "_", "-"); d != n {
			add(d)
		}
	}
	return out
}

// sizedName returns the name of a variant on an overridden board, as
// XBoard writes it: "WxH+N_NAME", N the holdings (none here).
func sizedName(v *engines.Variant, name string) string {
	g := v.Geometry
	return fmt.Sprintf("%dx%d+0_%s", g.Files(), g.Ranks(), name)
}

// variantName returns the name to send in "variant NAME" for v given the
// engine's variants feature (nil for an engine that did not send one,
// which plays normal chess only) and the configured mapping; "" when v
// is normal chess (no variant command). A mapped name is used as it
// is, or as "WxH+0_NAME" when the engine lists only that form for the
// board of v (a "fairy" variant of the engine on v's board).
func variantName(v *engines.Variant, listed []string, mapped map[string]string) (string, error) {
	offers := func(n string) bool { return slices.Contains(listed, n) }
	for _, n := range v.Names() {
		m, ok := mapped[n]
		if !ok {
			continue
		}
		switch {
		case listed == nil || offers(m):
			return nonNormal(m), nil
		case offers(sizedName(v, m)):
			return sizedName(v, m), nil
		}
		return "", fmt.Errorf("%w: variant_names maps %s to %s, which the engine does not list (it plays %s)",
			ErrUnsupportedVariant, v.Name, m, strings.Join(listed, ", "))
	}
	if listed == nil {
		if v.Orthodox && !v.Chess960 {
			return "", nil
		}
		return "", fmt.Errorf("%w: the engine names no variants (protocol 1, or no feature variants): it plays normal chess only", ErrUnsupportedVariant)
	}
	for _, n := range XboardNames(v) {
		if offers(n) {
			return nonNormal(n), nil
		}
	}
	return "", fmt.Errorf("%w: the engine plays %s", ErrUnsupportedVariant, strings.Join(listed, ", "))
}

// nonNormal returns "" for normal chess, which needs no variant command.
func nonNormal(name string) string {
	if name == "normal" {
		return ""
	}
	return name
}
