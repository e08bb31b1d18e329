// Package config reads the reference eNB's JSON configuration file:
//
//	{
//	  "enb_id": "enb1",
//	  "uplink": "enb-up",                 interface towards the core/server
//	  "grpc_listen": "127.0.0.1:50061",   EnbPolicy service (mTLS, package enbtls)
//	  "tls": {"cert": "ap-enb1.crt", "key": "ap-enb1.key", "client_ca": "ca.crt"},
//	                                      relative paths are relative to this file;
//	                                      make them with mpsdn-certs (ap <enb_id>)
//	  "grpc_plaintext": false,            lab only: serve EnbPolicy without TLS
//	  "metrics_listen": "127.0.0.1:9105", GET /v1/metrics (package metricshttp)
//	  "peak_rate_bps": 75000000,          LTE rate table peak (default 75e6)
//	  "seed": 1,                          random seed of the Markov channels
//	  "ues": [
//	    {"id": "ue0", "iface": "enb-ue0", "ips": ["10.1.0.10"], "queue_limit": 1000,
//	     "channel": {"kind": "markov", "p": 0.3, "q": 0.1}},
//	    {"id": "ue1", "iface": "enb-ue1", "ips": ["10.1.0.11"],
//	     "channel": {"kind": "constant", "rate_bps": 20000000}},
//	    {"id": "ue2", "iface": "enb-ue2", "ips": ["10.1.0.12"],
//	     "channel": {"kind": "trace", "file": "ue2.csv", "loop": true, "length_ms": 60000}}
//	  ]
//	}
//
// Unknown fields are rejected; errors name the field (e.g. "ues[1].channel.p").
package config
