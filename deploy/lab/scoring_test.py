#!/usr/bin/env python3
"""Unit tests of the lab's scoring (no testbed needed): python3 deploy/lab/scoring_test.py"""
import json
import os
import sys
import tempfile
import types
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import multipath_judging  # noqa: E402
import report  # noqa: E402
import rescore_dynamic  # noqa: E402
import scoring  # noqa: E402
import soak_checks  # noqa: E402
import soak_judged  # noqa: E402
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


def run(ues, warmup_s=0.0, end_s=20.0, interval_ms=2000, **kw):
    return scoring.tier1_shortfall(dict({"warmup_s": warmup_s, "end_s": end_s, "interval_ms": interval_ms,
                                         "ues": ues}, **kw))


def every(values, start=0.5, step=0.5):
    """Samples (t, v) every step from start."""
    return [(round(start + step * i, 3), v) for i, v in enumerate(values)]


class ShortfallTest(unittest.TestCase):
    def test_the_interval_average_forgives_scatter_but_not_a_squeeze_that_lasts(self):
        # 10 Mb/s paced (10.4 at L2): every fourth sample 9.4 (short), the others 10.7: the 2-s means stay at 10.4
        scatter = [9.4 if i % 4 == 0 else 10.7 for i in range(40)]
        u = run({"ue1": {"tier1": True, "demand": [(0, 10)], "samples": every(scatter)}}, warmup_s=2.0)["users"]["ue1"]
        self.assertEqual(u["short_s"], 4.0)   # 4.5, 6.5, ..., 18.5 (2.5 is within the grace after the start)
        self.assertEqual(u["ei_shortfall_s"], 0)
        # a squeeze to 8 Mb/s from 10 s to 14 s: the interval means are short from its first sample to 15.0 s
        # (9.8 there: one squeezed sample of four), 11 samples
        squeeze = [8.0 if 10.0 <= 0.5 + 0.5 * i < 14.0 else 10.4 for i in range(40)]
        sf = run({"ue1": {"tier1": True, "demand": [(0, 10)], "samples": every(squeeze)}}, warmup_s=2.0)
        self.assertEqual(sf["users"]["ue1"]["short_s"], 4.0)
        self.assertEqual(sf["users"]["ue1"]["ei_shortfall_s"], 5.5)
        self.assertEqual(sf["ei_total_s"], 5.5)

    def test_a_paced_user_at_its_demand_is_never_short(self):
        sf = run({"ue1": {"tier1": True, "demand": [(0, 10)], "samples": every([10.4] * 40)}})
        self.assertEqual((sf["users"]["ue1"]["shortfall_s"], sf["total_s"]), (0, 0))

    def test_a_sample_at_exactly_95_percent_is_not_short_and_one_just_below_is(self):
        ue = {"tier1": True, "demand": [(0, 20)], "samples": [(10.0, 19.0), (10.5, 18.99)]}
        sf = run({"ue1": ue}, warmup_s=10.0, end_s=10.5, pace_overhead=1.0)
        self.assertEqual(sf["users"]["ue1"]["short_s"], 0.5)
        self.assertEqual(sf["users"]["ue1"]["spans_s"], [[10.5, 10.5]])
        # at the default pace overhead (L2 frames per goodput byte) 95 % of a 20 Mb/s pace is 0.95 * 20 * L2
        ue["samples"] = [(10.0, 0.95 * 20 * scoring.L2), (10.5, 19.0)]
        self.assertEqual(run({"ue1": ue}, warmup_s=10.0, end_s=10.5)["users"]["ue1"]["short_s"], 0.5)

    def test_only_samples_from_the_end_of_the_warm_up_to_the_end_of_the_run_count(self):
        sf = run({"ue1": {"tier1": True, "demand": [(0, 10)], "samples": every([1.0] * 40)}}, warmup_s=8.0,
                 end_s=15.0)
        self.assertEqual(sf["users"]["ue1"]["short_s"], 7.5)   # 8.0, 8.5, ..., 15.0: 15 samples
        self.assertEqual(sf["scored_s"], 7.0)
        self.assertEqual(sf["total_s_per_min"], round(7.5 / (7.0 / 60), 2))

    def test_a_grace_of_two_intervals_after_a_step_up_and_none_after_a_step_down(self):
        # 10 Mb/s, 20 from 5 s, 10 from 15 s; UE1 carries 10.4 throughout
        ue = {"tier1": True, "demand": [(0, 10), (5.0, 20), (15.0, 10)], "samples": every([10.4] * 40)}
        u = run({"ue1": ue})["users"]["ue1"]
        self.assertEqual(u["step_ups_s"], [0.0, 5.0])
        self.assertEqual(u["short_s"], 6.0)       # 9.0 .. 14.5 (5.0 .. 8.5 in the 4-s grace)
        self.assertEqual(u["spans_s"], [[9.0, 14.5]])
        # a shorter interval, a shorter grace: 2 x 500 ms
        self.assertEqual(run({"ue1": ue}, interval_ms=500)["users"]["ue1"]["short_s"], 9.0)   # 6.0 .. 14.5
        # short after a step down: no grace
        ue = {"tier1": True, "demand": [(0, 20), (5.0, 10)], "samples": every([20.8] * 10 + [5.0] * 4 + [10.4] * 26)}
        self.assertEqual(run({"ue1": ue})["users"]["ue1"]["spans_s"], [[5.5, 7.0]])

    def test_the_first_demand_is_a_step_up_from_nothing_and_no_demand_is_never_short(self):
        ue = {"tier1": True, "demand": [(6.0, 10), (12.0, 0)], "samples": every([0.0] * 40)}
        u = run({"ue1": ue})["users"]["ue1"]
        self.assertEqual(u["step_ups_s"], [6.0])
        self.assertEqual(u["spans_s"], [[10.0, 11.5]])   # 6.0 .. 9.5 in the grace, nothing wanted from 12 s

    def test_radio_events_of_the_user_and_of_the_run_open_a_grace(self):
        ue = {"tier1": True, "demand": [(0, 10)], "samples": every([5.0] * 40), "radio_events": [2.0]}
        u = run({"ue1": ue}, warmup_s=2.0, radio_events=[10.0])["users"]["ue1"]
        self.assertEqual(u["spans_s"], [[6.0, 9.5], [14.0, 20.0]])
        self.assertEqual(u["radio_events_s"], [2.0])

    def test_a_backlogged_user_is_judged_against_its_no_mp_throughput(self):
        ue = {"tier1": True, "demand": [(0, "backlogged")], "nomp_mbps": 20.0,
              "samples": every([19.0] * 20 + [18.9] * 20)}
        u = run({"ue4": ue})["users"]["ue4"]   # no pace overhead: No-MP is measured at the radio like the samples
        self.assertEqual(u["spans_s"], [[10.5, 20.0]])
        del ue["nomp_mbps"]
        with self.assertRaisesRegex(ValueError, "ues.ue4.nomp_mbps"):
            run({"ue4": ue})

    def test_a_paced_user_that_becomes_backlogged_steps_up_to_its_no_mp_throughput(self):
        ue = {"tier1": True, "demand": [(0, 10), (10.0, "backlogged")], "nomp_mbps": 22.0,
              "samples": every([10.4] * 40)}
        u = run({"ue1": ue})["users"]["ue1"]
        self.assertEqual(u["step_ups_s"], [0.0, 10.0])
        self.assertEqual(u["spans_s"], [[14.0, 20.0]])

    def test_missing_samples_count_with_the_short_ones_outside_a_grace(self):
        samples = every([10.4] * 40)
        del samples[29:32]                      # no sample at 15.0, 15.5, 16.0
        samples[5] = (3.0, None)                # a sample without a value, in the grace after the start
        samples[20] = (10.5, None)              # and one outside it
        u = run({"ue1": {"tier1": True, "demand": [(0, 10)], "samples": samples}})["users"]["ue1"]
        self.assertEqual((u["short_s"], u["missing_s"], u["shortfall_s"]), (0, 2.0, 2.0))
        self.assertEqual(u["spans_s"], [[10.5, 10.5], [15.0, 16.0]])

    def test_missing_samples_at_the_ends_of_the_scored_time(self):
        u = run({"ue1": {"tier1": True, "demand": [(0, 10)], "samples": every([10.4] * 10, start=11.0)}},
                warmup_s=10.0, end_s=20.0)["users"]["ue1"]
        self.assertEqual(u["missing_s"], 0.5 + 4.5)   # 10.5 before the first; 16.0 .. 20.0 after the last
        u = run({"ue1": {"tier1": True, "demand": [(0, 10)], "samples": []}}, warmup_s=10.0, end_s=20.0)
        self.assertEqual(u["users"]["ue1"]["missing_s"], 10.0)   # 10.5 .. 20.0

    def test_samples_jitter_around_their_period_without_missing_slots(self):
        samples = [(8.008 + 0.5 * i + (0.01 if i % 2 else -0.005), 21.0) for i in range(64)] + [(40.009, 21.0)]
        u = run({"ue1": {"tier1": True, "demand": [(0, "backlogged")], "nomp_mbps": 21.0, "samples": samples}},
                warmup_s=8.0, end_s=40.0)["users"]["ue1"]
        self.assertEqual((u["missing_s"], u["short_s"]), (0, 0))   # 40.009 is after the end, its slot is not missing

    def test_only_tier1_users_are_scored_and_the_total_sums_them(self):
        sf = run({"ue1": {"tier1": True, "demand": [(0, 10)], "samples": every([5.0] * 40)},
                  "ue3": {"tier1": False, "samples": every([0.0] * 40)},
                  "ue4": {"tier1": True, "demand": [(0, "backlogged")], "nomp_mbps": 20.0,
                          "samples": every([10.0] * 40)}})
        self.assertEqual(sorted(sf["users"]), ["ue1", "ue4"])
        self.assertEqual(sf["total_s"], 16.5 + 16.5)     # 4.0 .. 20.0 each (0.5 .. 3.5 in the start's grace)
        self.assertEqual(sf["total_s_per_min"], 99.0)
        self.assertEqual(sf["users"]["ue1"]["shortfall_s_per_min"], 49.5)

    def test_a_backlogged_phase_is_scored_against_the_no_mp_phase(self):
        t = [0.5 * (i + 1) for i in range(40)]
        res = {"params": {"warmup_s": 6, "phase_s": 20, "app_parameters": {"intervalMs": 2000}}, "phases": {
            "nomp": {"ue": {u: {"total": 20.0} for u in ("ue1", "ue2", "ue3", "ue4")}},
            "mpsdn": {"multipath_ues": ["ue2", "ue3"], "series": {"t": t, "ue1/wifi": [19.0] * 30 + [18.0] * 10,
                                                                  "ue2/wifi": [1.0] * 40, "ue2/lte": [1.0] * 40,
                                                                  "ue4/lte": [21.0] * 40}}}}
        sf = scoring.backlogged_phase_shortfall(res, "mpsdn")
        self.assertEqual(sorted(sf["users"]), ["ue1", "ue4"])
        self.assertEqual((sf["users"]["ue1"]["shortfall_s"], sf["users"]["ue4"]["shortfall_s"]), (5.0, 0))
        self.assertIn("ue1 5 s (21.43 s/min)", scoring.shortfall_line("x", sf))

    def test_bad_input_names_the_field(self):
        good = {"tier1": True, "demand": [(0, 10)], "samples": []}
        for ues, field in (({"ue1": dict(good, tier1=None)}, "ues.ue1.tier1"),
                           ({"ue1": dict(good, demand=[])}, "ues.ue1.demand"),
                           ({"ue1": dict(good, demand=[(0, "fast")])}, r"ues.ue1.demand\[0\]"),
                           ({"ue1": dict(good, demand=[(5, 10), (1, 20)])}, r"ues.ue1.demand\[1\]"),
                           ({"ue1": dict(good, samples=[1, 2])}, "ues.ue1.samples"),
                           ({"ue1": dict(good, samples=[(1.0, "x")])}, "ues.ue1.samples"),
                           ({"ue1": dict(good, radio_events=["soon"])}, "ues.ue1.radio_events"),
                           ({"ue1": dict(good, demand=[(0, "backlogged")], nomp_mbps=5,
                                         nomp_segments=[(1.0, 5)])}, "ues.ue1.nomp_segments"),
                           ({"ue1": dict(good, demand=[(0, "backlogged")], nomp_mbps=5,
                                         nomp_segments=[(0, 5), (0, 6)])}, "ues.ue1.nomp_segments")):
            with self.assertRaisesRegex(ValueError, field):
                run(ues)
        with self.assertRaisesRegex(ValueError, "interval_ms"):
            scoring.tier1_shortfall({"warmup_s": 0, "end_s": 1, "ues": {}})
        with self.assertRaisesRegex(ValueError, "end_s"):
            run({}, warmup_s=5.0, end_s=5.0)
        with self.assertRaisesRegex(ValueError, "^radio_events"):
            run({"ue1": good}, radio_events=5.0)

    def test_the_interval_default_is_read_from_the_apps_constants(self):
        with tempfile.NamedTemporaryFile("w", suffix=".java", delete=False) as f:
            f.write("    public static final int INTERVAL_MS_DEFAULT = 1500;\n    double CTH_DEFAULT = 0.85;\n")
        self.assertEqual(scoring.app_default("INTERVAL_MS", f.name), 1500)
        self.assertEqual(scoring.app_default("CTH", f.name), 0.85)
        with self.assertRaisesRegex(ValueError, "ALPHA_DEFAULT"):
            scoring.app_default("ALPHA", f.name)
        self.assertIsInstance(scoring.app_default("INTERVAL_MS"), int)   # the app's own source

    def test_the_goal_line_reports_without_judging(self):
        g = scoring.shortfall_goal("x", run({"ue1": {"tier1": True, "demand": [(0, 10)], "samples": []}}))
        self.assertIsNone(g["met"])
        self.assertEqual(g["value"]["per_user_s"], {"ue1": 16.5})   # every slot missing, 0.5 .. 3.5 in the grace


