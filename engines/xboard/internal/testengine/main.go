// Command testengine is xboard.Serve as a program (`varena xboard`
// without the rest of varena), for the client's tests.
package main

import (
	"context"
	"fmt"
	"os"

	"varena/engines/xboard"
)

func main() {
	if err := xboard.Serve(context.Background(), os.Stdin, os.Stdout, xboard.ServerOptions{Hash: 4}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
