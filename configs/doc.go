// Package configs embeds varena's YAML files: the default evaluation
// weights of each variant (weights/<variant>.yaml) and the example runs.
// Embedding them makes `go run ./cmd/varena run` work from any directory
// with nothing to install.
package configs
