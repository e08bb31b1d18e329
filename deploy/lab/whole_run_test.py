#!/usr/bin/env python3
"""Unit tests of the whole-run scoring of every result (no testbed): the runner's result through the scoring data to
the Tier-1 shortfall, every multipath UE judged on any topology with the stale evidence, the server counters' probe,
the printed table and the exit status: python3 -m unittest whole_run_test"""
import contextlib
import io
import os
import sys
import types
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ci_check  # noqa: E402
import probes  # noqa: E402
import run_lab  # noqa: E402
import scoring_data  # noqa: E402
import topology_file  # noqa: E402
import whole_run  # noqa: E402
from experiment import Experiment  # noqa: E402

DEFAULT = topology_file.load("default")
MULTI = topology_file.load("multi-mp")
T = [0.5 * (i + 1) for i in range(40)]          # 0.5 .. 20.0 s


def lab(topo=DEFAULT, **params):
    return types.SimpleNamespace(ue_source="detected", topo=topo, app_parameters=dict(intervalMs=2000, **params))


def summary(series, totals=None, **extra):
    return dict({"series": series, "t0_epoch": 1000.0, "demand_log": {u: [[0.0, "backlogged"]] for u in DEFAULT.ues},
                 "ue": {u: {"total": (totals or {}).get(u, 0.0)} for u in DEFAULT.ues}}, **extra)


def prototype_result(ue2_nomp=0.0):
    """A prototype-like result as the runner leaves it before the goals: No-MP (ue1 and ue4 20 Mb/s, ue2 ue2_nomp
    on Wi-Fi), MP-SDN where ue1 gets 19.5 Mb/s up to 12 s then 15 Mb/s, ue4 20 Mb/s and the multipath ue2 5 + 5,
    scored from 8 s (warm-up) to 20 s."""
    exp = Experiment("proto", {"demand": {"all": {"kind": "backlogged"}},
                               "phases": [{"name": "mpsdn", "controller": "mpsdn", "duration_s": 20}]}, DEFAULT)
    flat = {"t": list(T), "ue1/wifi": [20.0] * 40, "ue4/lte": [20.0] * 40, "ue2/wifi": [ue2_nomp] * 40}
    reg = {"t": list(T), "ue1/wifi": [19.5 if t <= 12 else 15.0 for t in T], "ue4/lte": [20.0] * 40,
           "ue2/wifi": [5.0] * 40, "ue2/lte": [5.0] * 40}
    res = {"phases": {"nomp": summary(flat, {"ue1": 20.0, "ue4": 20.0, "ue2": ue2_nomp}, multipath_ues=[]),
                      "mpsdn": summary(reg, multipath_ues=["ue2", "ue3"], detection=None, controller="mpsdn",
                                       server_mptcp={"t_s": list(T), "MPTcpExtSubflowStale": [0] * 40,
                                                     "MPTcpExtSubflowRecover": [0] * 40},
                                       tier2_limits_kbps={"wifi": [(1.0, 100)]})},
           "radio_events": {}, "params": {"app_overrides": {}}}
    res["scoring"] = scoring_data.build(exp, res)
    return res


