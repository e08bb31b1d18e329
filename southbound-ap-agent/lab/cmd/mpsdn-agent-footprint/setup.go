package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/certs"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/lab/internal/weightslab"
)

// rig is one measurement's processes: the weights lab's namespaces (client,
// server, Wi-Fi AP with a tbf on its uplink "aws", LTE AP), the client agent
// subscribed to a weights publisher, the reference eNB in the LTE AP's
// namespace, and two AP agents with the lab's configuration at 10 Hz over
// mTLS: one on the Wi-Fi AP's tbf (source qdisc), one on the eNB's metrics
// endpoint (source enb).
type rig struct {
	lab    *weightslab.Lab
	procs  []*proc
	agents map[string]string // label -> agent address (in its namespace)
	ns     map[string]string // label -> namespace
	pki    string
}

const (
	apWiFi = "mpsdn-ap-agent/wifi-qdisc"
	apLTE  = "mpsdn-ap-agent/lte-enb"
	enb    = "mpsdn-enb"
	client = "mpsdn-client-agent"
)

// newRig starts everything; bin holds the binaries, raw gets the logs.
func newRig(bin, raw, dir string) (*rig, error) {
	e := &weightslab.Experiment{AgentBin: filepath.Join(bin, client), Prefix: "fpm", WiFiRate: "20mbit",
		LTERate: "20mbit", WiFiWeight: 200}
	lab, err := e.Start()
	if err != nil {
		return nil, fmt.Errorf("weights lab: %w", err)
	}
	r := &rig{lab: lab, agents: map[string]string{}, ns: map[string]string{}, pki: filepath.Join(dir, "pki")}
	if err := r.startAll(bin, raw, dir); err != nil {
		r.stop()
		return nil, err
	}
	return r, nil
}

func (r *rig) startAll(bin, raw, dir string) error {
	if err := makePKI(r.pki); err != nil {
		return err
	}
	if _, err := r.lab.PushAndWait(nilCtx(), 200, 60); err != nil { // the client agent installs its shaping
		return err
	}
	t := r.lab.Topo
	enbCfg, err := r.writeENB(dir, t.APL)
	if err != nil {
		return err
	}
	p, _, err := start(raw, enb, t.APL, filepath.Join(bin, enb), false, "-config", enbCfg)
	if err != nil {
		return err
	}
	r.procs = append(r.procs, p)
	time.Sleep(time.Second) // the eNB's metrics endpoint comes up
	for label, ns := range map[string]string{apWiFi: t.APW, apLTE: t.APL} {
		cfg, err := r.writeAgent(dir, label)
		if err != nil {
			return err
		}
		p, addr, err := start(raw, label, ns, filepath.Join(bin, "mpsdn-ap-agent"), true, "-config", cfg)
		if err != nil {
			return err
		}
		r.procs = append(r.procs, p)
		r.agents[label], r.ns[label] = addr, ns
	}
	return nil
}

func makePKI(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	ca, err := certs.NewCA("footprint CA", 24*time.Hour)
	if err != nil {
		return err
	}
	if err := ca.Save(dir); err != nil {
		return err
	}
	for _, rid := range [][2]string{{"ap", "wifi"}, {"ap", "lte"}, {"controller", "lab"}} {
		pair, err := ca.Issue(rid[0], rid[1], []string{"127.0.0.1"}, 24*time.Hour)
		if err != nil {
			return err
		}
		if err := pair.Write(dir, rid[0]+"-"+rid[1]); err != nil {
			return err
		}
	}
	return nil
}

// writeENB writes the reference eNB's config as the lab's (deploy/lab/cells.py): PF, constant channels,
// uplink toward the server, one UE port toward the client, policy API over mTLS, metrics on loopback.
func (r *rig) writeENB(dir, ns string) (string, error) {
	cfg := map[string]any{"enb_id": "lte", "uplink": "als", "grpc_listen": "127.0.0.1:50061",
		"metrics_listen": "127.0.0.1:9105", "peak_rate_bps": 75e6, "seed": 1,
		"tls": r.tls("lte"),
		"ues": []any{map[string]any{"id": "ue1", "iface": "alc", "ips": []string{r.lab.Topo.ClientLTEIP},
			"queue_limit": 1000, "channel": map[string]any{"kind": "constant", "rate_bps": 46e6}}}}
	return writeJSON(filepath.Join(dir, "enb.json"), cfg)
}

// writeAgent writes an AP agent's config as the lab's (deploy/lab/agents.py), sample_rate_hz 10.
func (r *rig) writeAgent(dir, label string) (string, error) {
	cfg := map[string]any{"listen": "127.0.0.1:0", "sample_rate_hz": 10}
	if label == apWiFi {
		cfg["kind"], cfg["tls"] = "wifi", r.tls("wifi")
		cfg["queues"] = []any{map[string]any{"direction": "downlink", "source": "qdisc", "interface": "aws"}}
	} else {
		cfg["kind"], cfg["tls"] = "lte", r.tls("lte")
		cfg["queues"] = []any{map[string]any{"direction": "downlink", "source": "enb"}}
		cfg["stations"] = map[string]any{"source": "enb"}
		cfg["enb"] = map[string]any{"url": "http://127.0.0.1:9105/v1/metrics"}
	}
	return writeJSON(filepath.Join(dir, "agent-"+cfg["kind"].(string)+".json"), cfg)
}

func (r *rig) tls(ap string) map[string]string {
	return map[string]string{"cert": filepath.Join(r.pki, "ap-"+ap+".crt"), "key": filepath.Join(r.pki, "ap-"+ap+".key"),
		"client_ca": filepath.Join(r.pki, "ca.crt")}
}

func writeJSON(path string, v any) (string, error) {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return "", err
	}
	return path, os.WriteFile(path, b, 0o644)
}

// pids maps each measured label to its process id.
func (r *rig) pids() map[string]int {
	out := map[string]int{client: r.lab.AgentPid()}
	for _, p := range r.procs {
		out[p.name] = p.pid()
	}
	return out
}

func (r *rig) stop() {
	for i := len(r.procs) - 1; i >= 0; i-- {
		r.procs[i].stop()
	}
	r.lab.Stop()
}
