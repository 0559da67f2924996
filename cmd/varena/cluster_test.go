package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	"sigs.k8s.io/yaml"
)

// clusterDir holds the shipped cluster recipes the docs show.
var clusterDir = filepath.Join("..", "..", "configs", "cluster")

// TestKubernetesJob checks the shipped Indexed Job against the Job type
// of the Kubernetes API (k8s.io/api, strict: an unknown or misspelt
// field, or a value of the wrong type, fails), and its index arithmetic:
// the shell command each of its pods runs gives the shards 1/n to n/n
// exactly once, into directories of their own, with n its completions.
func TestKubernetesJob(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(clusterDir, "job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var job batchv1.Job
	if err := yaml.UnmarshalStrict(data, &job); err != nil {
		t.Fatalf("job.yaml is not a Kubernetes Job: %v", err)
	}
	if job.APIVersion != "batch/v1" || job.Kind != "Job" {
		t.Errorf("job.yaml: %s %s, want batch/v1 Job", job.APIVersion, job.Kind)
	}
	spec := job.Spec
	if spec.CompletionMode == nil || *spec.CompletionMode != batchv1.IndexedCompletion {
		t.Fatalf("job.yaml: completionMode %v, want Indexed (JOB_COMPLETION_INDEX is set only then)", spec.CompletionMode)
	}
	if spec.Completions == nil || *spec.Completions < 1 {
		t.Fatal("job.yaml: no completions")
	}
	n := int(*spec.Completions)
	if p := spec.Template.Spec.RestartPolicy; p != "OnFailure" && p != "Never" {
		t.Errorf("job.yaml: restartPolicy %q: a Job's pods take OnFailure or Never", p)
	}
	cs := spec.Template.Spec.Containers
	if len(cs) != 1 || len(cs[0].Command) != 3 || cs[0].Command[0] != "sh" || cs[0].Command[1] != "-c" {
		t.Fatalf("job.yaml: want one container running sh -c SCRIPT, have %+v", cs)
	}
	script := cs[0].Command[2]
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to evaluate the pods' command")
	}
	shard := regexp.MustCompile(`-shard (\d+)/(\d+)`)
	out := regexp.MustCompile(`-out (\S+)`)
	seen := map[string]bool{}
	dirs := map[string]bool{}
	for k := 0; k < n; k++ {
		// The pod's command as its shell expands it, echoed instead of run.
		cmd := exec.Command("sh", "-c", strings.Replace(script, "exec varena", "echo varena", 1))
		cmd.Env = append(os.Environ(), fmt.Sprintf("JOB_COMPLETION_INDEX=%d", k))
		got, err := cmd.Output()
		if err != nil {
			t.Fatalf("pod %d: %v", k, err)
		}
		line := string(got)
		m := shard.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("pod %d runs %q: no -shard", k, line)
		}
		i, cnt, err := parseShard(m[1] + "/" + m[2])
		if err != nil {
			t.Fatalf("pod %d: %v", k, err)
		}
		if cnt != n {
			t.Errorf("pod %d plays -shard %d/%d, but the Job has %d completions", k, i, cnt, n)
		}
		seen[m[1]] = true
		if o := out.FindStringSubmatch(line); o == nil || dirs[o[1]] {
			t.Errorf("pod %d: -out missing or shared: %q", k, line)
		} else {
			dirs[o[1]] = true
		}
	}
	if len(seen) != n {
		t.Errorf("the %d pods play shards %v, want each of 1-%d once", n, seen, n)
	}
}