class ShortfallGoalsTest(unittest.TestCase):
    def test_the_runners_result_scored_by_hand(self):
        res = prototype_result()
        goals = whole_run.shortfall_goals(res, 2000)
        self.assertEqual([g["phase"] for g in goals], ["nomp", "mpsdn"])
        self.assertIs(goals[0]["met"], None)     # No-MP: reported, not judged
        self.assertIs(goals[1]["met"], False)    # regulated: judged on the interval means, 40 s/min > 2
        self.assertEqual(goals[1]["value"]["ei_total_s_per_min"], 40.0)
        self.assertEqual(goals[1]["value"]["ei_worst_s_per_min"], 40.0)
        sf = res["tier1_shortfall"]["mpsdn"]
        # ue1 below 0.95 * 20 = 19 from 12.5 to 20.0: 16 samples = 8 s of the 12 s scored; ue4 never
        self.assertEqual((sf["users"]["ue1"]["shortfall_s"], sf["users"]["ue4"]["shortfall_s"]), (8.0, 0))
        self.assertEqual((sf["total_s"], sf["total_s_per_min"], sf["scored_s"]), (8.0, 40.0, 12.0))
        self.assertEqual(res["tier1_shortfall"]["nomp"]["total_s"], 0)
        self.assertEqual(goals[1]["value"]["per_user_s"], {"ue1": 8.0, "ue4": 0})

    def test_a_multipath_user_is_scored_against_its_own_no_mp_throughput(self):
        # ue2 got 10 Mb/s over both radios with mpsdn: short of 0.95 * 12 in every sample from 8.0 to 20.0 s (25 of
        # 0.5 s), but never of 0.95 * 10
        res = prototype_result(ue2_nomp=12.0)
        goals = whole_run.shortfall_goals(res, 2000, "multipath")
        self.assertEqual([(g["phase"], g["met"]) for g in goals], [("mpsdn", False)])
        self.assertIn("multipath shortfall", goals[0]["goal"])
        self.assertEqual(res["multipath_shortfall"]["mpsdn"]["users"]["ue2"]["shortfall_s"], 12.5)
        self.assertNotIn("ue1", res["multipath_shortfall"]["mpsdn"]["users"])     # single-path: the Tier-1 goal's
        res = prototype_result(ue2_nomp=10.0)
        self.assertIs(whole_run.shortfall_goals(res, 2000, "multipath")[0]["met"], True)
        self.assertEqual(res["multipath_shortfall"]["mpsdn"]["users"]["ue2"]["shortfall_s"], 0)

    def test_a_phase_that_cannot_be_scored_is_a_goal_not_met(self):
        res = prototype_result()
        res["scoring"]["phases"]["mpsdn"]["end_s"] = 2.0
        goals = whole_run.shortfall_goals(res, 2000)
        self.assertIs(goals[1]["met"], False)
        self.assertRegex(goals[1]["value"], r"^phases\.mpsdn: end_s")

    def test_the_table_per_phase_and_tier1_user(self):
        res = prototype_result()
        whole_run.shortfall_goals(res, 2000)
        res["tier1_shortfall"]["mp"] = {"error": "phases.mp: end_s: 2 is not after warmup_s 8"}
        text = whole_run.table(res)
        rows = [line.split() for line in text.splitlines()[2:]]
        self.assertIn(["mpsdn", "ue1", "8", "40", "8", "40", "0", "12"], rows)
        self.assertIn(["mpsdn", "ue4", "0", "0", "0", "0", "0", "12"], rows)
        self.assertIn(["mpsdn", "total", "8", "40", "8", "40", "12"], rows)
        self.assertIn(["nomp", "total", "0", "0", "0", "0", "12"], rows)
        self.assertIn("mp              not scored: phases.mp: end_s", text)

    def test_the_ci_check_prints_the_table_and_the_verdict_and_does_not_fail_on_the_shortfall(self):
        res = prototype_result()
        for ph, v in (("nomp", 20.0), ("mp", 10.0), ("mpsdn", 15.0)):
            res["phases"].setdefault(ph, summary({}))["ue"] = {u: {"total": v, "iperf": v} for u in DEFAULT.ues}
        res["goals"] = whole_run.shortfall_goals(res, 2000)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            ci_check.print_shortfall(res)
        self.assertIn("mpsdn           ue1", out.getvalue())
        self.assertIn("phase mpsdn: worst Tier-1 user 40.0 s/min on the interval means", out.getvalue())
        self.assertIn("NOT met", out.getvalue())
        self.assertEqual(ci_check.prototype_failures(res), [])


