package rundir

import "io"

// Format is one way of writing a run's summary: a new output format is
// one file holding a type with WriteSummary and its entry in Formats.
type Format interface {
	WriteSummary(w io.Writer, s *Summary) error
}

// Formats are the summary's output formats by the name a command line
// gives them.
var Formats = map[string]Format{"text": Text{}, "json": JSON{}}

// Text is the summary as tables (Summary.WriteText).
type Text struct{}

// WriteSummary implements Format.
func (Text) WriteSummary(w io.Writer, s *Summary) error { return s.WriteText(w) }

// JSON is the summary as indented JSON, summary.json's form
// (Summary.WriteJSON).
type JSON struct{}

// WriteSummary implements Format.
func (JSON) WriteSummary(w io.Writer, s *Summary) error { return s.WriteJSON(w) }
