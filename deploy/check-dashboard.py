#!/usr/bin/env python3
"""Checks deploy/grafana and deploy/prometheus against the metrics the app exports.

The exported metric names are read from a scrape written by the web module's tests
(web/target/metrics-sample.txt), so a renamed metric breaks this check.
"""
import json
import re
import sys
from pathlib import Path

top = Path(__file__).resolve().parent.parent
sample = top / "web/target/metrics-sample.txt"
if not sample.exists():
    sys.exit(f"{sample} missing: run mvn install first (MpsdnMetricsTest writes it)")
exported = set()
for line in sample.read_text().splitlines():
    m = re.match(r"# TYPE (\S+) (\S+)", line)
    if m:
        exported.add(m.group(1))
        if m.group(2) == "histogram":
            exported.update(m.group(1) + s for s in ("_bucket", "_count", "_sum"))

dash = json.loads((top / "deploy/grafana/mpsdn-dashboard.json").read_text())
used = set()
for panel in dash["panels"]:
    assert panel.get("targets"), f"panel {panel.get('title')} has no query"
    for t in panel["targets"]:
        used.update(re.findall(r"mpsdn_[a-z0-9_]+", t["expr"]))
for q in dash["templating"]["list"]:
    if q.get("type") == "query":
        used.update(re.findall(r"mpsdn_[a-z0-9_]+", q["definition"]))
missing = sorted(used - exported)
if missing:
    sys.exit(f"dashboard uses metrics the app does not export: {missing} (exported: {sorted(exported)})")

prom = (top / "deploy/prometheus/prometheus.yml").read_text()
assert "metrics_path: /onos/mpsdn/metrics" in prom, "scrape path must be the app's REST context"
print(f"dashboard OK: {len(dash['panels'])} panels, {len(used)} metric names, all exported")
