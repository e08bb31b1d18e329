#!/usr/bin/env python3
"""Unit tests of the scoring data -> Tier-1 shortfall adapter (no testbed): python3 -m unittest shortfall_input_test"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import shortfall_input  # noqa: E402

T = [0.5 * (i + 1) for i in range(40)]          # 0.5 .. 20.0 s


def per_sample(f):
    return [f(t) for t in T]


def paced(t_s, mbps):
    return {"t_s": t_s, "kind": "paced", "mbps": mbps, "l2_mbps": round(mbps * 1.04, 3)}


def block():
    """A synthetic res["scoring"] (schema scoring_data.py): one mpsdn phase scored from 8 s to 20 s, interval 2 s
    (grace 4 s); ue1 paced 10 then 20 Mb/s on Wi-Fi, ue4 backlogged on LTE (No-MP 20 Mb/s), ue3 multipath, ue5
    backlogged without a reference throughput; a Wi-Fi radio event at 9.0 s (both directions) and an uplink-only
    LTE event at 15.0 s."""
    ues = {
        # 10.4 Mb/s at L2 is enough for 10 Mb/s (threshold 0.95 * 10.4 = 9.88) until the step up at 12 s, then
        # 15 < 0.95 * 20.8; dips to 5 at 8.5 (short) and at 10.0 (inside the radio event's grace)
        "ue1": {"tier1": True, "multipath": False, "direction": "downlink",
                "demand": [paced(0.0, 10), paced(12.0, 20)], "step_ups_s": [12.0],
                "throughput_mbps": per_sample(lambda t: 5.0 if t in (8.5, 10.0) else 10.4 if t <= 12 else 15.0),
                "radios": {"wifi": []}},
        "ue4": {"tier1": True, "multipath": False, "direction": "downlink",
                "demand": [{"t_s": 0.0, "kind": "backlogged", "mbps": 20.0, "l2_mbps": 20.0}], "step_ups_s": [],
                "throughput_mbps": per_sample(lambda t: 20.0 if t < 14 else 18.0), "radios": {"lte": []}},
        "ue3": {"tier1": False, "multipath": True, "direction": "downlink",
                "demand": [{"t_s": 0.0, "kind": "backlogged", "mbps": 9.0, "l2_mbps": 9.0}], "step_ups_s": [],
                "throughput_mbps": per_sample(lambda t: 0.0), "radios": {"wifi": [], "lte": []}},
        "ue5": {"tier1": True, "multipath": False, "direction": "downlink",
                "demand": [{"t_s": 0.0, "kind": "backlogged", "mbps": None, "l2_mbps": None}], "step_ups_s": [],
                "throughput_mbps": per_sample(lambda t: 1.0), "radios": {"lte": []}}}
    events = [{"t_s": 9.0, "applied_s": 9.0, "ue": "ue3", "ap": "wifi", "phy_mbps": 15, "direction": "both"},
              {"t_s": 15.0, "applied_s": 15.0, "ue": "ue4", "ap": "lte", "phy_mbps": 20, "direction": "uplink"}]
    mpsdn = {"controller": "mpsdn", "multipath": True, "reference": "nomp", "t0_epoch": 1000.0, "settle_s": 0,
             "duration_s": 20, "scored_from_s": 8.0, "end_s": 20.0, "t_s": list(T), "radio_events": events,
             "ues": ues}
    return {"schema": "mpsdn-lab-scoring/1", "topology": "x", "sample_s": 0.5, "warmup_s": 8,
            "l2_per_goodput": 1.04, "tier1_ues": ["ue1", "ue4", "ue5"], "phases": {"mpsdn": mpsdn}}


class AdapterTest(unittest.TestCase):
    def test_a_phase_becomes_the_shortfall_input(self):
        run, unscored = shortfall_input.phase_input(block(), "mpsdn", 2000)
        self.assertEqual((run["warmup_s"], run["end_s"], run["sample_s"], run["interval_ms"], run["pace_overhead"]),
                         (8.0, 20.0, 0.5, 2000, 1.04))
        self.assertEqual(sorted(run["ues"]), ["ue1", "ue3", "ue4"])
        self.assertEqual(run["ues"]["ue3"], {"tier1": False})
        ue1, ue4 = run["ues"]["ue1"], run["ues"]["ue4"]
        self.assertEqual(ue1["demand"], [(0.0, 10), (12.0, 20)])      # the goodput pace: tier1_shortfall adds L2
        self.assertNotIn("nomp_mbps", ue1)
        self.assertEqual((ue4["demand"], ue4["nomp_mbps"]), ([(0.0, "backlogged")], 20.0))
        self.assertEqual(ue1["samples"][0], (0.5, 10.4))
        self.assertEqual(len(ue1["samples"]), 40)
        self.assertEqual(ue1["radio_events"], [9.0])                  # its AP, both directions
        self.assertEqual(ue4["radio_events"], [])                     # an uplink event, ue4 downloads
        self.assertIn("ue5", unscored)
        self.assertIn("reference phase 'nomp'", unscored["ue5"])

    def test_the_multipath_users_are_scored_instead_when_asked(self):
        run, _ = shortfall_input.phase_input(block(), "mpsdn", 2000, users="multipath")
        self.assertEqual({u: v["tier1"] for u, v in run["ues"].items()},
                         {"ue1": False, "ue3": True, "ue4": False, "ue5": False})
        self.assertEqual((run["ues"]["ue3"]["demand"], run["ues"]["ue3"]["nomp_mbps"]), ([(0.0, "backlogged")], 9.0))
        with self.assertRaisesRegex(ValueError, "users: want one of tier1, multipath"):
            shortfall_input.phase_input(block(), "mpsdn", 2000, users="all")

    def test_the_shortfall_by_hand(self):
        sf = shortfall_input.phase_shortfall(block(), "mpsdn", 2000)
        # ue1: 8.5 (short; 10.0 is in the radio event's grace 9..13), 12.5 .. 15.5 in the step up's grace
        # 12..16, 16.0 .. 20.0 short (9 samples): 10 samples = 5 s
        self.assertEqual(sf["users"]["ue1"]["shortfall_s"], 5.0)
        self.assertEqual(sf["users"]["ue1"]["spans_s"], [[8.5, 8.5], [16.0, 20.0]])
        # ue4: 18 < 0.95 * 20 from 14.0 to 20.0 (13 samples), the uplink event gives no grace: 6.5 s
        self.assertEqual(sf["users"]["ue4"]["shortfall_s"], 6.5)
        self.assertEqual((sf["total_s"], sf["scored_s"], sf["total_s_per_min"]), (11.5, 12.0, 57.5))
        self.assertEqual((sf["users"]["ue1"]["shortfall_s_per_min"], sf["users"]["ue4"]["shortfall_s_per_min"]),
                         (25.0, 32.5))
        self.assertEqual(sf["grace_s"], 4.0)
        self.assertEqual(sorted(sf["users"]), ["ue1", "ue4"])
        self.assertEqual(list(sf["unscored"]), ["ue5"])
        self.assertEqual(sf["reference"], "nomp")

    def test_the_interval_sets_the_grace(self):
        # grace 2 s: ue1 short at 8.5 (10.0 is still in the event's grace 9..11) and from 14.0 to 20.0 (13 samples)
        sf = shortfall_input.phase_shortfall(block(), "mpsdn", 1000)
        self.assertEqual(sf["users"]["ue1"]["shortfall_s"], 0.5 + 6.5)
        self.assertEqual(sf["grace_s"], 2.0)

    def test_a_sample_after_the_clients_stop_is_not_scored(self):
        b = block()
        ph = b["phases"]["mpsdn"]
        ph["duration_s"] = 19.5                                         # the clients stop at 19.5 s; the 20.0 sample
        u4 = ph["ues"]["ue4"]                                           # is partly after them
        u4["throughput_mbps"] = per_sample(lambda t: 6.0 if t == 20.0 else 20.0)
        run, _ = shortfall_input.phase_input(b, "mpsdn", 2000)
        self.assertEqual(run["end_s"], 19.5)
        self.assertEqual(shortfall_input.phase_shortfall(b, "mpsdn", 2000)["users"]["ue4"]["shortfall_s"], 0.0)
        ph["duration_s"] = 20.0                                         # inside the traffic it is short
        self.assertEqual(shortfall_input.phase_shortfall(b, "mpsdn", 2000)["users"]["ue4"]["shortfall_s"], 0.5)

    def test_off_and_planned_event_times(self):
        b = block()
        ph = b["phases"]["mpsdn"]
        ph["ues"]["ue1"]["demand"] = [paced(0.0, 10), {"t_s": 12.0, "kind": "off", "mbps": 0.0, "l2_mbps": 0.0}]
        del ph["radio_events"][0]["applied_s"]
        run, _ = shortfall_input.phase_input(b, "mpsdn", 2000)
        self.assertEqual(run["ues"]["ue1"]["demand"], [(0.0, 10), (12.0, 0.0)])
        self.assertEqual(run["ues"]["ue1"]["radio_events"], [9.0])
        sf = shortfall_input.phase_shortfall(b, "mpsdn", 2000)
        self.assertEqual(sf["users"]["ue1"]["shortfall_s"], 0.5)      # only 8.5: no demand after 12 s

    def test_bad_data_names_the_phase_and_field_and_the_others_are_scored(self):
        b = block()
        b["phases"]["nomp"] = dict(b["phases"]["mpsdn"], ues={"ue1": dict(b["phases"]["mpsdn"]["ues"]["ue1"],
                                                                          throughput_mbps=[1.0])})
        b["phases"]["mp"] = dict(b["phases"]["mpsdn"], ues={"ue1": dict(b["phases"]["mpsdn"]["ues"]["ue1"],
                                                                        demand=[{"t_s": 0.0, "kind": "fast"}])})
        b["phases"]["late"] = dict(b["phases"]["mpsdn"], scored_from_s=None)
        out = shortfall_input.shortfalls(b, 2000)
        self.assertEqual(list(out), ["mpsdn", "nomp", "mp", "late"])
        self.assertEqual(out["mpsdn"]["total_s"], 11.5)
        self.assertRegex(out["nomp"]["error"], r"^phases\.nomp: ues\.ue1\.throughput_mbps")
        self.assertRegex(out["mp"]["error"], r"^phases\.mp: ues\.ue1\.demand\[0\]\.kind")
        self.assertRegex(out["late"]["error"], r"^phases\.late: warmup_s")
        self.assertRegex(shortfall_input.phase_shortfall(b, "gone", 2000)["error"], r"^phases\.gone: missing")

    def test_a_radio_event_splits_the_backlogged_reference_into_the_no_mp_spans(self):
        b = block()
        nomp = dict(b["phases"]["mpsdn"], controller="forward", multipath=False, reference="nomp",
                    radio_events=[dict(e, applied_s=e["t_s"] + 0.2) for e in b["phases"]["mpsdn"]["radio_events"]],
                    ues={"ue4": dict(b["phases"]["mpsdn"]["ues"]["ue4"], throughput_mbps=per_sample(
                        lambda t: 20.0 if t < 9.2 else 10.0 if t < 15.2 else 22.0))})
        b["phases"]["nomp"] = nomp
        run, _ = shortfall_input.phase_input(b, "mpsdn", 2000)
        # spans of the No-MP phase: its scored start (8) to its first event (9.2); 4 s of grace after each event
        self.assertEqual(run["ues"]["ue4"]["nomp_segments"], [(0.0, 20.0), (9.0, 10.0), (15.0, 22.0)])
        self.assertNotIn("nomp_segments", run["ues"]["ue1"])          # a paced user keeps its pace
        sf = shortfall_input.phase_shortfall(b, "mpsdn", 2000)["users"]["ue4"]
        # 20 then 18 Mb/s: enough for 20 and 10; short of 22 from 19 s, after the step up's grace (15-19 s)
        self.assertEqual(sf["step_ups_s"], [0.0, 15.0])                 # the first entry steps up from nothing
        self.assertEqual(sf["shortfall_s"], 1.5)
        # against the phase mean (20) the same samples are short from 14 s on
        self.assertEqual(shortfall_input.phase_shortfall(block(), "mpsdn", 2000)["users"]["ue4"]["shortfall_s"], 6.5)

    def test_each_span_takes_the_no_mp_phase_in_which_the_rehomed_ue_got_most(self):
        b = block()
        mp = b["phases"]["mpsdn"]

        def nomp(name, homes, ue2, ue4):
            ues = {"ue2": {"throughput_mbps": per_sample(ue2)}, "ue4": {"throughput_mbps": per_sample(ue4)}}
            return dict(mp, controller="forward", multipath=False, reference=name, references=[name], homes=homes,
                        ues=ues)
        # ue2 gets more on Wi-Fi before the first event and after the second, more on LTE between them
        b["phases"]["nomp"] = nomp("nomp", {}, lambda t: 8.0 if 9 <= t < 15 else 20.0, lambda t: 20.0)
        b["phases"]["alt"] = nomp("alt", {"ue2": "lte"}, lambda t: 11.0, lambda t: 14.0)
        mp["references"] = ["nomp", "alt"]
        run, _ = shortfall_input.phase_input(b, "mpsdn", 2000)
        self.assertEqual(run["ues"]["ue4"]["nomp_segments"], [(0.0, 20.0), (9.0, 14.0), (15.0, 20.0)])

    def test_no_spans_when_the_reference_had_other_events_or_a_span_no_sample(self):
        b = block()
        b["phases"]["nomp"] = dict(b["phases"]["mpsdn"], radio_events=b["phases"]["mpsdn"]["radio_events"][:1])
        run, _ = shortfall_input.phase_input(b, "mpsdn", 2000)
        self.assertNotIn("nomp_segments", run["ues"]["ue4"])
        b["phases"]["nomp"] = dict(b["phases"]["mpsdn"], end_s=16.0, duration_s=16)
        run, _ = shortfall_input.phase_input(b, "mpsdn", 2000)
        self.assertNotIn("nomp_segments", run["ues"]["ue4"])          # nothing after 15 + 4 s


if __name__ == "__main__":
    unittest.main()