class PacketPathGoalTest(unittest.TestCase):
    def test_judged_in_app_phases_reported_elsewhere_and_absent_without_reads(self):
        res = {"phases": {"nomp": {"controller": "lab host, port forwarding only",
                                   "packet_socket_drops": {"host/mpl-sl/ovs-vswitchd": 143}},
                          "mpsdn": {"controller": "lab host, mpsdn app components", "packet_socket_drops": {}},
                          "bad": {"controller": "lab host, mpsdn app components",
                                  "packet_socket_drops": {"host/mpl-sl/ovs-vswitchd": 659}},
                          "old": {"controller": "lab host, mpsdn app components"}}}
        g = {x["phase"]: x for x in whole_run.packet_path_goals(res)}
        self.assertEqual({"nomp", "mpsdn", "bad"}, set(g))
        self.assertEqual((143, None), (g["nomp"]["value"], g["nomp"]["met"]))
        self.assertEqual((0, True), (g["mpsdn"]["value"], g["mpsdn"]["met"]))
        self.assertEqual((659, False), (g["bad"]["value"], g["bad"]["met"]))
        self.assertEqual({"host/mpl-sl/ovs-vswitchd": 659}, g["bad"]["sockets"])


class CellIdleGoalTest(unittest.TestCase):
    def test_the_cells_idle_share_in_the_users_short_samples_beside_the_others(self):
        res = {"tier1_shortfall": {"mpsdn": {"users": {
                   "ue4": {"spans_s": [[1.0, 1.5]]},       # short at 1.0 and 1.5
                   "ue1": {"spans_s": [[0.5, 2.0]]},       # on Wi-Fi: no cell clock
                   "ue9": {"spans_s": []}}}},              # never short: no goal
               "phases": {"mpsdn": {"cell_clock": {"lte": {"t_s": [0.5, 1.0, 1.5, 2.0],
                                                           "idle": [0.0, 0.3, 0.1, None]}}}},
               "scoring": {"phases": {"mpsdn": {"ues": {"ue4": {"radios": {"lte": []}},
                                                        "ue1": {"radios": {"wifi": []}},
                                                        "ue9": {"radios": {"lte": []}}}}}}}
        g = whole_run.cell_idle_goals(res)
        self.assertEqual(1, len(g))
        self.assertEqual((0.3, 0.0, 2, None, "mpsdn"),
                         (g[0]["value"], g[0]["otherwise"], g[0]["samples_short"], g[0]["met"], g[0]["phase"]))
        self.assertIn("ue4's cell lte", g[0]["goal"])

    def test_a_result_without_cell_clocks_has_none(self):
        self.assertEqual([], whole_run.cell_idle_goals({"tier1_shortfall": {}, "phases": {}}))


class CpuGoalTest(unittest.TestCase):
    def test_an_app_phase_with_the_machine_full_in_more_than_2_percent_of_its_reads_fails(self):
        res = {"phases": {
            "nomp": {"controller": "lab host, port forwarding only", "machine_cpu": {"busy": [1.0] * 10}},
            "mpsdn": {"controller": "lab host, mpsdn app components",
                      "machine_cpu": {"busy": [0.9] * 97 + [0.98, 1.0, None, 0.99]}}}}
        [g] = whole_run.cpu_goals(res)
        self.assertEqual((g["phase"], g["met"]), ("mpsdn", False))
        self.assertEqual((g["value"], g["reads"], g["median_busy"]), (0.03, 100, 0.9))
        res["phases"]["mpsdn"]["machine_cpu"]["busy"] = [0.9] * 98 + [0.99, 1.0]
        self.assertTrue(whole_run.cpu_goals(res)[0]["met"])   # 2 of 100 reads: at the target
        # a phase without reads (a result from before they were taken) has no goal
        self.assertEqual(whole_run.cpu_goals({"phases": {"mpsdn": {"controller": "mpsdn"}}}), [])