class ShortfallOfCommittedRunsTest(unittest.TestCase):
    """The dynamic-demand runs at b607d39 (testdata/, taken from commit 09a565b) rescored from their raw series: UE1
    (Tier 1, 20 then 10 Mb/s), from the end of an 8-s warm-up to the end of the run, grace 2 x intervalMs after a
    step up."""
    DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "testdata")

    def ue1(self, d, overhead):
        with open(os.path.join(self.DATA, f"dynamic-demand-b607d39-{d}.json")) as f:
            r = json.load(f)
        sf = rescore_dynamic.dynamic_shortfall(r, 8.0, overhead)
        self.assertEqual((sf["grace_s"], sf["scored_s"] > 72), (4.0, True))
        return sf["total_s"]

    def test_demand_compared_with_the_radio_rate_as_is(self):
        got = [self.ue1(f"{d}-{i}", 1.0) for d in ("mpsdn", "paper") for i in (1, 2, 3)]
        self.assertEqual(got, [19.5, 5.5, 18.5, 31.0, 32.5, 29.5])

    def test_demand_at_the_radio_with_the_frame_overhead(self):
        got = [self.ue1(f"{d}-{i}", scoring.L2) for d in ("mpsdn", "paper") for i in (1, 2, 3)]
        self.assertEqual(got, [20.0, 5.5, 19.5, 31.0, 32.5, 29.5])


