package configs

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed weights/*.yaml
var files embed.FS

// FS returns the embedded files, paths relative to this folder
// ("weights/extinction.yaml").
func FS() fs.FS { return files }

// WeightsPath returns the path, relative to this folder, of a variant's
// default weights.
func WeightsPath(variant string) string { return "weights/" + variant + ".yaml" }

// Weights returns the embedded default weights of a variant and the name
// to use for it in messages.
func Weights(variant string) (data []byte, name string, err error) {
	name = WeightsPath(variant)
	data, err = files.ReadFile(name)
	if err != nil {
		return nil, "", fmt.Errorf("no default weights for variant %q: %w", variant, err)
	}
	return data, "configs/" + name, nil
}
