package rundir

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestCheckSettings: a new record is written, the same settings agree,
// other settings are named by their JSON paths, and work without its
// record is refused.
func TestCheckSettings(t *testing.T) {
	type limits struct {
		Nodes int `json:"nodes"`
	}
	type set struct {
		Variant string   `json:"variant"`
		Limits  limits   `json:"limits"`
		Params  []string `json:"params"`
	}
	base := set{"extinction", limits{1000}, []string{"a", "b"}}
	tests := []struct {
		name string
		want any
		diff []string
	}{
		{"same", base, nil},
		{"nested", set{"extinction", limits{2000}, []string{"a", "b"}}, []string{"limits.nodes 1000 -> 2000"}},
		{"list", set{"evolution", limits{1000}, []string{"a"}}, []string{"params.1 \"b\" -> (none)", "variant \"extinction\" -> \"evolution\""}},
		{"other type", map[string]int{"seed": 3}, []string{
			"limits.nodes 1000 -> (none)", "params.0 \"a\" -> (none)", "params.1 \"b\" -> (none)",
			"seed (none) -> 3", "variant \"extinction\" -> (none)"}},
	}
	dir := t.TempDir()
	path, work := filepath.Join(dir, "meta.json"), filepath.Join(dir, "work")
	if d, err := CheckSettings(path, work, base); err != nil || d != nil {
		t.Fatalf("new record: %v, %v", d, err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the record was not written: %v", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := CheckSettings(path, work, tt.want)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(d, tt.diff) {
				t.Errorf("diffs %q, want %q", d, tt.diff)
			}
		})
	}

	// Work that exists without its record.
	other := filepath.Join(dir, "other.json")
	if err := os.WriteFile(work, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := CheckSettings(other, work, base); !errors.Is(err, ErrUnrecorded) {
		t.Errorf("work without record: %v, want ErrUnrecorded", err)
	}
	// A record that is not JSON names its file.
	if err := os.WriteFile(other, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := CheckSettings(other, work, base); err == nil || !strings.HasPrefix(err.Error(), other+":") {
		t.Errorf("bad record: %v, want an error naming %s", err, other)
	}
}

// FuzzCheckSettings: any bytes in the record give an error or a list of
// differences, never a panic; a record written from want agrees with it.
func FuzzCheckSettings(f *testing.F) {
	f.Add([]byte(`{"variant":"extinction","nodes":1000}`))
	f.Add([]byte(`{"a":[1,{"b":null}],"c":"x"}`))
	f.Add([]byte(`[1,2`))
	want := map[string]any{"variant": "extinction", "nodes": 1000}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "meta.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		CheckSettings(path, filepath.Join(dir, "work"), want)
		fresh := filepath.Join(dir, "fresh.json")
		if _, err := CheckSettings(fresh, filepath.Join(dir, "work"), want); err != nil {
			t.Fatal(err)
		}
		if d, err := CheckSettings(fresh, filepath.Join(dir, "work"), want); err != nil || d != nil {
			t.Fatalf("a record written from want: %v, %v", d, err)
		}
	})
}
