package xboard

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Feature is one name=value pair of a "feature" line. Quoted records
// that the value was written in double quotes (a string feature: myname,
// variants, option, egt), which String keeps.
type Feature struct {
	Name   string
	Value  string
	Quoted bool
}

// ParseFeatures reads a feature line,
//
//	feature ping=1 setboard=1 myname="Fairy-Max 5.0b" variants="normal,shatranj"
//
// into its pairs, in order. A quoted value runs to the next double quote
// and may hold spaces; a bare value runs to the next space. A pair
// without "=" or a quote left open is an error, with the pairs read
// before it.
func ParseFeatures(line string) ([]Feature, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "feature")
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil, fmt.Errorf("not a feature line: %q", line)
	}
	var fs []Feature
	for {
		rest = strings.TrimLeft(rest, " \t")
		if rest == "" {
			return fs, nil
		}
		eq := strings.IndexByte(rest, '=')
		if sp := strings.IndexAny(rest, " \t"); eq < 0 || sp >= 0 && sp < eq {
			return fs, fmt.Errorf("feature %q without a value", firstField(rest))
		}
		f := Feature{Name: rest[:eq]}
		if f.Name == "" {
			return fs, errors.New("feature value without a name")
		}
		rest = rest[eq+1:]
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				return fs, fmt.Errorf("feature %s: quote not closed", f.Name)
			}
			f.Value, f.Quoted, rest = rest[1:1+end], true, rest[2+end:]
		} else {
			f.Value = firstField(rest)
			rest = rest[len(f.Value):]
		}
		fs = append(fs, f)
	}
}

func firstField(s string) string {
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

// String writes the pair as a feature line writes it.
func (f Feature) String() string {
	if f.Quoted {
		return f.Name + `="` + f.Value + `"`
	}
	return f.Name + "=" + f.Value
}

// FormatFeatures writes a feature line; ParseFeatures reads it back.
func FormatFeatures(fs []Feature) string {
	var b strings.Builder
	b.WriteString("feature")
	for _, f := range fs {
		b.WriteByte(' ')
		b.WriteString(f.String())
	}
	return b.String()
}

// Option is an engine option as "feature option=..." declares it:
//
//	NAME -check DEFAULT           (0 or 1)
//	NAME -spin DEFAULT MIN MAX    (and -slider)
//	NAME -combo CHOICE /// CHOICE (the default marked with a leading *)
//	NAME -string DEFAULT          (and -file, -path)
//	NAME -button                  (and -save, -reset)
type Option struct {
	Name     string
	Type     string // check, spin, slider, combo, string, file, path, button, save, reset
	Default  string
	Min, Max int
	Choices  []string // combo, without the * mark
}

var optionTypes = []string{"check", "spin", "slider", "combo", "string", "file", "path", "button", "save", "reset"}

// ParseOption reads the value of an option feature. The name is what
// stands before the first " -TYPE" with a known TYPE, so it may hold
// spaces and dashes.
func ParseOption(value string) (Option, error) {
	var o Option
	at, typ := -1, ""
	for _, t := range optionTypes {
		for from := 0; ; {
			i := strings.Index(value[from:], " -"+t)
			if i < 0 {
				break
			}
			i += from
			end := i + 2 + len(t)
			if end == len(value) || value[end] == ' ' {
				if at < 0 || i < at {
					at, typ = i, t
				}
				break
			}
			from = i + 1
		}
	}
	if at < 0 {
		return o, fmt.Errorf("option %q: no type (-check, -spin, -combo, -string, -button, ...)", value)
	}
	o.Name, o.Type = strings.TrimSpace(value[:at]), typ
	if o.Name == "" {
		return Option{}, fmt.Errorf("option %q without a name", value)
	}
	args := strings.TrimPrefix(value[at+2+len(typ):], " ")
	switch typ {
	case "check":
		o.Default = strings.TrimSpace(args)
		if o.Default != "0" && o.Default != "1" {
			return Option{}, fmt.Errorf("option %s: -check default %q, want 0 or 1", o.Name, o.Default)
		}
	case "spin", "slider":
		f := strings.Fields(args)
		if len(f) != 3 {
			return Option{}, fmt.Errorf("option %s: -%s wants DEFAULT MIN MAX, have %q", o.Name, typ, args)
		}
		var n [3]int
		for i, s := range f {
			x, err := strconv.Atoi(s)
			if err != nil {
				return Option{}, fmt.Errorf("option %s: -%s: bad number %q", o.Name, typ, s)
			}
			n[i] = x
		}
		o.Default, o.Min, o.Max = f[0], n[1], n[2]
	case "combo":
		for c := range strings.SplitSeq(args, "///") {
			c = strings.TrimSpace(c)
			if d, ok := strings.CutPrefix(c, "*"); ok {
				c = d
				o.Default = d
			}
			if c != "" {
				o.Choices = append(o.Choices, c)
			}
		}
		if len(o.Choices) == 0 {
			return Option{}, fmt.Errorf("option %s: -combo without choices", o.Name)
		}
		if o.Default == "" {
			o.Default = o.Choices[0]
		}
	case "string", "file", "path":
		o.Default = args
	}
	return o, nil
}

// String writes the option as the value of an option feature; ParseOption
// reads it back.
func (o Option) String() string {
	s := o.Name + " -" + o.Type
	switch o.Type {
	case "check", "string", "file", "path":
		s += " " + o.Default
	case "spin", "slider":
		s += fmt.Sprintf(" %s %d %d", o.Default, o.Min, o.Max)
	case "combo":
		cs := make([]string, len(o.Choices))
		for i, c := range o.Choices {
			if c == o.Default {
				c = "*" + c
			}
			cs[i] = c
		}
		s += " " + strings.Join(cs, " /// ")
	}
	return s
}

// Command returns the "option NAME=VALUE" line that sets the option
// ("option NAME" for a button), checking value against the type: a
// check takes 0/1 or true/false, a spin a whole number within its
// bounds, a combo one of its choices.
func (o Option) Command(value string) (string, error) {
	switch o.Type {
	case "button", "save", "reset":
		return "option " + o.Name, nil
	case "check":
		switch strings.ToLower(value) {
		case "1", "true", "on":
			value = "1"
		case "0", "false", "off":
			value = "0"
		default:
			return "", fmt.Errorf("option %s: want 0 or 1 (true or false), have %q", o.Name, value)
		}
	case "spin", "slider":
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || n < o.Min || n > o.Max {
			return "", fmt.Errorf("option %s: want a whole number from %d to %d, have %q", o.Name, o.Min, o.Max, value)
		}
		value = strconv.Itoa(n)
	case "combo":
		found := false
		for _, c := range o.Choices {
			if strings.EqualFold(c, value) {
				value, found = c, true
				break
			}
		}
		if !found {
			return "", fmt.Errorf("option %s: want one of %s, have %q", o.Name, strings.Join(o.Choices, ", "), value)
		}
	}
	if strings.ContainsAny(value, "\n\r") {
		return "", fmt.Errorf("option %s: a value on more than one line", o.Name)
	}
	return "option " + o.Name + "=" + value, nil
}
