package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// lockedBuffer is a bytes.Buffer safe for a writer and a reader at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// chromium returns the headless browser's path, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	t.Skip("no chromium: install the Debian package chromium (.ci/run does) to test the live page in a browser")
	return ""
}

// browser starts a headless Chromium with a fresh profile.
func browser(t *testing.T, path string) (context.Context, context.CancelFunc) {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1400),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	return ctx, func() { cancelT(); cancelC(); cancelA() }
}

// waitFor polls a JavaScript expression until it is true.
func waitFor(ctx context.Context, t *testing.T, what, expr string, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not seen within %v", what, within)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](ctx context.Context, t *testing.T, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// screenshot takes a screenshot of the whole page.
func screenshot(ctx context.Context, t *testing.T) []byte {
	t.Helper()
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	return shot
}

// nonBlank checks that a PNG screenshot shows more than one colour in
// quantity: a page that drew nothing is one colour.
func nonBlank(t *testing.T, shot []byte, name string) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	colors := map[[3]uint32]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colors[[3]uint32{r >> 12, g >> 12, bl >> 12}]++
		}
	}
	if len(colors) < 8 {
		t.Errorf("%s: screenshot has %d colours: blank?", name, len(colors))
	}
	if dir := os.Getenv("VARENA_SCREENSHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, name+".png"), shot, 0o644)
	}
	_ = image.Point{}
}

// liveConfig is a short multivariant run: two alphabeta engines at a
// small fixed time per move (so that games last long enough to be
// watched), a greedy engine whose name is HTML, and a random one.
const liveConfig = `name: live-test
seed: 3
variants: [extinction, losalamos-bunkers, evolution]
concurrency: 2
tournament: {type: round-robin, games: 2}
openings: {plies: 2}
time_control: {movetime: 0.03}
adjudication: {max_plies: 100}
engines:
  - {name: ab, kind: alphabeta}
  - {name: ab2, kind: alphabeta}
  - {name: b.greedy, kind: greedy}
  - {name: random, kind: random}
`

func TestLiveViewInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser and plays a short run")
	}
	path := chromium(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "live.yaml")
	if err := os.WriteFile(cfg, []byte(liveConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	var stderr lockedBuffer
	runDone := make(chan error, 1)
	go func() {
		runDone <- runMain(context.Background(), []string{cfg, "-out", out, "-serve", "127.0.0.1:0", "--quiet"}, &bytes.Buffer{}, &stderr)
	}()
	url := waitURL(t, &stderr, runDone)

	ctx, cancel := browser(t, path)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	// The game count and the standings change as games finish.
	waitFor(ctx, t, "a first finished game", `+document.getElementById("status").dataset.played > 0`, time.Minute)
	played1 := eval[int](ctx, t, `+document.getElementById("status").dataset.played`)
	stand1 := eval[string](ctx, t, `document.getElementById("standings").innerText`)
	waitFor(ctx, t, "more finished games", fmt.Sprintf(`+document.getElementById("status").dataset.played > %d`, played1), time.Minute)
	waitFor(ctx, t, "standings that change", fmt.Sprintf(`document.getElementById("standings").innerText !== %q`, stand1), time.Minute)

	// A board in progress has its variant's squares.
	want := map[string]int{"extinction": 64, "losalamos-bunkers": 44, "evolution": 42}
	waitFor(ctx, t, "a board in progress", `document.querySelectorAll("#boards .wrap").length > 0`, time.Minute)
	counts := eval[map[string]int](ctx, t, `(() => { const o = {}; document.querySelectorAll("#boards .wrap").forEach(w => { o[w.dataset.variant] = w.querySelectorAll(".sq").length; }); return o; })()`)
	for v, n := range counts {
		if n != want[v] {
			t.Errorf("live board of %s: %d squares, want %d", v, n, want[v])
		}
	}
	// The engine named with HTML shows as text, and adds no element.
	checkEscaped(ctx, t, "live page", "b.greedy")
	nonBlank(t, screenshot(ctx, t), "live-run")

	if err := <-runDone; err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}

	// varena serve of the finished directory: a finished game of each
	// variant replays with its board.
	sctx, stop := context.WithCancel(context.Background())
	defer stop()
	var serr lockedBuffer
	serveDone := make(chan error, 1)
	// Config names are plain (configs checks them), but a journal from
	// elsewhere (another program, a merge of hand-edited shards) may name
	// an engine anything: the served page must show it as text.
	renameInRun(t, out, "b.greedy", htmlName)
	go func() { serveDone <- serve(sctx, "127.0.0.1:0", out, nil, &serr) }()
	surl := waitURL(t, &serr, serveDone)
	ids := firstOfEachVariant(t, out, 3)
	for v, id := range ids {
		if _, err := chromedp.Run(ctx, chromedp.Navigate(fmt.Sprintf("%s#game=%d", surl, id))); err != nil {
			t.Fatal(err)
		}
		waitFor(ctx, t, "replay of game "+fmt.Sprint(id), fmt.Sprintf(`document.querySelectorAll("#rboard .wrap[data-variant='%s'] .sq").length === %d`, v, want[v]), 20*time.Second)
		// Step back to the start and forward again.
		waitFor(ctx, t, "replay stepping", `(() => { document.getElementById("rfirst").click(); const a = document.getElementById("rply").textContent; document.getElementById("rnext").click(); return a.startsWith("ply 0") && document.getElementById("rply").textContent.startsWith("ply 1"); })()`, 5*time.Second)
		if v == "losalamos-bunkers" {
			if bunkers := eval[int](ctx, t, `document.querySelectorAll("#rboard .bunker").length`); bunkers != 2 {
				t.Errorf("bunker board: %d bunkers drawn, want 2", bunkers)
			}
			nonBlank(t, screenshot(ctx, t), "replay-bunkers")
		}
	}
	checkEscaped(ctx, t, "served page", htmlName)
	stop()
	if err := <-serveDone; err != nil {
		t.Errorf("serve: %v", err)
	}
}