WANT = {"ue2": ["10.0.1.2", "10.0.2.2"], "ue3": ["10.0.1.3", "10.0.2.3"]}
AP_OF = {"10.0.1.2": "wifi", "10.0.1.3": "wifi", "10.0.2.2": "lte", "10.0.2.3": "lte"}


class MultipathJudgedTest(unittest.TestCase):
    def goal(self, grouped, kernel, stale=None, until=None):
        return multipath_judging.multipath_goal("x", WANT, grouped, kernel, stale, AP_OF, until)

    def test_every_ue_grouped_and_multipath_in_the_kernel(self):
        g = self.goal(["ue2", "ue3"], dict(WANT))
        self.assertTrue(g["met"])
        self.assertEqual(g["value"]["counted_against"], [])

    def test_a_ue_not_grouped_counts_against_and_an_unread_kernel_judges_every_ue(self):
        self.assertEqual(self.goal(["ue2"], dict(WANT))["value"]["counted_against"], ["ue3"])
        g = self.goal(["ue2"], None)
        self.assertEqual((g["met"], g["value"]["counted_against"]), (False, ["ue3"]))

    def test_a_ue_that_stopped_being_multipath_counts_against_without_proof_of_staleness(self):
        g = self.goal(["ue2"], {"ue2": WANT["ue2"], "ue3": ["10.0.2.3"]})
        self.assertFalse(g["met"])
        self.assertEqual(g["value"]["counted_against"], ["ue3"])
        self.assertEqual(g["value"]["not_multipath_in_kernel"], {"ue3": ["10.0.2.3"]})
        self.assertIn("MPTcpExtSubflowStale", g["value"]["stale_evidence"])

    def test_a_missing_subflow_the_app_made_a_backup_passes_in_its_own_field(self):
        kernel = {"ue2": ["10.0.1.2"], "ue3": ["10.0.2.3"]}
        g = multipath_judging.multipath_goal("x", WANT, [], kernel, None, AP_OF, 30.0,
                                             {"ue2": ["10.0.2.2"], "ue3": ["10.0.1.3"]})
        self.assertTrue(g["met"])
        self.assertEqual(g["value"]["backup_by_app"], {"ue2": ["10.0.2.2"], "ue3": ["10.0.1.3"]})
        # a backup on the address that is active does not explain the missing one
        g = multipath_judging.multipath_goal("x", WANT, ["ue2"], kernel, None, AP_OF, 30.0,
                                             {"ue2": ["10.0.2.2"], "ue3": ["10.0.2.3"]})
        self.assertEqual((g["met"], g["value"]["counted_against"]), (False, ["ue3"]))

    def test_a_subflow_proven_stale_at_rm_is_reported_in_its_own_field(self):
        stale = {"counts": [(10.0, 3), (11.0, 3), (12.0, 4), (13.0, 4)], "rm_kbps": 100,
                 "limits": {"wifi": [(9.5, 141), (10.5, 100), (11.5, 100), (12.5, 100)], "lte": []}}
        kernel = {"ue2": WANT["ue2"], "ue3": ["10.0.2.3"]}
        g = self.goal(["ue2"], kernel, stale, until=20.0)
        self.assertTrue(g["met"])
        self.assertEqual(g["value"]["stale_at_rm"], {"ue3": [{"stale_marked_between_s": [11.0, 12.0],
                                                              "stale_marks": 1, "limit_kbps": 100}]})
        self.assertEqual(g["value"]["stale_evidence"], "collected")
        # the mark came after the kernel was read: it does not explain it
        self.assertFalse(self.goal(["ue2"], kernel, stale, until=11.5)["met"])
        # the limit was above R_m when the mark may have happened
        above = dict(stale, limits={"wifi": [(9.5, 100), (11.8, 141)]})
        self.assertFalse(self.goal(["ue2"], kernel, above, until=20.0)["met"])
        # no mark counted, or no limit logged before it
        self.assertFalse(self.goal(["ue2"], kernel, dict(stale, counts=[(10.0, 3), (13.0, 3)]), 20.0)["met"])
        self.assertFalse(self.goal(["ue2"], kernel, dict(stale, limits={"wifi": [(11.5, 100)]}), 20.0)["met"])
        # a stale Wi-Fi subflow does not explain a missing LTE one
        self.assertFalse(self.goal(["ue2"], {"ue2": WANT["ue2"], "ue3": ["10.0.1.3"]}, stale, 20.0)["met"])

    def test_a_subflow_marked_stale_while_its_limit_was_cut_to_rm_is_proven_and_one_whose_limit_rose_is_not(self):
        # the law's decreases while a Tier-1 station is held back: 4419 -> 1105 -> 328 -> 164 -> 100 kb/s; the
        # server's scheduler marks the subflow stale at 328 kb/s (between the reads at 14 and 15 s)
        cut = [(8.0, 4419), (12.0, 1105), (14.0, 328), (17.0, 164), (19.0, 100), (21.0, 100)]
        stale = {"counts": [(13.0, 0), (14.0, 0), (15.0, 1), (16.0, 1)], "rm_kbps": 100,
                 "limits": {"wifi": [], "lte": cut}}
        kernel = {"ue2": WANT["ue2"], "ue3": ["10.0.1.3"]}
        g = self.goal(["ue2", "ue3"], kernel, stale, until=22.0)
        self.assertTrue(g["met"])
        self.assertEqual(g["value"]["stale_at_rm"]["ue3"][0]["stale_marked_between_s"], [14.0, 15.0])
        # the kernel read before the limit reached R_m: the mark is not explained by R_m
        self.assertFalse(self.goal(["ue2", "ue3"], kernel, stale, until=18.0)["met"])
        # the limit rose after the mark (the app gave the capacity back and the subflow did not recover)
        rose = dict(stale, limits={"wifi": [], "lte": cut[:3] + [(16.0, 2000), (19.0, 100)]})
        self.assertFalse(self.goal(["ue2", "ue3"], kernel, rose, until=22.0)["met"])


