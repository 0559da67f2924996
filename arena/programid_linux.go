package arena

import (
	"fmt"
	"os"
	"syscall"
)

// fileIdentity names the file fi describes and its content's version:
// device, inode, size, and modification and change times.
func fileIdentity(fi os.FileInfo) (string, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%d %d %d %d.%d %d.%d", st.Dev, st.Ino, st.Size,
		st.Mtim.Sec, st.Mtim.Nsec, st.Ctim.Sec, st.Ctim.Nsec), true
}
