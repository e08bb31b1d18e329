"""GETs of the lab's HTTP endpoints: the app's REST API on the lab host and the reference eNB's metrics."""
import base64
import json
import urllib.request

from topology import ENB_METRICS


def app_rest(path, timeout=3):
    """GET of the app's REST API on the lab host (ONOS's default port and credentials); None if it fails."""
    req = urllib.request.Request(f"http://127.0.0.1:8181/onos/mpsdn/{path}")
    req.add_header("Authorization", "Basic " + base64.b64encode(b"onos:rocks").decode())
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.loads(r.read())
    except (OSError, ValueError):
        return None


def enb_metrics():
    """The default topology's reference eNB's metrics."""
    return get_json(ENB_METRICS)


def get_json(url, timeout=2):
    """GET of a JSON document (OSError or ValueError if it fails)."""
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return json.loads(r.read())

