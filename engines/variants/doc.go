// Package variants lists the variants varena plays, in one place.
package variants
