#!/usr/bin/env python3
"""Unit tests of the topology files' loader and validator (no testbed): python3 -m unittest topology_test"""
import copy
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agents  # noqa: E402
import cells  # noqa: E402
import topology_file  # noqa: E402
from topology_file import Topology, TopologyError  # noqa: E402

DEFAULT = topology_file.load("default")


def doc():
    return copy.deepcopy(DEFAULT.doc)


class DefaultTopologyTest(unittest.TestCase):
    def test_default_is_the_fig2_setup_with_its_names_and_addresses(self):
        self.assertEqual(DEFAULT.radio, [("ue1", "wifi", "10.0.1.1", 54.0), ("ue2", "wifi", "10.0.1.2", 54.0),
                                         ("ue3", "wifi", "10.0.1.3", 30.0), ("ue2", "lte", "10.0.2.2", 34.0),
                                         ("ue3", "lte", "10.0.2.3", 46.0), ("ue4", "lte", "10.0.2.4", 46.0)])
        self.assertEqual(DEFAULT.primary, {"ue1": "wifi", "ue2": "wifi", "ue3": "lte", "ue4": "lte"})
        self.assertEqual(DEFAULT.ns, ["srv", "apw", "airw", "enb", "airl", "wanw", "wanl", "ue1", "ue2", "ue3", "ue4"])
        self.assertEqual(DEFAULT.multipath_ues, ["ue2", "ue3"])
        self.assertEqual(DEFAULT.agent, {"wifi": ("10.255.0.6", 50051), "lte": ("10.255.0.2", 50052)})
        w, l = DEFAULT.aps["wifi"], DEFAULT.aps["lte"]
        self.assertEqual((w["ns"], w["air"], w["radio"], w["bridge"], w["subnet"], w["srv_if"], w["dpid"],
                          w["ue_if"], w["table"]),
                         ("apw", "airw", "wl", "brw", "10.0.1", "w0", "00000000000000a1", "wlan0", 101))
        self.assertEqual((l["ns"], l["air"], l["radio"], l["bridge"], l["subnet"], l["srv_if"], l["dpid"],
                          l["ue_if"], l["table"]),
                         ("enb", "airl", "rf", "brl", "10.0.2", "l0", "00000000000000b1", "lte0", 102))
        self.assertEqual(DEFAULT.enb_metrics("lte"), "http://10.255.0.2:9105/v1/metrics")
        self.assertEqual([DEFAULT.port(u) for u in DEFAULT.ues], [5201, 5202, 5203, 5204])

    def test_station_document_keeps_todays_rates_and_rssi(self):
        d = agents.station_doc(DEFAULT, "wifi", {}, 7)
        self.assertEqual(d["enb_id"], "wifi-cell")
        self.assertEqual([(u["ips"], u["dl_phy_rate_bps"], u["rsrp_dbm"]) for u in d["ues"]],
                         [(["10.0.1.1"], 54000000, -50.0), (["10.0.1.2"], 54000000, -50.0),
                          (["10.0.1.3"], 30000000, -72.0)])

    def test_radio_event_changes_one_station_in_its_direction(self):
        d = agents.station_doc(DEFAULT, "wifi", {("ue2", "wifi"): (18.0, None)}, 7)
        ue2 = d["ues"][1]
        self.assertEqual((ue2["dl_phy_rate_bps"], ue2["ul_phy_rate_bps"]), (18000000, 54000000))
        self.assertEqual(d["ues"][0]["dl_phy_rate_bps"], 54000000)

    def test_wifi_cell_command_lines(self):
        w = DEFAULT.aps["wifi"]
        cmd = cells.wifi_cell_cmd("cell", w, DEFAULT.stations("wifi"), "st.json", "doc.json")
        self.assertEqual(cmd, ["cell", "-dev", "wl", "-status", "st.json", "-limit", "100",
                               "-station", "10.0.1.1=54.0", "-station", "10.0.1.2=54.0", "-station", "10.0.1.3=30.0",
                               "-contention", "0.143", "-station-doc", "doc.json", "-queue-mode", "per-station"])
        ul = cells.wifi_cell_cmd("cell", dict(w, cell_mode="shared-fifo"), [], "u.json", "doc.json", "uplink")
        self.assertEqual(ul[:3], ["cell", "-dev", "uplink"])
        self.assertEqual(ul[-4:], ["-queue-mode", "shared-fifo", "-direction", "uplink"])
        self.assertIn("-station-doc", ul)
        paired = cells.wifi_cell_cmd("cell", w, [], "u.json", "doc.json", "uplink", peer_status="st.json")
        self.assertEqual(paired[-4:], ["-direction", "uplink", "-peer-status", "st.json"])

    def test_enb_config_of_the_lte_cell(self):
        cfg = cells.enb_config(DEFAULT, "lte")
        self.assertEqual((cfg["enb_id"], cfg["grpc_listen"], cfg["metrics_listen"]),
                         ("lte", "10.255.0.2:50061", "10.255.0.2:9105"))
        self.assertEqual([(u["id"], u["iface"], u["ips"], u["channel"]["rate_bps"]) for u in cfg["ues"]],
                         [("ue2", "enb-ue2", ["10.0.2.2"], 34e6), ("ue3", "enb-ue3", ["10.0.2.3"], 46e6),
                          ("ue4", "enb-ue4", ["10.0.2.4"], 46e6)])
        self.assertTrue(cfg["grpc_plaintext"])


