package arena

import (
	"testing"

	"varena/configs"
)

func TestSearchParams(t *testing.T) {
	r := &configs.Run{File: "r.yaml"}
	p, err := SearchParams(r, configs.Engine{Name: "a", Options: map[string]string{"FutilityMargin": "150", "aspiration": " 20 "}})
	if err != nil {
		t.Fatal(err)
	}
	if p.FutilityMargin != 150 || p.Aspiration != 20 || p.LMRDivisor != 200 {
		t.Errorf("params %+v", p)
	}
	_, err = SearchParams(r, configs.Engine{Name: "a", Line: 7, Options: map[string]string{"LMRBase": "x"}})
	if want := `r.yaml:7: engine a: options: search parameter LMRBase: want a whole number from 0 to 200, have "x"`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