var urlRE = regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)

// waitURL waits for the command to print the page's address.
func waitURL(t *testing.T, stderr *lockedBuffer, done <-chan error) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if u := urlRE.FindString(stderr.String()); u != "" {
			return u
		}
		select {
		case err := <-done:
			t.Fatalf("ended before serving: %v\n%s", err, stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("no address printed:\n%s", stderr.String())
	return ""
}

// htmlName is an engine name made of markup.
const htmlName = "<b>bold</b><script>x</script>"

// renameInRun renames an engine in a run directory's records.
func renameInRun(t *testing.T, dir, from, to string) {
	t.Helper()
	quoted, err := json.Marshal(to)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"journal.jsonl", "meta.json", "summary.json", "setup.json"} {
		path := filepath.Join(dir, f)
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		data = bytes.ReplaceAll(data, []byte(`"`+from+`"`), quoted)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkEscaped checks that the engine called name is shown as that text
// and that no markup was made of names.
func checkEscaped(ctx context.Context, t *testing.T, where, name string) {
	t.Helper()
	text := eval[string](ctx, t, `document.body.innerText`)
	bolds := eval[int](ctx, t, `document.querySelectorAll("b").length`)
	scripts := eval[int](ctx, t, `document.querySelectorAll("script").length`)
	if !strings.Contains(text, name) {
		t.Errorf("%s: the engine %s is not shown as text", where, name)
	}
	if bolds != 0 || scripts != 1 {
		t.Errorf("%s: %d <b> and %d <script> elements: a name became markup", where, bolds, scripts)
	}
}

// firstOfEachVariant returns a finished game's ID per variant of the
// run's journal, which must hold games of n variants.
func firstOfEachVariant(t *testing.T, dir string, n int) map[string]int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var g struct {
			ID      int    `json:"id"`
			Variant string `json:"variant"`
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatal(err)
		}
		if _, ok := ids[g.Variant]; !ok {
			ids[g.Variant] = g.ID
		}
	}
	if len(ids) != n {
		t.Fatalf("games of %d variants, want %d", len(ids), n)
	}
	return ids
}

var _ = http.StatusOK