class DetectionGoalTest(unittest.TestCase):
    LAB = types.SimpleNamespace(ue_source="detected")

    def snapshot(self, kernel, grouped):
        return {"t_s": 30.0, "kernel": kernel, "detection": {"users": [
            {"multipath": True, "addresses": WANT[u]} for u in grouped]}}

    def test_the_old_goal_beside_the_new_one(self):
        snap = self.snapshot({"ue2": WANT["ue2"], "ue3": ["10.0.2.3"]}, ["ue2"])
        old, new = report.detection_goal(self.LAB, snap, ["ue2", "ue3"])
        self.assertTrue(old["met"])          # ue3 not judged: one UE judged is enough
        self.assertFalse(new["met"])         # ue3 stopped being multipath: counted against
        self.assertEqual(new["value"]["counted_against"], ["ue3"])
        self.assertTrue(all(g["goal"].startswith("detection") for g in (old, new)))   # ci_check fails on either
        old, new = report.detection_goal(self.LAB, self.snapshot(dict(WANT), ["ue2", "ue3"]), ["ue2", "ue3"])
        self.assertTrue(old["met"] and new["met"])

    def test_a_committed_run_that_lost_a_join_passes_the_old_goal_and_fails_the_new(self):
        # a diagnostic run at a0d08ce (testdata/): ue2's download had no LTE join in lte-idle-mpsdn
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "testdata/idle-capacity-a0d08ce-lost-join.json")
        with open(path) as f:
            ph = json.load(f)["phases"]["lte-idle-mpsdn"]
        old, new = report.detection_goal(self.LAB, ph["detection"], ph["multipath_ues"])
        self.assertEqual((old["met"], new["met"], new["value"]["counted_against"]), (True, False, ["ue2"]))

    def test_the_old_goal_has_nothing_to_judge_when_every_ue_is_on_a_backup_the_app_asked_for(self):
        snap = dict(self.snapshot({"ue2": ["10.0.1.2"], "ue3": ["10.0.2.3"]}, []),
                    backup={"ue2": ["10.0.2.2"], "ue3": ["10.0.1.3"]})
        old, new = report.detection_goal(self.LAB, snap, ["ue2", "ue3"])
        self.assertIsNone(old["met"])
        self.assertTrue(new["met"])
        # without the backups, nothing judged is a failure, as before
        old, _new = report.detection_goal(self.LAB, dict(snap, backup={}), ["ue2", "ue3"])
        self.assertFalse(old["met"])

    def test_registered_ues_have_no_detection_goal(self):
        self.assertEqual(report.detection_goal(types.SimpleNamespace(ue_source="registered"), None, ["ue2"]), [])

    def test_a_goal_without_a_target_is_reported_not_judged(self):
        self.assertTrue(report.goal_line({"goal": "g", "value": 1, "target": "t", "met": None}).startswith("[REPORT "))
        line = report.goal_line({"goal": "g", "value": 1, "target": "t", "met": False})
        self.assertTrue(line.startswith("[NOT MET]"))


