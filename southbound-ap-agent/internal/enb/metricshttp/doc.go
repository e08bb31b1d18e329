// Package metricshttp exposes the reference eNB's state to the AP agent's
// eNB data source as JSON over HTTP. The document is the agent's eNB metrics
// format version 1 (southbound-ap-agent/internal/collector/enb_format.go on
// the agent branch: version, timestamp_ms, capacity_bps, queues.<direction>,
// ues[].ips/dl_phy_rate_bps/dl_bytes/ul_bytes/inactive_ms) plus extension
// fields the agent ignores. Configure the agent's eNB source with
// http://<metrics_listen>/v1/metrics and the downlink direction only: the
// uplink is not scheduled, so there is no "uplink" queue.
//
// Endpoint: GET /v1/metrics (other methods: 405; other paths: 404).
// Response: 200, Content-Type application/json, one object:
//
//	{
//	  "version": 1,                  document version
//	  "timestamp_ms": 1763728000123, Unix ms when the document was produced
//	  "enb_id": "enb1",              eNB identity (the agent's ap_id)
//	  "tti": 123456,                 TTIs run since start (1 TTI = 1 ms)
//	  "elapsed_ms": 123456,          tti in milliseconds
//	  "capacity_bps": 75000000,      nominal peak cell rate (integer)
//	  "policy_version": 3,           installed scheduling policy (0 = default)
//	  "split_version": 1,            installed split configuration (0 = none)
//	  "queues": {"downlink": {       all UE queues together, at this instant
//	    "backlog_packets": 120, "backlog_bytes": 180000,
//	    "limit_packets": 2000, "limit_bytes": 0,     queues are limited in packets
//	    "drops": 7,                  drops since start (counter)
//	    "occupancy_ratio": 0.06      backlog_packets / limit_packets
//	  }},
//	  "ues": [{
//	    "ue_id": "ue0", "ips": ["10.1.0.10"],
//	    "channel": "markov(p=0.300,q=0.100)",
//	    "rate_bps": 52000000.0,      instantaneous rate of the last TTI
//	    "dl_phy_rate_bps": 52000000, the same as an integer
//	    "avg_served_bps": 21000000,  PFS average of the served throughput
//	    "served_bytes": 9000000,     delivered bytes since start (counter)
//	    "dl_bytes": 9000000,         the same (agent format)
//	    "ul_bytes": 0,               not counted (uplink not scheduled)
//	    "inactive_ms": 3,            since the UE's last enqueue or service
//	    "served_ttis": 4100.5,       TTIs (fractional) spent on this UE (counter)
//	    "enqueued_packets": 6100,    counter
//	    "backlog_packets": 60, "backlog_bytes": 90000, "limit_packets": 1000,
//	    "drops": 7                   counter
//	  }],
//	  "splits": [{ "split_id": "s1", "sent_lte": 10, "sent_second": 10,
//	    "held": 0, "in_order": 18, "released": 2, "gap_skips": 0, "late": 0,
//	    "hold_time_us": 25000, "in_flight_second_path": 0 }],
//	  "unknown_dst_packets": 0,
//	  "clock": { "late_ttis": 310, "skipped_ttis": 0, "idle_ttis": 42,
//	    "late_idle_ttis": 6 }
//	}
//
// clock says how the wall clock drove the cell: TTIs stepped late (in a
// catch-up after the process was descheduled), wall-clock TTIs never stepped
// (beyond the catch-up bound), and TTIs in which no UE had backlog, in all
// and among the late ones. Late idle TTIs in a larger share than late TTIs
// would mean capacity lost to the emulation rather than to the senders.
//
// Counters only grow while the process lives; a reader computes rates from
// differences of two samples and averages occupancy over its own samples.
// Arrays are never null.
package metricshttp
