//go:build !linux

package arena

import "os"

// fileIdentity is Linux only (programid_linux.go): elsewhere programHash
// hashes the program every time.
func fileIdentity(os.FileInfo) (string, bool) { return "", false }
