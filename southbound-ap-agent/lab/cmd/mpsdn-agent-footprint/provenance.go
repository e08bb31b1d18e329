package main

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// provenanceFields say what a row was measured on and how.
type provenanceFields struct {
	Commit     string    `json:"commit"`
	Machine    string    `json:"machine"`
	Loadavg    loadavg   `json:"loadavg"`
	Command    string    `json:"command"`
	MeasuredAt string    `json:"measured_at"`
	Settings   *settings `json:"settings,omitempty"`
}

type loadavg struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

type settings struct {
	Seconds int    `json:"seconds_per_run"`
	Reps    int    `json:"repetitions"`
	Period  string `json:"poll_period"`
}

type provenance struct{ fields provenanceFields }

func newProvenance(o *options) *provenance {
	commit := out("git", "rev-parse", "--short=12", "HEAD")
	if out("git", "status", "--porcelain", "--untracked-files=no") != "" {
		commit += "+uncommitted"
	}
	return &provenance{fields: provenanceFields{Commit: commit, Machine: machine(), Command: command(),
		MeasuredAt: time.Now().UTC().Format(time.RFC3339), Loadavg: loadavg{Start: load()},
		Settings: &settings{Seconds: o.seconds, Reps: o.reps, Period: o.period.String()}}}
}

func (p *provenance) finish() { p.fields.Loadavg.End = load() }

func machine() string {
	model := ""
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "model name") {
				model = strings.TrimSpace(l[strings.Index(l, ":")+1:])
				break
			}
		}
	}
	mem := ""
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		mem = strings.Join(strings.Fields(strings.SplitN(string(b), "\n", 2)[0])[1:], " ")
	}
	return strings.Join([]string{out("nproc") + " CPUs " + model, "MemTotal " + mem, "kernel " + out("uname", "-r"),
		runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH}, ", ")
}

func load() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

func out(name string, args ...string) string {
	b, err := exec.Command(name, args...).Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

// command is the one-line command that reproduces the run (from the agent module's directory).
// GOGC and GOMEMLIMIT, when set, reach every agent it starts and are part of the command.
func command() string {
	run := []string{"make static &&"}
	for _, k := range []string{"GOGC", "GOMEMLIMIT"} {
		if v := os.Getenv(k); v != "" {
			run = append(run, k+"="+v)
		}
	}
	run = append(run, "go run ./lab/cmd/mpsdn-agent-footprint")
	return strings.Join(append(run, os.Args[1:]...), " ")
}
