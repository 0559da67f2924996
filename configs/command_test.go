package configs

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// An engine's command with a slash is taken against the config's folder,
// whatever the working folder; a bare name is looked up in PATH; each
// failure says which of the two it was and where it looked.
func TestEngineCommand(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("executables by mode bits")
	}
	root := t.TempDir()
	src := filepath.Join(root, "candidate-src")
	bin := filepath.Join(root, "bin")
	for _, d := range []string{src, bin, filepath.Join(root, "candidate"), filepath.Join(root, "elsewhere")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p string, mode os.FileMode) {
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "candidate", "myengine"), 0o755)
	write(filepath.Join(root, "candidate", "plain"), 0o644)
	write(filepath.Join(bin, "pathengine"), 0o755)
	t.Setenv("PATH", bin)
	// The working folder is neither the config's nor the engine's.
	t.Chdir(filepath.Join(root, "elsewhere"))

	cfg := filepath.Join(src, "sprt.yaml")
	tests := []struct {
		name, command string
		file          string // the run's file ("" for a run built in code)
		want          string // the program found, or
		err           string // the error's text
	}{
		{"relative to the config", "../candidate/myengine", cfg, filepath.Join(root, "candidate", "myengine"), ""},
		{"dot slash", "./../candidate/myengine", cfg, filepath.Join(root, "candidate", "myengine"), ""},
		{"absolute", filepath.Join(root, "candidate", "myengine"), cfg, filepath.Join(root, "candidate", "myengine"), ""},
		{"bare name in PATH", "pathengine", cfg, filepath.Join(bin, "pathengine"), ""},
		{"missing relative", "./candidate/myengine", cfg, "",
			`command "./candidate/myengine" (relative to the folder of ` + cfg + `, so ` + filepath.Join(src, "candidate", "myengine") + `): no such file or directory`},
		{"missing absolute", "/nonexistent/engine", cfg, "",
			`command "/nonexistent/engine" (an absolute path, so /nonexistent/engine): no such file or directory`},
		{"bare name not in PATH", "myengine", cfg, "",
			`command "myengine" (a bare name) not found in PATH: executable file not found in $PATH`},
		{"not executable", "../candidate/plain", cfg, "",
			`command "../candidate/plain" (relative to the folder of ` + cfg + `, so ` + filepath.Join(root, "candidate", "plain") + `) is not executable (chmod +x it)`},
		{"a folder", "../candidate", cfg, "",
			`command "../candidate" (relative to the folder of ` + cfg + `, so ` + filepath.Join(root, "candidate") + `) is a folder, not a program`},
		{"no config file", "../candidate/myengine", "", filepath.Join(root, "candidate", "myengine"), ""},
	}
	// With a dir, a relative command is taken in it (cutechess-cli's
	// dir=Engines/ cmd=./dev), the dir being relative to the config.
	r := &Run{File: cfg}
	if got, err := r.EngineCommand(Engine{Name: "e", Command: "./myengine", Dir: "../candidate"}); err != nil || got != filepath.Join(root, "candidate", "myengine") {
		t.Errorf("command in its dir: %q, %v", got, err)
	}
	want := `command "./nope" (relative to its dir ../candidate, so ` + filepath.Join(root, "candidate", "nope") + `): no such file or directory`
	if _, err := r.EngineCommand(Engine{Name: "e", Command: "./nope", Dir: "../candidate"}); err == nil || err.Error() != want {
		t.Errorf("missing command in its dir: %v\nwant %s", err, want)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Run{File: tt.file}
			got, err := r.EngineCommand(Engine{Name: "e", Command: tt.command})
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v\nwant %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