class OtherTopologiesTest(unittest.TestCase):
    def test_two_wifi_derives_distinct_short_names(self):
        t = topology_file.load("two-wifi")
        names = [(a["ns"], a["air"], a["bridge"], a["srv_if"], a["dpid"], a["ue_if"], a["subnet"], a["mgmt_ap"])
                 for a in t.aps.values()]
        for i in range(len(names[0])):
            self.assertEqual(len({n[i] for n in names}), len(names), names)
        self.assertTrue(all(len("mpl-m" + a["tag"]) <= 15 for a in t.aps.values()))
        self.assertEqual(t.aps["wifi2"]["ns"], "apw1")
        self.assertEqual(t.primary["ue3"], "lte")
        self.assertEqual(sorted(t.multipath_ues), ["ue2", "ue3", "ue6"])

    def test_multi_mp_has_several_multipath_users_per_ap(self):
        t = topology_file.load("multi-mp")
        for ap in t.aps:
            self.assertGreaterEqual(sum(1 for u in t.multipath_ues if t.primary[u] == ap), 2)


class ValidatorTest(unittest.TestCase):
    def bad(self, mutate, field):
        d = doc()
        mutate(d)
        with self.assertRaises(TopologyError) as c:
            Topology("t", d)
        self.assertIn(field, str(c.exception))

    def test_bad_fields_are_named(self):
        self.bad(lambda d: d["aps"][0].update(kind="wlan"), "aps[0].kind")
        self.bad(lambda d: d["aps"][0].update(cell_mode="fifo"), "aps[0].cell_mode")
        self.bad(lambda d: d["aps"][1].update(cell_mode="shared-fifo"), "aps[1].cell_mode")
        self.bad(lambda d: d["aps"][1].update(directions=["uplink"]), "aps[1].directions")
        self.bad(lambda d: d["aps"][0].update(colour="red"), "aps[0].colour")
        self.bad(lambda d: d["aps"][1].update(id="wifi"), "aps[1].id")
        self.bad(lambda d: d["ues"][1]["radios"][1].update(ap="umts"), "ues[1].radios[1].ap")
        self.bad(lambda d: d["ues"][1]["radios"][1].update(phy_mbps=-3), "ues[1].radios[1].phy_mbps")
        self.bad(lambda d: d["ues"][1]["radios"][1].update(ap="wifi"), "ues[1].radios[1].ap")
        self.bad(lambda d: d["ues"][0].update(primary="lte"), "ues[0].primary")
        self.bad(lambda d: d["ues"][3].update(id="ue1"), "ues[3].id")
        self.bad(lambda d: d["ues"][3].update(id="averylongname"), "ues[3].id")
        self.bad(lambda d: d.update(ues=[]), "ues")
        self.bad(lambda d: d["aps"][0].update(path_rtt_ms=-1), "aps[0].path_rtt_ms")
        self.bad(lambda d: d["aps"][1].update(path_rtt_ms="40"), "aps[1].path_rtt_ms")
        self.bad(lambda d: d["ues"][3].update(id="wanw"), "ues[3].id")

    def test_path_rtt_defaults_by_kind_and_zero_leaves_no_delay_line(self):
        self.assertEqual([DEFAULT.aps["wifi"]["path_rtt_ms"], DEFAULT.aps["lte"]["path_rtt_ms"]], [20, 40])
        d = doc()
        d["aps"][0]["path_rtt_ms"] = 0
        t = Topology("t", d)
        self.assertNotIn("wanw", t.ns)
        self.assertIn("wanl", t.ns)
        t.set_path_rtt({"wifi": 10, "lte": 0})
        self.assertEqual([t.aps["wifi"]["path_rtt_ms"], t.aps["lte"]["path_rtt_ms"]], [10, 0])
        self.assertIn("wanw", t.ns)
        self.assertNotIn("wanl", t.ns)

    def test_missing_file_and_bad_json_are_errors(self):
        with self.assertRaises(TopologyError):
            topology_file.load("no-such-topology")
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            f.write("{")
        with self.assertRaises(TopologyError) as c:
            topology_file.load(f.name)
        self.assertIn("not JSON", str(c.exception))
        os.remove(f.name)

    def test_every_committed_topology_loads(self):
        for f in os.listdir(topology_file.TOPOLOGIES):
            if f.endswith(".json"):
                topology_file.load(os.path.join(topology_file.TOPOLOGIES, f))
        json.dumps(DEFAULT.summary())


if __name__ == "__main__":
    unittest.main()