class DetectionTest(unittest.TestCase):
    """multi-mp: ue2 (10.0.1.2, 10.0.2.2) and ue3 (10.0.1.3, 10.0.2.3) multipath; ue3's Wi-Fi subflow is not active
    at the snapshot (15 s); the server's stale counter went 0 -> 1 between the reads at 10.0 and 10.5 s."""
    SNAP = {"t_s": 15.0, "detection": {"users": [{"multipath": True, "addresses": ["10.0.1.2", "10.0.2.2"]}]},
            "kernel": {"ue2": ["10.0.1.2", "10.0.2.2"], "ue3": ["10.0.2.3"]}}

    def result(self, limits, counts=True):
        srv = {"t_s": list(T), "MPTcpExtSubflowStale": [0 if t <= 10 else 1 for t in T],
               "MPTcpExtSubflowRecover": [0] * 40} if counts else None
        return {"phases": {"nomp": {"multipath_ues": []}, "mp": {"multipath_ues": ["ue2", "ue3"]},
                           "mpsdn": {"multipath_ues": ["ue2", "ue3"], "detection": self.SNAP}},
                "scoring": {"phases": {"mpsdn": {"server_mptcp": srv, "tier2_limits_kbps": limits}}}}

    def test_a_subflow_proven_stale_at_rm_passes_on_the_runs_topology(self):
        goals = whole_run.detection_goals(lab(MULTI), self.result({"wifi": [[0.0, 141], [9.0, 100]]}), 100)
        self.assertEqual([g["phase"] for g in goals], ["mpsdn", "mpsdn"])      # only the phase with a snapshot
        old, new = goals
        self.assertTrue(old["met"])                           # ue2 judged and grouped; ue3 listed, not judged
        self.assertTrue(new["met"])
        self.assertEqual(new["value"]["stale_at_rm"], {"ue3": [
            {"stale_marked_between_s": [10.0, 10.5], "stale_marks": 1, "limit_kbps": 100}]})
        self.assertEqual(new["value"]["stale_evidence"], "collected")
        self.assertEqual(new["value"]["not_multipath_in_kernel"], {"ue3": ["10.0.2.3"]})

    def test_without_proof_the_ue_counts_against(self):
        above = whole_run.detection_goals(lab(MULTI), self.result({"wifi": [[0.0, 141]]}), 100)[1]
        self.assertFalse(above["met"])
        self.assertEqual(above["value"]["counted_against"], ["ue3"])
        none = whole_run.detection_goals(lab(MULTI), self.result({"wifi": [[0.0, 100]]}, counts=False), 100)[1]
        self.assertFalse(none["met"])
        self.assertIn("not collected", none["value"]["stale_evidence"])

    def test_the_ues_addresses_are_the_runs_topologys(self):
        # multi-mp's ue4 is multipath (10.0.1.4, 10.0.2.4); the default topology's ue4 is single-path (10.0.2.4)
        snap = dict(self.SNAP, kernel={"ue4": ["10.0.1.4", "10.0.2.4"]},
                    detection={"users": [{"multipath": True, "addresses": ["10.0.1.4", "10.0.2.4"]}]})
        res = {"phases": {"mpsdn": {"multipath_ues": ["ue4"], "detection": snap}},
               "scoring": {"phases": {"mpsdn": {}}}}
        self.assertTrue(whole_run.detection_goals(lab(MULTI), res, 100)[1]["met"])
        self.assertFalse(whole_run.detection_goals(lab(DEFAULT), res, 100)[1]["met"])

    def test_the_stale_evidence_skips_reads_that_failed(self):
        ph = {"server_mptcp": {"t_s": [1.0, 1.5, 2.0], "MPTcpExtSubflowStale": [3, None, 4]},
              "tier2_limits_kbps": {"lte": [[0.5, 100]]}}
        self.assertEqual(whole_run.stale_evidence(ph, 100), {"counts": [(1.0, 3), (2.0, 4)], "rm_kbps": 100,
                                                              "limits": {"lte": [(0.5, 100)]}})
        self.assertIsNone(whole_run.stale_evidence({"server_mptcp": {"t_s": [1.0], "MPTcpExtSubflowStale": [None]}},
                                                   100))
        self.assertIsNone(whole_run.stale_evidence({}, 100))

    def test_the_app_parameters_in_force_else_its_defaults(self):
        self.assertEqual(whole_run.app_parameter(lab(rmKbps=250), "rmKbps", "RM_KBPS"), 250)
        self.assertEqual(whole_run.app_parameter(types.SimpleNamespace(), "rmKbps", "RM_KBPS"), 100)


