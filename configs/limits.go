package configs

import "varena/engines/yamlfile"

// Error is one problem found in a run file, as one FILE:LINE line.
type Error = yamlfile.Error

// ReadConfigFile reads a weights file named in the run, as Open finds
// it, refusing one larger than yamlfile.MaxFileSize.
func (r *Run) ReadConfigFile(p string) ([]byte, error) {
	f, err := r.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return yamlfile.ReadLimited(r.Path(p), f)
}
