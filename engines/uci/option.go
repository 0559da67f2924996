package uci

import (
	"fmt"
	"strconv"
	"strings"
)

// Option is an engine option as a UCI "option" line declares it.
type Option struct {
	Name     string   // as the engine spells it; UCI matches names ignoring case
	Type     string   // check, spin, combo, button or string
	Default  string   // "" for none (UCI writes "<empty>" for an empty string)
	Min, Max int      // spin bounds
	Vars     []string // combo values
}

// optionKeywords begin the sections of an option line after the name.
var optionKeywords = map[string]bool{"type": true, "default": true, "min": true, "max": true, "var": true}

// ParseOption reads a UCI option line:
//
//	option name NAME type TYPE [default X] [min N] [max N] [var V]...
//
// Names and values may hold spaces; a name ends at the first "type", a
// value at the next keyword.
func ParseOption(line string) (Option, error) {
	var o Option
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "option" || f[1] != "name" {
		return o, fmt.Errorf("not an option line: %q", line)
	}
	i := 2
	for i < len(f) && f[i] != "type" {
		i++
	}
	o.Name = strings.Join(f[2:i], " ")
	if o.Name == "" {
		return Option{}, fmt.Errorf("option without a name: %q", line)
	}
	for i < len(f) {
		key := f[i]
		j := i + 1
		for j < len(f) && !optionKeywords[f[j]] {
			j++
		}
		val := strings.Join(f[i+1:j], " ")
		switch key {
		case "type":
			o.Type = val
		case "default":
			if val == "<empty>" {
				val = ""
			}
			o.Default = val
		case "min", "max":
			n, err := strconv.Atoi(val)
			if err != nil {
				return Option{}, fmt.Errorf("option %s: %s: bad number %q", o.Name, key, val)
			}
			if key == "min" {
				o.Min = n
			} else {
				o.Max = n
			}
		case "var":
			o.Vars = append(o.Vars, val)
		}
		i = j
	}
	if o.Type == "" {
		return Option{}, fmt.Errorf("option %s: no type", o.Name)
	}
	return o, nil
}

// String formats the option line; ParseOption reads it back.
func (o Option) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "option name %s type %s", o.Name, o.Type)
	switch {
	case o.Default != "":
		fmt.Fprintf(&b, " default %s", o.Default)
	case o.Type == "string":
		b.WriteString(" default <empty>")
	}
	if o.Min != 0 || o.Max != 0 || o.Type == "spin" {
		fmt.Fprintf(&b, " min %d max %d", o.Min, o.Max)
	}
	for _, v := range o.Vars {
		fmt.Fprintf(&b, " var %s", v)
	}
	return b.String()
}