class ServerCountersTest(unittest.TestCase):
    def test_read_with_every_sample_before_the_next_probe(self):
        order, reads = [], iter(["#kernel\nMPTcpExtSubflowStale 2 0.0\nMPTcpExtSubflowRecover 1 0.0\n",
                                 "", "MPTcpExtSubflowStale 3 0.0\nMPTcpExtOther 9 0.0\n"])

        def read():
            order.append("read")
            return next(reads)
        c = probes.ServerCounters(lambda t: order.append(("then", t)), read)
        for t in (0.5, 1.0, 1.5):
            c(t)
        self.assertEqual(order, ["read", ("then", 0.5), "read", ("then", 1.0), "read", ("then", 1.5)])
        self.assertEqual(c.reads(), {"t_s": [0.5, 1.0, 1.5], "MPTcpExtSubflowStale": [2, None, 3],
                                     "MPTcpExtSubflowRecover": [1, None, None]})

    def test_the_scoring_data_carries_them(self):
        ph = prototype_result()["scoring"]["phases"]["mpsdn"]
        self.assertEqual(ph["server_mptcp"]["MPTcpExtSubflowStale"], [0] * 40)
        self.assertEqual(ph["tier2_limits_kbps"], {"wifi": [[1.0, 100]]})


class ExitStatusTest(unittest.TestCase):
    def test_reported_goals_do_not_fail_the_run(self):
        self.assertEqual(run_lab.exit_status([{"met": True}, {"met": None}]), 0)
        self.assertEqual(run_lab.exit_status([{"met": None}, {"met": False}]), 1)
        self.assertEqual(run_lab.exit_status([]), 0)


if __name__ == "__main__":
    unittest.main()


class RescoreTest(unittest.TestCase):
    def test_a_committed_run_is_scored_again_with_the_repos_scoring(self):
        import json
        import tempfile
        import rescore
        res = prototype_result()
        res.update(schema="mpsdn-lab/1", experiment="proto",
                   goals=[{"goal": "phase mpsdn: Tier-1 shortfall (an older scoring)", "value": 0, "met": True},
                          {"goal": "detection kept", "value": 1, "met": True}])
        with tempfile.TemporaryDirectory() as d:
            run = os.path.join(d, "run-1")
            os.makedirs(run)
            with open(os.path.join(run, "proto.json"), "w") as f:
                json.dump(res, f)
            open(os.path.join(run, "proto.png"), "w").close()
            with open(os.path.join(d, "summary.json"), "w") as f:
                json.dump({"runs": 1, "command": ["run", "proto"], "exit_status": [0], "commit": "abc"}, f)
            rescore.rescore_folder(d)
            with open(os.path.join(run, "proto.json")) as f:
                goals = json.load(f)["goals"]
            with open(os.path.join(d, "README.md")) as f:
                readme = f.read()
        self.assertEqual([g["goal"][:30] for g in goals],
                         ["phase nomp: Tier-1 shortfall, ", "phase mpsdn: Tier-1 shortfall,",
                          "phase mpsdn: multipath shortfa", "detection kept"])
        self.assertIs(goals[1]["met"], False)      # the old goal said met; ue1 was short 8 s of 12
        self.assertIn("| 40 (40-40) | 0/1 |", readme)
