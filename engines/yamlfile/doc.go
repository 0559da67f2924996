// Package yamlfile holds what every reader of varena's YAML files shares:
// the bound on a file's size (MaxFileSize, ReadFile), and yaml.v3's
// errors turned into one "FILE:LINE: what is wrong" line each (Error,
// SyntaxError, Describe). It sits below the engines so that the search's
// weights parser and the run configs report alike without the engines
// importing configs.
package yamlfile
