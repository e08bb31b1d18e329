#!/usr/bin/env python3
"""Unit tests of the lab's scoring (no testbed needed): python3 deploy/lab/scoring_test.py"""
import json
import os
import sys
import tempfile
import types
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scoring  # noqa: E402
import soak_probe  # noqa: E402
import rest  # noqa: E402


def series(**keys):
    n = len(next(iter(keys.values())))
    s = {"t": [0.5 * (i + 1) for i in range(n)]}
    s.update({k.replace("_", "/"): v for k, v in keys.items()})
    return s


class RecoveryTest(unittest.TestCase):
    def test_recovered_in_the_first_cycle(self):
        s = series(ue1_wifi=[10.4] * 20 + [20.8] * 20)
        r = scoring.score_recovery([(0, 10), (10.0, 20)], s, 2.0)
        self.assertEqual(r[0]["cycles"], 1)
        self.assertTrue(scoring.recovery_goal(r)["met"])

    def test_a_sample_within_the_guard_before_the_next_step_does_not_count(self):
        s = series(ue1_wifi=[10.4] * 39 + [20.8])   # only the sample at 20.0 s, 0.2 s before the next step
        r = scoring.score_recovery([(0, 10), (10.0, 20), (20.2, 10)], s, 2.0)
        self.assertIsNone(r[0]["cycles"])
        g = scoring.recovery_goal(r)
        self.assertIsNone(g["value"])
        self.assertFalse(g["met"])

    def test_late_recovery_misses_the_two_cycle_target(self):
        s = series(ue1_wifi=[10.4] * 30 + [20.8] * 10)   # reaches 20 Mb/s 5.5 s after the step
        g = scoring.recovery_goal(scoring.score_recovery([(0, 10), (10.0, 20)], s, 2.0))
        self.assertEqual(g["value"], 3)
        self.assertFalse(g["met"])


class HalvingTest(unittest.TestCase):
    def reg(self, limits, ap="wifi", t0=100.0):
        return [{"t": t0 + i, "aps": {ap: {"limit_kbps": v}}} for i, v in enumerate(limits)]

    def test_decreases_while_satisfied_are_counted_per_30_s(self):
        reg = self.reg([1000, 1000, 500, 500, 800, 400, 400, 200])
        s = series(ue2_wifi=[20.0] * 39)
        g = scoring.halving_goal("x", reg, "wifi", s, 100.0, {"ue2/wifi": 10.0}, 2.0)
        self.assertEqual(g["value"], 3)   # three halvings
        self.assertEqual(g["decreases"], 3)
        self.assertFalse(g["met"])

    def test_depth_counts_halvings_not_decreases(self):
        s = series(ue2_wifi=[20.0] * 39)
        # two decreases by one rung of the sqrt(2) ladder (rates rounded to kbit/s): one halving, met
        g = scoring.halving_goal("x", self.reg([6250, 4419, 3125]), "wifi", s, 100.0, {"ue2/wifi": 10.0}, 2.0)
        self.assertEqual((g["value"], g["decreases"], g["met"]), (1.0, 2, True))
        # three of them: 1.5 halvings, missed
        g = scoring.halving_goal("x", self.reg([6250, 4419, 3125, 2210]), "wifi", s, 100.0, {"ue2/wifi": 10.0}, 2.0)
        self.assertEqual((g["value"], g["met"]), (1.5, False))
        # one decrease deeper than a halving (50 -> 8.8 Mb/s) is 2.5 halvings, missed
        g = scoring.halving_goal("x", self.reg([50000, 8839]), "wifi", s, 100.0, {"ue2/wifi": 10.0}, 2.0)
        self.assertEqual((g["value"], g["decreases"], g["met"]), (2.5, 1, False))

    def test_decreases_while_tier1_is_short_do_not_count(self):
        reg = self.reg([1000, 500, 250, 125])
        s = series(ue2_wifi=[5.0] * 39)
        g = scoring.halving_goal("x", reg, "wifi", s, 100.0, {"ue2/wifi": 10.0}, 2.0)
        self.assertEqual(g["value"], 0)
        self.assertTrue(g["met"])

    def test_a_tier1_user_on_one_radio_and_a_callable_target(self):
        s = series(ue1_wifi=[12.0] * 20)
        self.assertTrue(scoring.satisfied(s, 5.0, {("ue1/wifi", "ue1/lte"): 12.0}, 2.0))
        self.assertFalse(scoring.satisfied(s, 5.0, {"ue1/wifi": lambda t: 20.0}, 2.0))


