package search

import (
	"math"
	"strings"
	"testing"
)

func TestParamTable(t *testing.T) {
	seen := map[string]bool{}
	p := DefaultParams()
	for _, d := range ParamTable {
		if seen[strings.ToLower(d.Name)] {
			t.Errorf("%s listed twice", d.Name)
		}
		seen[strings.ToLower(d.Name)] = true
		if d.Min > d.Default || d.Default > d.Max {
			t.Errorf("%s: default %d outside %d-%d", d.Name, d.Default, d.Min, d.Max)
		}
		if d.Doc == "" {
			t.Errorf("%s has no doc", d.Name)
		}
		if v, ok := p.Get(d.Name); !ok || v != d.Default {
			t.Errorf("DefaultParams().Get(%s) = %d, %v; want %d", d.Name, v, ok, d.Default)
		}
	}
	// Every field of Params has its entry: a parameter the table misses
	// could not be tuned or set.
	var zero Params
	for _, d := range ParamTable {
		*d.field(&zero) = 1
	}
	if zero != (Params{}) {
		for _, d := range ParamTable {
			*d.field(&zero) = 0
		}
	}
	if zero != (Params{}) {
		t.Errorf("Params has fields without a ParamTable entry: %+v", zero)
	}
}

func TestParamsSet(t *testing.T) {
	tests := []struct {
		name    string
		value   int
		wantErr string
	}{
		{"FutilityMargin", 150, ""},
		{"futilitymargin", 50, ""},
		{"FutilityMargin", 49, "out of range 50-500"},
		{"LMRBase", 201, "out of range 0-200"},
		{"NoSuch", 1, `unknown search parameter "NoSuch"`},
	}
	for _, tt := range tests {
		p := DefaultParams()
		err := p.Set(tt.name, tt.value)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("Set(%s, %d): %v", tt.name, tt.value, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("Set(%s, %d) = %v, want %q", tt.name, tt.value, err, tt.wantErr)
		case err == nil:
			if v, _ := p.Get(tt.name); v != tt.value {
				t.Errorf("after Set(%s, %d), Get = %d", tt.name, tt.value, v)
			}
		}
	}
}

// The default reduction table is the one the searcher had before its
// constants became parameters.
func TestLMRTableDefault(t *testing.T) {
	var tab lmrTable
	p := DefaultParams()
	tab.fill(&p)
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			want := max(1, int(0.5+math.Log(float64(d))*math.Log(float64(i))/2.0))
			if int(tab[d][i]) != want {
				t.Fatalf("lmr[%d][%d] = %d, want %d", d, i, tab[d][i], want)
			}
		}
	}
}
