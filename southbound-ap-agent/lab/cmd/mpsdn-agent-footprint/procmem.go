package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// proc is one measured process: started with "ip netns exec <ns>", which execs
// the binary in place, so the child's pid is the binary's.
type proc struct {
	name string // label in the results, e.g. mpsdn-ap-agent/wifi-qdisc
	cmd  *exec.Cmd
	log  *os.File
}

// start runs bin with args in namespace ns, logging to <raw>/<label>.log. With
// waitListening it waits for the "LISTENING <addr>" line and returns the address.
func start(raw, label, ns, bin string, waitListening bool, args ...string) (*proc, string, error) {
	logf, err := os.Create(filepath.Join(raw, strings.ReplaceAll(label, "/", "_")+".log"))
	if err != nil {
		return nil, "", err
	}
	cmd := exec.Command("ip", append([]string{"netns", "exec", ns, bin}, args...)...)
	cmd.Stderr = logf
	var out io.Reader
	if waitListening {
		if out, err = cmd.StdoutPipe(); err != nil {
			return nil, "", err
		}
	} else {
		cmd.Stdout = logf
	}
	if err := cmd.Start(); err != nil {
		return nil, "", fmt.Errorf("%s: %w", label, err)
	}
	p := &proc{name: label, cmd: cmd, log: logf}
	if !waitListening {
		return p, "", nil
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "LISTENING ") {
		p.stop()
		return nil, "", fmt.Errorf("%s did not start: %q %v (see its log)", label, line, err)
	}
	go io.Copy(logf, out)
	return p, strings.TrimSpace(strings.TrimPrefix(line, "LISTENING ")), nil
}

func (p *proc) pid() int { return p.cmd.Process.Pid }

// stop interrupts the process, kills it after 5 s, and closes its log.
func (p *proc) stop() {
	_ = p.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = p.cmd.Process.Kill()
		<-done
	}
	p.log.Close()
}

// memory is a process's resident memory from /proc/<pid>/status, in MB.
type memory struct {
	RSSMB     float64 `json:"rss_mb"`
	RSSAnonMB float64 `json:"rss_anon_mb"`
	RSSFileMB float64 `json:"rss_file_mb"`
	HWMMB     float64 `json:"peak_rss_mb"`
	// RefMB is the memory the process touched since clearRefs (smaps_rollup Referenced): its working set over
	// the last -wss-seconds, file pages included.
	RefMB float64 `json:"referenced_mb"`
	// CPUPct is the process's CPU time over the same last -wss-seconds, in % of one core.
	CPUPct  float64 `json:"cpu_pct_of_core"`
	Threads int     `json:"threads"`
}

// readMemory reads the process's memory and copies its status, smaps_rollup
// and smaps to <raw>/<label>-<rep>.{status,smaps_rollup,smaps}.
func readMemory(raw, label string, rep, pid int) (memory, error) {
	base := filepath.Join(raw, fmt.Sprintf("%s-%d", strings.ReplaceAll(label, "/", "_"), rep))
	var status, rollup []byte
	for _, f := range []string{"status", "smaps_rollup", "smaps"} {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/%s", pid, f))
		if err != nil {
			return memory{}, fmt.Errorf("%s: %w", label, err)
		}
		switch f {
		case "status":
			status = b
		case "smaps_rollup":
			rollup = b
		}
		if err := os.WriteFile(base+"."+f, b, 0o644); err != nil {
			return memory{}, err
		}
	}
	kb := func(key string) float64 {
		for _, l := range strings.Split(string(status), "\n") {
			if strings.HasPrefix(l, key+":") {
				v, _ := strconv.ParseFloat(strings.Fields(l)[1], 64)
				return v
			}
		}
		return -1
	}
	ref := -1.0
	for _, l := range strings.Split(string(rollup), "\n") {
		if strings.HasPrefix(l, "Referenced:") {
			ref, _ = strconv.ParseFloat(strings.Fields(l)[1], 64)
		}
	}
	m := memory{RefMB: ref / 1024, RSSMB: kb("VmRSS") / 1024, RSSAnonMB: kb("RssAnon") / 1024, RSSFileMB: kb("RssFile") / 1024,
		HWMMB: kb("VmHWM") / 1024, Threads: int(kb("Threads"))}
	if m.RSSMB < 0 || m.RSSAnonMB < 0 || m.RSSFileMB < 0 || m.RefMB < 0 {
		return memory{}, fmt.Errorf("%s: VmRSS, RssAnon, RssFile or Referenced missing in /proc/%d", label, pid)
	}
	return m, nil
}

// clearRefs clears the accessed bits of the process's pages (/proc/<pid>/clear_refs), so that Referenced in
// smaps_rollup then counts what it touches from now on.
func clearRefs(pid int) error {
	return os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("1"), 0o200)
}

// cpuTicks is the process's user + system CPU time in clock ticks (USER_HZ, 100 per second on Linux).
func cpuTicks(pid int) (int64, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	u, err1 := strconv.ParseInt(f[11], 10, 64) // utime, field 14
	s, err2 := strconv.ParseInt(f[12], 10, 64) // stime, field 15
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%d/stat: utime %q stime %q", pid, f[11], f[12])
	}
	return u + s, nil
}