class IdleTest(unittest.TestCase):
    def test_wifi_from_the_cell_status_and_lte_from_the_enb_ttis(self):
        out = tempfile.mkdtemp()
        status = os.path.join(out, "cell-wifi.json")
        with open(status, "w") as f:
            json.dump({"station_idle_bps": [1e6, 2e6, 9e6]}, f)
        lab = types.SimpleNamespace(cell_status={"wifi": status})
        tti = {"v": 0}
        real = rest.enb_metrics
        rest.enb_metrics = lambda: {"tti": tti["v"], "ues": [
            {"ue_id": "ue2", "served_ttis": tti["v"] * 0.3, "rate_bps": 34e6},
            {"ue_id": "ue3", "served_ttis": tti["v"] * 0.35, "rate_bps": 46e6},
            {"ue_id": "ue4", "served_ttis": tti["v"] * 0.3, "rate_bps": 46e6}]}
        try:
            probe = scoring.IdleProbe(lab)
            for i in range(20):
                tti["v"] = 1000 * i
                probe(0.5 * i)
        finally:
            rest.enb_metrics = real
        self.assertEqual(probe.idle_mbps("ue3", "wifi", 2.0), 9.0)
        self.assertEqual(probe.idle_mbps("ue2", "lte", 2.0), round((1 - 0.65) * 34, 2))

    def test_idle_goal(self):
        self.assertTrue(scoring.idle_goal("c", "ue3", "wifi", 8.0, 9.5)["met"])
        self.assertFalse(scoring.idle_goal("c", "ue3", "wifi", 0.44, 7.75)["met"])
        self.assertFalse(scoring.idle_goal("c", "ue3", "wifi", 1.0, None)["met"])


if __name__ == "__main__":
    unittest.main()


class SatisfiedTest(unittest.TestCase):
    def test_a_window_across_a_step_down_compares_each_sample_with_the_demand_of_its_time(self):
        s = series(ue1_wifi=[17.0] * 8 + [10.4] * 2)   # 20 Mb/s wanted until 4.0 s, 10 after: short before
        demand = (lambda t: 20.0 if t <= 4.0 else 10.0)
        self.assertFalse(scoring.satisfied(s, 5.0, {"ue1/wifi": demand}, 2.0))
        self.assertTrue(scoring.satisfied(s, 5.0, {"ue1/wifi": lambda t: 10.0}, 2.0))
        s = series(ue1_wifi=[20.8] * 8 + [10.4] * 2)   # satisfied before and after the step
        self.assertTrue(scoring.satisfied(s, 5.0, {"ue1/wifi": demand}, 2.0))


class HeapProbeTest(unittest.TestCase):
    HERE = os.path.dirname(os.path.abspath(__file__))

    def test_the_live_heap_is_the_class_histograms_total(self):
        path = os.path.join(self.HERE, "testdata/class-histogram-170s.txt")
        with open(path) as f:
            self.assertEqual(soak_probe.parse_histogram_total_kb(f.read()), 19257560 // 1024)

    def test_no_total_line_reads_as_none(self):
        self.assertIsNone(soak_probe.parse_histogram_total_kb("123: Unable to open socket file"))
        self.assertIsNone(soak_probe.parse_histogram_total_kb(""))
