#!/usr/bin/env python3
"""Unit tests of the experiment descriptions' parser and the scoring data (no testbed):
python3 -m unittest experiment_test"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import experiment  # noqa: E402
import scoring_data  # noqa: E402
import topology_file  # noqa: E402
from experiment import Experiment, ExperimentError  # noqa: E402

DEFAULT = topology_file.load("default")


def base(**phase):
    return {"demand": {"all": {"kind": "backlogged"}},
            "phases": [dict({"name": "mpsdn", "controller": "mpsdn", "duration_s": 40}, **phase)]}


class ParserTest(unittest.TestCase):
    def test_committed_descriptions_parse_and_dynamic_demand_has_four_step_ups(self):
        for f in os.listdir(experiment.EXPERIMENTS):
            name = f[:-5]
            doc, _ = experiment.read(name)
            experiment.load(name, topology_file.load(doc.get("topology", "default")))
        dyn = experiment.load("dynamic-demand", DEFAULT)
        ph = [p for p in dyn.phases if p.name == "dynamic"][0]
        ups = [t for t in experiment.step_ups(ph.demand["ue1"]["segments"]) if t >= dyn.warmup_s]
        self.assertGreaterEqual(len(ups), 4)
        self.assertEqual(sorted(ph.demand), ["ue1", "ue3", "ue4"])

    def test_a_no_mp_reference_is_added_when_missing(self):
        e = Experiment("x", base(), DEFAULT)
        self.assertEqual([(p.name, p.controller, p.multipath) for p in e.phases],
                         [("nomp", "forward", False), ("mpsdn", "mpsdn", True)])
        self.assertEqual(e.phases[1].reference, "nomp")
        self.assertEqual(e.phases[0].duration_s, 40)
        # every lab host on Linux's default congestion control unless the description names another
        self.assertEqual(e.tcp_congestion_control, "cubic")
        self.assertEqual(Experiment("x", dict(base(), tcp_congestion_control="bbr"), DEFAULT).tcp_congestion_control,
                         "bbr")

    def test_selectors_most_specific_wins(self):
        d = {"all": {"kind": "paced", "mbps": 5}, "multipath": {"kind": "backlogged"},
             "ue3": {"kind": "off"}, "primary:lte": {"kind": "paced", "mbps": 7}}
        e = Experiment("x", {"demand": d, "phases": base()["phases"]}, DEFAULT)
        dem = e.phases[1].demand
        self.assertEqual(dem["ue1"]["segments"], [[0.0, 5.0]])
        self.assertEqual(dem["ue2"]["segments"], [[0.0, "backlogged"]])
        self.assertNotIn("ue3", dem)                   # off for the whole phase: idle
        self.assertEqual(dem["ue4"]["segments"], [[0.0, 7.0]])

    def test_on_off_and_steps(self):
        segs = experiment.segments("w", "f", {"kind": "on-off", "on_s": 10, "off_s": 5, "mbps": 8, "start_s": 2}, 40)
        self.assertEqual(segs, [[0.0, 0], [2.0, 8.0], [12.0, 0], [17.0, 8.0], [27.0, 0], [32.0, 8.0]])
        steps = experiment.segments("w", "f", {"kind": "steps", "steps": [[5, 10], [9, "backlogged"], [20, 0]]}, 30)
        self.assertEqual(steps, [[0.0, 0], [5.0, 10.0], [9.0, "backlogged"], [20.0, 0]])
        self.assertEqual(experiment.step_ups(steps), [5.0, 9.0])

    def bad(self, doc, field, topo=DEFAULT):
        with self.assertRaises(ExperimentError) as c:
            Experiment("x", doc, topo)
        self.assertIn(field, str(c.exception))

    def test_bad_fields_are_named(self):
        self.bad(base(controller="onos"), "phases[0].controller")
        self.bad(base(duration_s=0), "phases[0].duration_s")
        self.bad(dict(base(), demand={"ue9": {"kind": "backlogged"}}), "phases[0].demand.ue9")
        self.bad(dict(base(), demand={"all": {"kind": "bursty"}}), "phases[0].demand.all.kind")
        self.bad(dict(base(), demand={"all": {"kind": "paced"}}), "phases[0].demand.all.mbps")
        self.bad(dict(base(), demand={"all": {"kind": "steps", "steps": [[5, 1], [3, 2]]}}),
                 "phases[0].demand.all.steps[1][0]")
        self.bad(dict(base(), demand={"all": {"kind": "backlogged", "direction": "uplink"}}),
                 "phases[0].demand.all.direction")
        self.bad(base(radio_events=[{"t_s": 5, "ue": "ue4", "ap": "lte", "phy_mbps": 10}]),
                 "phases[0].radio_events[0].ap")
        self.bad(base(radio_events=[{"t_s": 50, "ue": "ue2", "ap": "wifi", "phy_mbps": 10}]),
                 "phases[0].radio_events[0].t_s")
        self.bad(base(reference="mp"), "phases[0].reference")
        self.bad(dict(base(), goals="fig99"), "goals")
        self.bad(dict(base(), colour=1), "(top).colour")
        self.bad(dict(base(), tcp_congestion_control="cubic; reboot"), "tcp_congestion_control")
        self.bad(dict(base(), path_rtt_ms={"umts": 40}), "path_rtt_ms.umts")
        self.bad(dict(base(), path_rtt_ms={"lte": -1}), "path_rtt_ms.lte")
        self.bad(dict(base(), path_rtt_ms=40), "path_rtt_ms")
        self.bad(base(idle_for={"ue": "ue3", "ap": "wifi"}), "phases[0].idle_for",
                 topology_file.load("multi-mp"))

    def test_path_rtt_per_ap(self):
        e = Experiment("x", dict(base(), path_rtt_ms={"wifi": 20, "lte": 40}), DEFAULT)
        self.assertEqual(e.path_rtt_ms, {"wifi": 20, "lte": 40})
        self.assertEqual(Experiment("x", base(), DEFAULT).path_rtt_ms, {})

    def test_homes_and_a_list_of_references(self):
        nomp = {"name": "nomp", "controller": "forward", "multipath": False, "duration_s": 40}
        alt = dict(nomp, name="alt", homes={"ue2": "lte", "ue3": "lte"})
        mp = {"name": "mpsdn", "controller": "mpsdn", "duration_s": 40, "reference": ["nomp", "alt"]}
        e = Experiment("x", {"demand": {"all": {"kind": "backlogged"}}, "phases": [nomp, alt, mp]}, DEFAULT)
        self.assertEqual(e.phases[1].homes, {"ue2": "lte"})          # ue3's primary is LTE already
        self.assertEqual((e.phases[1].reference, e.phases[1].references), ("alt", ["alt"]))
        self.assertEqual((e.phases[2].reference, e.phases[2].references), ("nomp", ["nomp", "alt"]))
        self.assertEqual(e.phases[2].homes, {})
        bad = {"demand": {"all": {"kind": "backlogged"}}}
        for phases, field in (([nomp, dict(alt, homes={"ue1": "wifi"})], "phases[1].homes.ue1"),
                              ([nomp, dict(alt, homes={"ue2": "wifi2"})], "phases[1].homes.ue2"),
                              ([nomp, dict(alt, homes=["ue2"])], "phases[1].homes"),
                              ([nomp, dict(mp, homes={"ue2": "lte"}, reference=None)], "phases[1].homes"),
                              ([nomp, dict(mp, reference=["nomp", "nomp"])], "phases[1].reference"),
                              ([nomp, dict(mp, reference=["nomp", "mpsdn"])], "phases[1].reference")):
            self.bad(dict(bad, phases=phases), field)

    def test_uplink_needs_an_uplink_cell(self):
        two = topology_file.load("two-wifi")
        e = Experiment("x", dict(base(), demand={"ue1": {"kind": "backlogged", "direction": "uplink"}}), two)
        self.assertEqual(e.phases[1].demand["ue1"]["direction"], "uplink")


class ScoringDataTest(unittest.TestCase):
    def test_the_rational_reference_is_where_the_rehomed_ues_got_most(self):
        phases = {"nomp": {"homes": {}}, "alt": {"homes": {"ue2": "lte"}}, "alt2": {"homes": {"ue3": "wifi"}}}
        mean = {("nomp", "ue2"): 10.0, ("alt", "ue2"): 12.0, ("nomp", "ue3"): 20.0, ("alt", "ue3"): 20.0,
                ("alt2", "ue2"): 10.0, ("alt2", "ue3"): 21.0}
        pick = scoring_data.rational_reference
        self.assertEqual(pick(phases, ["nomp", "alt"], lambda n, u: mean.get((n, u))), "alt")
        self.assertEqual(pick(phases, ["nomp", "alt", "alt2"], lambda n, u: mean.get((n, u))), "alt")  # 32 > 31
        self.assertEqual(pick(phases, ["nomp"], lambda n, u: None), "nomp")
        self.assertEqual(pick(phases, ["nomp", "alt"], lambda n, u: None), "nomp")      # no data: the first
        even = {("nomp", "ue2"): 10.0, ("alt", "ue2"): 10.0}
        self.assertEqual(pick(phases, ["nomp", "alt"], lambda n, u: even.get((n, u))), "nomp")  # a tie: the first


    def test_phase_data_per_ue(self):
        e = Experiment("x", base(radio_events=[{"t_s": 10, "ue": "ue2", "ap": "wifi", "phy_mbps": 18}]), DEFAULT)
        series = {"t": [0.5, 1.0], "ue1/wifi": [10.0, 11.0], "ue2/wifi": [5.0, 6.0], "ue2/lte": [1.0, 2.0],
                  "ue3/wifi": [0, 0], "ue3/lte": [3, 3], "ue4/lte": [20, 20]}
        summary = {"ue": {u: {"total": 7.0} for u in DEFAULT.ues}, "series": series, "t0_epoch": 0.0, "demand_log": {}}
        s = {"series": series, "t0_epoch": 1.0, "demand_log": {"ue1": [[0.0, "backlogged"]],
                                                                "ue2": [[0.0, 5.0], [3.0, 0], [4.0, 9.0]]}}
        res = {"phases": {"nomp": summary, "mpsdn": s}, "radio_events": {"mpsdn": [{"t_s": 10, "applied_s": 10.02}]}}
        out = scoring_data.build(e, res)
        ph = out["phases"]["mpsdn"]
        self.assertEqual(out["tier1_ues"], ["ue1", "ue4"])
        self.assertEqual(ph["reference"], "nomp")
        self.assertEqual(ph["radio_events"][0]["applied_s"], 10.02)
        self.assertEqual(ph["ues"]["ue1"]["demand"], [{"t_s": 0.0, "kind": "backlogged", "mbps": 7.0, "l2_mbps": 7.0}])
        self.assertTrue(ph["ues"]["ue1"]["tier1"])
        self.assertEqual(ph["ues"]["ue2"]["throughput_mbps"], [6.0, 8.0])
        self.assertEqual(ph["ues"]["ue2"]["step_ups_s"], [0.0, 4.0][1:])
        self.assertTrue(ph["ues"]["ue2"]["multipath"])


if __name__ == "__main__":
    unittest.main()
