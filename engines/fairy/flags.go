package fairy

// flagAll gives a side whose flag region comes from the newer keys
// (flagRegion, flagRegionWhite, flagRegionBlack) and that names no flag
// piece the newer build's default, every piece (flagPiece = *): those
// keys are that build's, which 11.1 does not read. A region of 11.1's
// whiteFlag or blackFlag without a flag piece stays refused (neither).
func (d *Definition) flagAll() {
	for c, keys := range [2][2]string{{"flagRegionWhite", "whiteFlag"}, {"flagRegionBlack", "blackFlag"}} {
		if len(d.FlagRegion[c]) == 0 || d.FlagPiece[c].All || len(d.FlagPiece[c].Keys) > 0 {
			continue
		}
		_, old := d.Keys[keys[1]]
		_, both := d.Keys["flagRegion"]
		if _, own := d.Keys[keys[0]]; (own || both) && !old {
			d.FlagPiece[c] = PieceSet{All: true}
		}
	}
}
