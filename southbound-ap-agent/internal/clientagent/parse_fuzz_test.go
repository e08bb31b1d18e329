package clientagent

import (
	"net/netip"
	"testing"
)

const ssSample = `ESTAB 0      850520 10.1.2.2%cl:40773 10.1.3.2:5201
	 bbr wscale:10,10 rto:220 rtt:16.196/1.136 mss:1448 pmtu:1500 rcvmss:536 advmss:1448 cwnd:28 ssthresh:138 bytes_sent:6278568 bytes_retrans:403040 bytes_acked:5835945 segs_out:4496 segs_in:964 data_segs_out:4494 bbr:(bw:24625952bps,mrtt:0.009,pacing_gain:1,cwnd_gain:2) send 20026673bps lastsnd:4 lastrcv:2524 lastack:4 pacing_rate 24379688bps delivery_rate 19142584bps delivered:4181 busy:2472ms unacked:28 retrans:0/287 minrtt:0.009 snd_wnd:9738240 tcp-ulp-mptcp flags:Jjecb token:2c978a74(id:0)/69179a17(id:1) seq:179b96a5cf6fa2f7 sfseq:0 ssnoff:7a04714a maplen:0
0      0         10.1.1.2:22 10.9.9.9:5555
	 cubic wscale:7,7 rto:204 rtt:0.5/0.25 cwnd:10 bytes_acked:100 delivery_rate 1.5Mbps
ESTAB 0      622824    10.1.1.2:35006 10.1.3.2:5201
	 cubic wscale:10,10 rto:216 rtt:12.973/1.282 mss:1448 cwnd:22 bytes_sent:6429813 bytes_acked:5877854 delivery_rate 19.1Mbps tcp-ulp-mptcp flags:Mmec token:0000(id:0)/69179a17(id:0) seq:179b96a5cf6fa2f7 sfseq:1 ssnoff:1c49b289 maplen:0
`

func TestParseSS(t *testing.T) {
	sfs, bad := ParseSS(ssSample)
	if bad != 0 || len(sfs) != 2 {
		t.Fatalf("got %d subflows, %d malformed: %+v", len(sfs), bad, sfs)
	}
	a := sfs[0]
	if a.Local != netip.MustParseAddrPort("10.1.2.2:40773") || a.SrttUs != 16196 || a.RttvarUs != 1136 ||
		a.BytesAcked != 5835945 || a.BytesSent != 6278568 || a.BytesRetrans != 403040 ||
		a.DeliveryRateBps != 19142584 || a.Cwnd != 28 || !a.Backup {
		t.Errorf("first subflow: %+v", a)
	}
	b := sfs[1]
	if b.DeliveryRateBps != 19100000 || b.Backup || b.SrttUs != 12973 {
		t.Errorf("second subflow: %+v", b)
	}
	if _, bad := ParseSS("0 0 10.0.0.1:1\n\t rtt:1/1 tcp-ulp-mptcp\nESTAB 0 0 nonsense 10.0.0.1:1\n\t rtt:1/1 tcp-ulp-mptcp flags:\n\t orphan\n"); bad != 3 {
		t.Errorf("malformed count = %d, want 3", bad)
	}
}

func TestParseEndpoints(t *testing.T) {
	eps, bad := ParseEndpoints("10.1.2.2 id 1 subflow backup dev cl \n10.1.1.2 id 2 signal\nfe80::1 id 3 subflow dev x\ngarbage line\n10.0.0.1 id 300 subflow\n")
	if bad != 2 || len(eps) != 3 {
		t.Fatalf("eps=%+v bad=%d", eps, bad)
	}
	if !eps[0].Backup() || eps[0].ID != 1 || eps[0].Device != "cl" || eps[1].Backup() {
		t.Errorf("eps=%+v", eps)
	}
}

func FuzzParseSS(f *testing.F) {
	f.Add(ssSample)
	f.Add("ESTAB 0 0 [::1]:1 [::1]:2\n\t rtt:1/1 delivery_rate tcp-ulp-mptcp")
	f.Fuzz(func(t *testing.T, s string) {
		sfs, _ := ParseSS(s)
		for _, sf := range sfs {
			if !sf.Local.IsValid() || !sf.Remote.IsValid() {
				t.Fatalf("invalid address accepted: %+v", sf)
			}
		}
	})
}

func FuzzParseEndpoints(f *testing.F) {
	f.Add("10.1.2.2 id 1 subflow backup dev cl \n")
	f.Add("::1 id 255 signal port 1000")
	f.Fuzz(func(t *testing.T, s string) {
		eps, _ := ParseEndpoints(s)
		for _, e := range eps {
			if !e.Addr.IsValid() || e.ID > 255 {
				t.Fatalf("bad endpoint accepted: %+v", e)
			}
		}
	})
}
