package tuning

import (
	"testing"

	"varena/configs"
	"varena/engines/variants"
)

// TestVerifyRun: the verification match is a run like a file's, its
// defaults filled in: a gauntlet of the tuned weights against the start,
// or an SPRT when the verify block has one.
func TestVerifyRun(t *testing.T) {
	v, err := variants.ByName("extinction")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		sprt *configs.SPRT
		want string
	}{
		{"gauntlet", nil, configs.Gauntlet},
		{"sprt", &configs.SPRT{Elo0: 0, Elo1: 5, Model: "normalized"}, configs.SPRTTest},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := &configs.Tune{File: "t.yaml", Seed: 3, Verify: &configs.Verify{Games: 4, Depth: 2, OpeningPlies: 2, MaxPlies: 100, Hash: 8, SPRT: c.sprt}}
			r, err := verifyRun(cfg, v, "", "/tmp/tuned.yaml")
			if err != nil {
				t.Fatal(err)
			}
			if r.Tournament.Type != c.want || r.Tournament.Rounds != 1 || r.Tournament.Games != 4 {
				t.Errorf("tournament %+v, want %s, 4 games, 1 round", r.Tournament, c.want)
			}
			if c.sprt != nil && (r.SPRT == nil || r.SPRT.Alpha != 0.05 || r.SPRT.Beta != 0.05) {
				t.Errorf("sprt %+v, want the default alpha and beta 0.05", r.SPRT)
			}
			if r.TimeControl.Depth != 2 || r.Openings.PlyCount() != 2 || r.Adjudication.MaxPlies != 100 {
				t.Errorf("limits %+v, openings %+v, adjudication %+v", r.TimeControl, r.Openings, r.Adjudication)
			}
			if len(r.Engines) != 2 || r.Engines[0].Name != TunedName || r.Engines[0].Weights["extinction"] != "/tmp/tuned.yaml" ||
				r.Engines[1].Name != StartName || r.Engines[1].Weights != nil || r.Engines[1].Hash != 8 {
				t.Errorf("engines %+v", r.Engines)
			}
		})
	}
}
