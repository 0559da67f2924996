package tuning

import (
	"errors"
	"fmt"
)

// ErrRejected is returned by Texel when its fit made things worse: the
// validation loss rose, or the verification match found the tuned
// weights weaker. The weights are then kept beside the out file, as
// RejectedPath names it, never at the out file itself, so that they are
// not taken for an improvement.
var ErrRejected = errors.New("tuning: weights rejected")

// RejectedPath is where rejected weights of out file out are written.
// The suffix keeps them from being read as a weights file by accident
// (configs name weights files .yaml) while leaving them to inspect.
func RejectedPath(out string) string { return out + ".rejected" }

// validationRose says why a fit is rejected by its held-out positions,
// "" when it is not: their loss rose.
func validationRose(rep *TexelReport) string {
	f := rep.Fit
	if rep.Valid == 0 || f == nil || f.ValidAfter <= f.ValidBefore {
		return ""
	}
	return fmt.Sprintf("the validation loss rose %.6f -> %.6f (the fit learned the training positions, not the game)", f.ValidBefore, f.ValidAfter)
}

// verifyRejects says why a verification match rejects the tuned
// weights, "" when it does not: the SPRT accepted H0, or without an
// SPRT the 95% interval lies below 0. A match that proves nothing either
// way does not reject them (tune says "not proven stronger").
func (r *VerifyReport) verifyRejects() string {
	switch {
	case r.SPRT == "H0":
		return fmt.Sprintf("the verify match accepted H0 (%s)", r)
	case r.SPRT == "" && r.Elo.Upper < 0:
		return fmt.Sprintf("the verify match found them weaker (%s)", r)
	}
	return ""
}

// UnverifiedPath is where the weights of out file out wait for their
// verify match.
func UnverifiedPath(out string) string { return out + ".unverified" }

// rejectedLine is the first line of a rejected weights file.
func rejectedLine(why string) string { return "# REJECTED: " + why + "\n" }

// rejected records why the weights were rejected and returns the
// ErrRejected that says where they are.
func rejected(rep *TexelReport, why, out string) error {
	rep.Rejected = why
	return fmt.Errorf("%w: %s; they are written to %s, not %s", ErrRejected, why, rep.Out, out)
}
