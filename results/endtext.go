package results

// EndWords tells how g ended in cutechess-cli's words, without the
// details of its Reason: "White wins by extinction", "Black loses on
// time", "White disconnects", "Draw by 3-fold repetition". It is the
// annotation of cutechess-cli's and fastchess's "Finished game" line,
// whose readers count the words "on time", "disconnect" and "stall":
// a Reason's free text could hold them by chance.
func EndWords(g Game) string {
	g.Reason = ""
	return endText(g)
}