def soak_sample(t, kernel_ue2=("10.0.1.2", "10.0.2.2"), grouped=True, tier2=True, backup_ue2=()):
    key = "tcp 10.0.0.1:5202-10.0.1.2:40000"
    return {"t": t, "kernel": {"ue2": list(kernel_ue2), "ue3": []}, "backup": {"ue2": list(backup_ue2), "ue3": []},
            "detection": {"users": [{"multipath": True, "addresses": WANT["ue2"]}] if grouped else []},
            "switch_flows": {"wifi": {key: "TIER2" if tier2 else "TIER1"}},
            "flows": {"flows": [{"apId": "wifi", "fiveTuple": key, "tier": "TIER2" if tier2 else "TIER1"}]}}


class SoakJudgedTest(unittest.TestCase):
    SEG = {"ue": "ue2", "mode": "mp", "start_actual_s": 0.0, "duration_s": 30.0,
           "mptcp_counters_delta": {"srv": {"MPTcpExtSubflowStale": 1}}}
    LIMITS = {"wifi": [(0.0, 100)], "lte": [(0.0, 100)]}

    def judge(self, samples, segs=None):
        return soak_judged.judged_goal(samples, [], segs or [self.SEG], 10.0, self.LIMITS, 100)

    def test_every_sample_grouped_and_regulated(self):
        g = self.judge([soak_sample(t) for t in range(10, 30, 2)])
        self.assertTrue(g["met"])
        self.assertEqual(g["value"]["downloads"][0]["samples"], 10)

    def test_a_sample_without_both_subflows_counts_against_here_and_is_skipped_by_the_old_goal(self):
        samples = [soak_sample(t) for t in range(10, 30, 2)]
        samples[3] = soak_sample(16, kernel_ue2=("10.0.2.2",), grouped=False)
        g = self.judge(samples)
        self.assertFalse(g["met"])
        self.assertEqual(g["value"]["counted_against"], [{"t": 16, "ue": "ue2",
                                                         "not_multipath_in_kernel": ["10.0.1.2"]}])
        # the stale mark the soak read is placed only within the download (start and end reads): not a proof for a
        # sample before its end, though the limit was at R_m throughout
        self.assertEqual(g["value"]["stale_at_rm"], [])
        old = soak_checks.grouped_goal(samples, [], [self.SEG], 10.0)["value"]
        self.assertEqual((old["samples_not_multipath_in_kernel"], old["samples_not_grouped_or_regulated"]), (1, 0))

    def test_a_subflow_the_server_marked_stale_at_rm_before_the_sample_is_proven(self):
        samples = [soak_sample(t) for t in range(10, 30, 2)]
        for i, x in enumerate(samples):
            x["srv_stale"] = 5 if x["t"] < 14 else 6          # one mark between the reads at 12 and 14 s
        samples[4] = dict(soak_sample(18, kernel_ue2=("10.0.2.2",), grouped=False), srv_stale=6)
        g = self.judge(samples)
        self.assertTrue(g["met"])
        self.assertEqual(g["value"]["stale_at_rm"], [{"t": 18, "ue": "ue2", "missing": ["10.0.1.2"], "proof": [
            {"stale_marked_between_s": [12, 14], "stale_marks": 1, "limit_kbps": 100}]}])
        self.assertEqual(g["value"]["stale_evidence"], "server read with every sample")
        # the Wi-Fi limit above R_m then: counted against
        g = soak_judged.judged_goal(samples, [], [self.SEG], 10.0, {"wifi": [(0.0, 100), (13.0, 141)]}, 100)
        self.assertFalse(g["met"])

    def test_a_missing_subflow_the_app_made_a_backup_is_judged_as_such(self):
        samples = [soak_sample(t) for t in range(10, 30, 2)]
        samples[2] = soak_sample(14, kernel_ue2=("10.0.1.2",), grouped=False, tier2=False, backup_ue2=("10.0.2.2",))
        g = self.judge(samples)
        self.assertTrue(g["met"])
        self.assertEqual(g["value"]["backup_by_app"], [{"t": 14, "ue": "ue2", "missing": ["10.0.2.2"]}])
        # a backup on the other address does not excuse the missing one
        samples[2] = soak_sample(14, kernel_ue2=("10.0.1.2",), grouped=False, tier2=False, backup_ue2=("10.0.1.2",))
        self.assertFalse(self.judge(samples)["met"])

    def test_a_subflow_back_after_a_sample_without_it_gets_the_grace_then_is_judged(self):
        # soak at ac4223c (CI): at 30 s the Wi-Fi subflow, an MPTCP backup the app asked for, had been idle for 10 s
        # and its rule had expired; at 35 s it carried segments again, before the app had picked it up
        samples = [soak_sample(t) for t in range(10, 30, 2)]
        samples[2] = soak_sample(14, kernel_ue2=("10.0.1.2",), grouped=True, tier2=False, backup_ue2=("10.0.2.2",))
        samples[3] = soak_sample(16, tier2=False)
        g = self.judge(samples)
        self.assertTrue(g["met"])
        # the samples less than the grace (10 s) after the one without it
        self.assertEqual(g["value"]["rejoin_grace"], [{"t": t, "ue": "ue2"} for t in (16, 18, 20, 22)])
        old = soak_checks.grouped_goal(samples, [], [self.SEG], 10.0)["value"]
        self.assertEqual((old["samples_not_grouped_or_regulated"], old["downloads"][0]["samples_in_rejoin_grace"]),
                         (0, 4))
        # still unregulated once the grace from the sample without it has passed: counted against, by both goals
        samples[7] = soak_sample(24, tier2=False)
        self.assertEqual(self.judge(samples)["value"]["counted_against"],
                         [{"t": 24, "ue": "ue2", "grouped": True, "tier2_switch": False, "tier2_app": False}])
        old = soak_checks.grouped_goal(samples, [], [self.SEG], 10.0)["value"]
        self.assertEqual(old["samples_not_grouped_or_regulated"], 1)

    def test_in_the_rejoin_grace_the_user_must_stay_grouped(self):
        samples = [soak_sample(t) for t in range(10, 30, 2)]
        samples[2] = soak_sample(14, kernel_ue2=("10.0.1.2",), grouped=True, tier2=False, backup_ue2=("10.0.2.2",))
        samples[3] = soak_sample(16, grouped=False, tier2=False)
        self.assertEqual(self.judge(samples)["value"]["counted_against"],
                         [{"t": 16, "ue": "ue2", "grouped": False, "in_rejoin_grace": True}])
        old = soak_checks.grouped_goal(samples, [], [self.SEG], 10.0)["value"]
        self.assertEqual(old["misses"], [{"t": 16, "ue": "ue2", "grouped": False, "in_rejoin_grace": True}])

    def test_a_long_flow_back_from_a_backup_gets_the_grace_for_its_rule(self):
        # soak at 2da8f57 (CI): UE2's LTE subflow a backup until 100 s, back at 105 s without its rule, ruled at 110
        seg = dict(self.SEG, duration_s=120.0)
        backed = [soak_sample(t, kernel_ue2=("10.0.1.2",), grouped=True, tier2=False, backup_ue2=("10.0.2.2",))
                  for t in range(70, 105, 5)]
        samples = backed + [soak_sample(105, tier2=False), soak_sample(110), soak_sample(115)]
        g = soak_checks.long_flow_goal(samples, [seg], 10.0, 60.0)
        self.assertTrue(g["met"])
        self.assertEqual(g["value"]["samples_in_rejoin_grace"], 1)   # 105: less than 10 s after 100
        # ungrouped in the grace: not met
        samples[-3] = soak_sample(105, grouped=False, tier2=False)
        self.assertFalse(soak_checks.long_flow_goal(samples, [seg], 10.0, 60.0)["met"])
        # unregulated after the grace: not met
        samples = backed + [soak_sample(105, tier2=False), soak_sample(110), soak_sample(118, tier2=False)]
        self.assertFalse(soak_checks.long_flow_goal(samples, [seg], 10.0, 60.0)["met"])

    def test_a_long_flow_backed_up_after_the_expiry_is_not_judged_and_a_mix_still_is(self):
        seg = dict(self.SEG, duration_s=120.0)
        backed = [soak_sample(t, kernel_ue2=("10.0.1.2",), grouped=False, backup_ue2=("10.0.2.2",))
                  for t in range(70, 118, 5)]
        g = soak_checks.long_flow_goal(backed, [seg], 10.0, 60.0)
        self.assertIsNone(g["met"])
        self.assertEqual(g["value"]["samples_with_an_app_backup"], len(backed))
        # an active, ungrouped sample beside them is judged and fails
        g = soak_checks.long_flow_goal(backed + [soak_sample(118, grouped=False)], [seg], 10.0, 60.0)
        self.assertFalse(g["met"])
        g = soak_checks.long_flow_goal(backed + [soak_sample(118)], [seg], 10.0, 60.0)
        self.assertTrue(g["met"])

    def test_a_sample_not_grouped_or_not_in_tier2_counts_against(self):
        samples = [soak_sample(t) for t in range(10, 30, 2)]
        samples[0] = soak_sample(10, grouped=False)
        samples[1] = soak_sample(12, tier2=False)
        self.assertEqual(self.judge(samples)["value"]["samples_counted_against"], 2)

    def test_a_download_without_samples_fails(self):
        g = self.judge([soak_sample(t) for t in range(10, 30, 2)],
                       [self.SEG, dict(self.SEG, start_actual_s=40.0, duration_s=5.0)])
        self.assertFalse(g["met"])
        self.assertEqual(g["value"]["downloads_with_samples"], 1)

    def test_the_limits_come_from_the_regulation_log(self):
        out = tempfile.mkdtemp()
        with open(os.path.join(out, "regulation.jsonl"), "w") as f:
            for i, lim in enumerate((400, 200, 100)):
                f.write(json.dumps({"t": 1000.0 + i, "aps": {"wifi": {"limit_kbps": lim}, "lte": {}}}) + "\n")
        self.assertEqual(multipath_judging.limits_by_ap(out, 1000.0), {"wifi": [(0.0, 400), (1.0, 200), (2.0, 100)]})


if __name__ == "__main__":
    unittest.main()
