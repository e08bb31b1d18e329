// Command mpsdn-agent-footprint measures the agents' memory and binary sizes
// (root only). Each repetition starts, in fresh network namespaces, the AP
// agent twice with the lab's production configuration (mTLS, 10 Hz sampling;
// one on a real tbf qdisc, one on the reference eNB's metrics), the reference
// eNB and the client agent subscribed to a weights publisher; it polls both
// AP agents over mTLS every -period like the controller, and after -seconds
// reads each process's /proc/<pid>/status (VmRSS, RssAnon, RssFile) and keeps
// status, smaps_rollup and smaps under -raw. The working set is what each
// process touched in the last -wss-seconds (accessed bits cleared through
// /proc/<pid>/clear_refs, then smaps_rollup Referenced). Binary sizes come from the
// stripped static builds in -static (make static: <static>/linux-<arch>/).
// The output is a JSON list, one object per binary and architecture, with the
// median and range over the repetitions and where and how it was measured.
//
// Usage: make static && go run ./lab/cmd/mpsdn-agent-footprint -out ../bench/results/agent-footprint.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"
)

type options struct {
	static, out, raw string
	arches           string
	seconds, wss     int
	reps             int
	period           time.Duration
}

func main() {
	o := &options{}
	flag.StringVar(&o.static, "static", "bin", "directory of the stripped static builds (<dir>/linux-<arch>/<binary>)")
	flag.StringVar(&o.arches, "arches", "amd64,arm64,arm,mips,mipsle", "architectures whose binary sizes are reported")
	flag.StringVar(&o.out, "out", "agent-footprint.json", "output JSON file")
	flag.StringVar(&o.raw, "raw", "", "directory for the raw /proc files and logs (default: <out without .json>/)")
	flag.IntVar(&o.seconds, "seconds", 120, "how long the agents run before their memory is read, per repetition")
	flag.IntVar(&o.wss, "wss-seconds", 30, "the last part of each run over which the touched memory (working set) is counted")
	flag.IntVar(&o.reps, "reps", 3, "repetitions (fresh processes each)")
	flag.DurationVar(&o.period, "period", 2*time.Second, "poll period of the AP agents")
	flag.Parse()
	if o.wss <= 0 || o.wss >= o.seconds {
		log.Fatalf("-wss-seconds %d: want (0, -seconds %d)", o.wss, o.seconds)
	}
	if o.raw == "" {
		o.raw = strings.TrimSuffix(o.out, ".json")
	}
	if err := run(o); err != nil {
		log.Fatal(err)
	}
}

func run(o *options) error {
	if err := os.MkdirAll(o.raw, 0o755); err != nil {
		return err
	}
	prov := newProvenance(o)
	runs := map[string][]memory{}
	polls := map[string][2]int{}
	for rep := 1; rep <= o.reps; rep++ {
		mem, pl, err := measureOnce(o, rep)
		if err != nil {
			return fmt.Errorf("repetition %d: %w", rep, err)
		}
		for k, m := range mem {
			runs[k] = append(runs[k], m)
		}
		for k, v := range pl {
			polls[k] = [2]int{polls[k][0] + v[0], polls[k][1] + v[1]}
		}
		log.Printf("repetition %d: %+v", rep, mem)
	}
	prov.finish()
	rows, err := rows(o, runs, polls, prov)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(rows, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(o.out, append(b, '\n'), 0o644)
}

// pollFor polls every AP agent each period for d.
func pollFor(ps []*poller, d, period time.Duration) {
	for t0 := time.Now(); time.Since(t0) < d; time.Sleep(period) {
		for _, p := range ps {
			if err := p.poll(); err != nil {
				log.Printf("poll %s: %v", p.label, err)
			}
		}
	}
}

// measureOnce runs the rig for o.seconds under the pollers and reads every process's memory.
func measureOnce(o *options, rep int) (map[string]memory, map[string][2]int, error) {
	dir, err := os.MkdirTemp("", "mpsdn-footprint-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	bin, _ := filepath.Abs(filepath.Join(o.static, "linux-amd64"))
	r, err := newRig(bin, o.raw, dir)
	if err != nil {
		return nil, nil, err
	}
	defer r.stop()
	var ps []*poller
	for label, id := range map[string]string{apWiFi: "wifi", apLTE: "lte"} {
		p, err := newPoller(r.pki, label, id, r.ns[label], r.agents[label])
		if err != nil {
			return nil, nil, err
		}
		defer p.conn.Close()
		ps = append(ps, p)
	}
	time.Sleep(3 * time.Second) // the AP agents fill their first windows; the first poll takes them
	pollFor(ps, time.Duration(o.seconds-o.wss)*time.Second, o.period)
	ticks := map[string]int64{}
	for label, pid := range r.pids() {
		if err := clearRefs(pid); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", label, err)
		}
		if ticks[label], err = cpuTicks(pid); err != nil {
			return nil, nil, err
		}
	}
	t0 := time.Now()
	pollFor(ps, time.Duration(o.wss)*time.Second, o.period)
	mem := map[string]memory{}
	for label, pid := range r.pids() {
		m, err := readMemory(o.raw, label, rep, pid)
		if err != nil {
			return nil, nil, err
		}
		t, err := cpuTicks(pid)
		if err != nil {
			return nil, nil, err
		}
		m.CPUPct = round(float64(t-ticks[label]) / time.Since(t0).Seconds()) // ticks/s at 100 Hz = % of a core
		mem[label] = m
	}
	pl := map[string][2]int{}
	for _, p := range ps {
		if p.ok == 0 {
			return nil, nil, fmt.Errorf("%s: no poll succeeded (see its log in %s)", p.label, o.raw)
		}
		pl[p.label] = [2]int{p.ok, p.failed}
	}
	return mem, pl, nil
}
