"""Unit tests of figures.py (Fig. 13 phase summary, presets, dry run) and its helpers; no simulation."""
import contextlib
import io
import os
import tempfile
import unittest

import figures


def sample(t, demand, t1, t2, seed="1"):
    return {"tag": "x", "seed": seed, "time_s": str(t), "ap": "wifi0", "t1_demand_mbps": str(demand),
            "t1_mbps": str(t1), "t2_mbps": str(t2), "t2_limit_mbps": "20"}


class WritePhasesTest(unittest.TestCase):
    def test_carries_profile_and_revision(self):
        series = [dict(sample(3, 10, 8, 2), profile="mpsdn", served_mbps="7", sim_time_s="42.0", rev="abc",
                       ap_qdisc="fq_codel")]
        with tempfile.TemporaryDirectory() as d:
            out = figures.write_phases(series, 6, os.path.join(d, "p.csv"))
            with open(os.path.join(d, "p.csv")) as f:
                header = f.readline().strip().split(",")
                line = f.readline().strip().split(",")
        self.assertEqual(header, figures.PHASE_FIELDS)
        self.assertEqual(len(line), len(header))
        row = dict(zip(header, line))
        self.assertEqual((row["profile"], row["sim_time_s"], row["rev"], row["ap_qdisc"], row["served_mbps"]),
                         ("mpsdn", "42.0", "abc", "fq_codel", "7.000"))
        self.assertEqual(out[0][7], 7.0)

    def test_splits_by_demand_and_skips_settling(self):
        # swap 6 s: 10 Mb/s in [0, 6), 5 Mb/s in [6, 12); the first 2 s of the run and of each phase settle
        series = [sample(t / 2, 10 if t / 2 < 6 else 5, 9 if t / 2 < 6 else 4, 1 if t / 2 < 6 else 6)
                  for t in range(1, 24)]
        series[0]["t1_mbps"] = "100"   # t = 0.5: settling, must not count
        series[12]["t2_mbps"] = "100"  # t = 6.5: settling after the swap, must not count
        with tempfile.TemporaryDirectory() as d:
            out = figures.write_phases(series, 6, os.path.join(d, "p.csv"))
            with open(os.path.join(d, "p.csv")) as f:
                self.assertEqual(len(f.readlines()), 3)
        by = {r[2]: r for r in out}
        self.assertEqual(set(by), {"high", "low"})
        self.assertAlmostEqual(by["high"][4], 9.0)
        self.assertAlmostEqual(by["high"][5], 1.0)
        self.assertAlmostEqual(by["low"][4], 4.0)
        self.assertAlmostEqual(by["low"][5], 6.0)
        self.assertEqual(by["high"][3], 7)   # t = 2.5 .. 5.5
        self.assertEqual(by["low"][3], 7)    # t = 8.5 .. 11.5

    def test_seeds_stay_apart(self):
        series = [sample(3, 10, 8, 2, "1"), sample(3, 10, 6, 4, "2")]
        with tempfile.TemporaryDirectory() as d:
            out = figures.write_phases(series, 6, os.path.join(d, "p.csv"))
        self.assertEqual([(r[1], r[4]) for r in out], [("1", 8.0), ("2", 6.0)])


class RecoveryTest(unittest.TestCase):
    def run_series(self, served, seed="1"):
        """Samples every 0.5 s from 0.5 s: demand 10 until 4 s, 5 until 8 s, 10 after (the step up at 8 s)."""
        out = []
        for k, v in enumerate(served):
            t = 0.5 * (k + 1)
            demand = 10 if t < 4 or t >= 8 else 5
            out.append({"tag": "x", "seed": seed, "time_s": str(t), "t1_demand_mbps": str(demand),
                        "served_mbps": str(v), "profile": "mpsdn", "sim_time_s": "12.0", "rev": "abc"})
        return out

    def test_delay_from_the_step_to_the_first_sample_at_95_percent(self):
        import phases
        served = [9] * 7 + [5] * 8 + [10] + [6, 7, 9.4, 9.6, 10, 10, 10]  # the 8-s sample itself does not count
        self.assertEqual(phases.recoveries(self.run_series(served)), [(8.0, 2.0)])  # 9.4 < 9.5 at 9.5 s
        never = [9] * 7 + [5] * 8 + [5] * 8
        self.assertEqual(phases.recoveries(self.run_series(never)), [(8.0, None)])

    def test_rows_and_seeds_within_two_cycles(self):
        import phases
        fast = self.run_series([9] * 7 + [5] * 8 + [5, 9.6] + [10] * 6, "1")
        slow = self.run_series([9] * 7 + [5] * 8 + [5] * 7 + [9.6], "2")  # 4.0 s = 2 cycles at EI 2 s: ok
        slower = self.run_series([9] * 7 + [5] * 8 + [5] * 9, "3")  # seen for 4 s (2 cycles), never at 95 %
        with tempfile.TemporaryDirectory() as d:
            out = phases.write_recovery(fast + slow + slower, 2.0, os.path.join(d, "r.csv"))
            with open(os.path.join(d, "r.csv")) as f:
                self.assertEqual(f.readline().strip().split(","), phases.RECOVERY_FIELDS)
        self.assertEqual([(r["seed"], r["recovered_after_s"], r["within_2_cycles"]) for r in out],
                         [("1", "0.5", 1), ("2", "3.5", 1), ("3", "", 0)])
        self.assertEqual(out[0]["rev"], "abc")
        self.assertEqual(phases.recovered_seeds(out), {"x": (2, 3)})

    def test_a_step_seen_for_less_than_two_cycles_without_recovering_is_censored(self):
        import phases
        ended = self.run_series([9] * 7 + [5] * 8 + [5] * 3, "4")    # the run ends 1 s after the step at 8 s
        quick = self.run_series([9] * 7 + [5] * 8 + [5, 9.6], "5")    # also short, but it recovered
        slower = self.run_series([9] * 7 + [5] * 8 + [5] * 9, "3")    # seen 4 s, never recovered: a miss
        with tempfile.TemporaryDirectory() as d:
            out = phases.write_recovery(ended + quick + slower, 2.0, os.path.join(d, "r.csv"))
        rows = {r["seed"]: r for r in out}
        self.assertEqual((rows["4"]["censored"], rows["4"]["within_2_cycles"], rows["4"]["observed_s"]),
                         (1, "", "1.0"))
        self.assertEqual((rows["5"]["censored"], rows["5"]["within_2_cycles"]), (0, 1))
        self.assertEqual((rows["3"]["censored"], rows["3"]["within_2_cycles"]), (0, 0))
        self.assertEqual(phases.recovered_seeds(out), {"x": (1, 2)})


class TableTest(unittest.TestCase):
    def test_mean_and_sample_sd_per_case(self):
        import table
        rows = [{"tag": "a", "x": "1"}, {"tag": "b", "x": "5"}, {"tag": "a", "x": "3"}]
        out = table.summarize(rows, ["x"])
        self.assertEqual([(c, n) for c, n, _ in out], [("a", 2), ("b", 1)])
        self.assertAlmostEqual(out[0][2][0][0], 2.0)
        self.assertAlmostEqual(out[0][2][0][1], 2 ** 0.5)
        self.assertIsNone(out[1][2][0][1])


class PairedTest(unittest.TestCase):
    def test_differences_only_for_seeds_with_both_cases(self):
        import paired
        rows = [{"tag": "a", "seed": "1", "x": "1"}, {"tag": "b", "seed": "1", "x": "4"},
                {"tag": "a", "seed": "2", "x": "2"}, {"tag": "b", "seed": "3", "x": "9"},
                {"tag": "b", "seed": "10", "x": "0"}, {"tag": "a", "seed": "10", "x": "1"}]
        self.assertEqual(paired.paired(rows, "x", "a", "b"), {"1": 3.0, "10": -1.0})


class CompareTest(unittest.TestCase):
    def test_pairs_only_common_case_and_seed(self):
        import compare
        a = [{"tag": "x", "seed": "1", "v": "10"}, {"tag": "x", "seed": "2", "v": "20"},
             {"tag": "y", "seed": "1", "v": "5"}, {"tag": "x", "seed": "3", "v": "99"}]
        b = [{"tag": "x", "seed": "1", "v": "12"}, {"tag": "x", "seed": "2", "v": "19"},
             {"tag": "z", "seed": "1", "v": "7"}]
        out = compare.compare(a, b, "v")
        self.assertEqual(len(out), 1)
        case, n, ma, mb, md, sd, up = out[0]
        self.assertEqual((case, n, ma, mb, md, up), ("x", 2, 15.0, 15.5, 0.5, 1))
        self.assertAlmostEqual(sd, (2 * 1.5 ** 2) ** 0.5)


class WalltimeTest(unittest.TestCase):
    def test_sums_each_runs_wall_time(self):
        import walltime
        self.assertEqual(walltime.summarize([{"wall_s": "30"}, {"wall_s": "50.5"}]), (2, 80.5, 40.25))
        self.assertEqual(walltime.summarize([]), (0, 0.0, 0.0))

    def test_committed_set_is_what_the_preset_produces(self):
        import walltime
        figure_of = {"fig11a": "fig11", "fig11b": "fig11", "olia-ns3": "olia"}
        self.assertEqual({figure_of.get(n, n) for n in walltime.COMMITTED}, set(figures.FIGS))


class PresetTest(unittest.TestCase):
    def args(self, **kw):
        import argparse
        base = {k: None for k in figures.PAPER}
        base.update(kw)
        return argparse.Namespace(**base)

    def test_paper_preset_is_the_papers_scale(self):
        o = figures.resolve(self.args(), "paper", "fig5_10")
        self.assertEqual((o.runs, o.sim_time, o.warmup), (10, 60.0, 10.0))
        self.assertEqual(o.shares, [0.0, 0.2, 0.4, 0.6, 0.8])
        self.assertEqual(o.mob_intervals, [2.0, 5.0, 15.0, 30.0, 45.0])

    def test_committed_preset_is_per_figure(self):
        self.assertEqual(figures.resolve(self.args(), "committed", "fig11").shares, [0.0, 0.4, 0.8])
        self.assertEqual(figures.resolve(self.args(), "committed", "fig5_10").shares, figures.SHARES)
        f13 = figures.resolve(self.args(), "committed", "fig13")
        self.assertEqual((f13.sim_time, f13.warmup, f13.swap, f13.runs), (26.0, 2.0, 6.0, 10))
        self.assertEqual(figures.resolve(self.args(), "committed", "fig17").runs, 1)

    def test_campaign_preset_is_issue_18s_scale(self):
        for fig in ("fig5_10", "fig18"):
            o = figures.resolve(self.args(), "campaign", fig)
            self.assertEqual((o.runs, o.sim_time, o.warmup, o.shares), (10, 60.0, 10.0, [0.0, 0.4, 0.8]))
        for fig in ("fig13", "fig14", "fig15"):  # >= 4 demand phases after the warm-up
            o = figures.resolve(self.args(), "campaign", fig)
            self.assertGreaterEqual((o.sim_time - o.warmup) / o.swap, 4, fig)
        m = figures.resolve(self.args(), "campaign", "mobility")
        self.assertEqual((m.runs, m.mob_intervals), (5, [2.0, 5.0, 15.0, 30.0, 45.0]))
        self.assertGreaterEqual(m.sim_time, 3 * max(m.mob_intervals))

    def test_command_line_overrides_the_preset(self):
        o = figures.resolve(self.args(runs=2, shares=[0.4]), "committed", "fig11")
        self.assertEqual((o.runs, o.shares, o.sim_time), (2, [0.4], 12.0))


class DryRunTest(unittest.TestCase):
    def setUp(self):
        self.out = figures.OUT

    def tearDown(self):
        figures.OUT = self.out  # main() re-points it at --out-dir

    def test_lists_missing_runs_and_keeps_existing_ones(self):
        with tempfile.TemporaryDirectory() as d:
            # fig18 in the committed preset: share 0 (unregulated only) and 0.2-0.8 (three profiles each)
            # = 13 cases x 10 seeds
            figures.main(["fig18", "--preset", "committed", "--dry-run", "--out-dir", d])
            self.assertEqual(len(figures.MISSING), 130)
            with open(os.path.join(d, "fig18.csv"), "w") as f:
                f.write("tag,seed,profile,sim_time_s,rev,ap_qdisc\ns40-mpsdn,3,mpsdn,12.0,abc,fq_codel\n"
                        "s0-none,3,none,12.0,abc,fq_codel\n")
            figures.main(["fig18", "--preset", "committed", "--dry-run", "--out-dir", d])
            self.assertEqual(len(figures.MISSING), 128)
            self.assertNotIn(("fig18", "s40-mpsdn", 3), figures.MISSING)
            self.assertIn(("fig18", "s40-paper", 3), figures.MISSING)
            self.assertIn(("fig18", "s40-none", 3), figures.MISSING)
            self.assertFalse(os.path.exists(os.path.join(d, "fig18.png")))  # nothing plotted

    def test_profiles_option_restricts_the_cases(self):
        with tempfile.TemporaryDirectory() as d:
            figures.main(["fig18", "--preset", "committed", "--dry-run", "--out-dir", d, "--profiles", "mpsdn"])
            self.assertEqual(len(figures.MISSING), 40)  # shares 0.2-0.8; 0 % is unregulated only
            self.assertTrue(all(tag.endswith("-mpsdn") for _, tag, _ in figures.MISSING))
            figures.main(["mobility", "--preset", "campaign", "--dry-run", "--out-dir", d])
            self.assertEqual(len(figures.MISSING), 5 * (1 + 2 * 5))  # none once, paper/mpsdn per EI; 5 seeds
            with self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()) as err:
                figures.main(["fig18", "--dry-run", "--out-dir", d, "--profiles", "fast"])
            self.assertIn("unknown ['fast']", err.getvalue())

    def test_fig17_is_seed_1_of_the_mobility_runs(self):
        with tempfile.TemporaryDirectory() as d:
            figures.main(["fig17", "--preset", "campaign", "--dry-run", "--out-dir", d])
            self.assertEqual(sorted(figures.MISSING), [("mobility", f"mob-ei{i}-{p}", 1)
                                                       for i in (30, 5) for p in ("mpsdn", "paper")])
            with open(os.path.join(d, "mobility.csv"), "w") as f:
                f.write("tag,seed,profile,sim_time_s,rev,ap_qdisc\n" + "".join(
                    f"mob-ei{i}-{p},1,{p},140.0,abc,fq_codel\n" for i in (5, 30) for p in ("paper", "mpsdn")))
            figures.main(["fig17", "--preset", "campaign", "--dry-run", "--out-dir", d])
            self.assertEqual(figures.MISSING, [])  # the mobility figure ran them: nothing to run again
            figures.main(["mobility", "--preset", "campaign", "--dry-run", "--out-dir", d])
            self.assertEqual(len(figures.MISSING), 5 * (1 + 2 * 5) - 4)

    def test_refuses_csvs_without_profile_and_rev(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "fig18.csv"), "w") as f:
                f.write("tag,seed\ns40-r1,3\n")  # written before issue 18
            with self.assertRaises(SystemExit) as e:
                figures.main(["fig18", "--preset", "committed", "--dry-run", "--out-dir", d])
            self.assertIn("without profile/rev/ap_qdisc", str(e.exception))
            with open(os.path.join(d, "fig18.csv"), "w") as f:
                f.write("tag,seed,profile,sim_time_s,rev\ns40-mpsdn,3,mpsdn,12.0,abc\n")  # before the AP queue column
            with self.assertRaises(SystemExit) as e:
                figures.main(["fig18", "--preset", "committed", "--dry-run", "--out-dir", d])
            self.assertIn("without profile/rev/ap_qdisc", str(e.exception))

    def test_refuses_to_mix_ap_queue_models(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "fig18.csv"), "w") as f:
                f.write("tag,seed,profile,sim_time_s,rev,ap_qdisc\ns40-mpsdn,3,mpsdn,12.0,abc,none\n")
            with self.assertRaises(SystemExit) as e:
                figures.main(["fig18", "--preset", "committed", "--dry-run", "--out-dir", d])
            self.assertIn("AP queue ['none'], this run uses fq_codel", str(e.exception))
            figures.main(["fig18", "--preset", "committed", "--dry-run", "--out-dir", d,
                          "--scenario-args=--seed=1 --apQdisc=none"])
            self.assertEqual(len(figures.MISSING), 129)  # the FIFO row counts for a FIFO sweep

    def test_ap_qdisc_of_the_scenario_options(self):
        self.assertEqual(figures.ap_qdisc(""), "fq_codel")
        self.assertEqual(figures.ap_qdisc("--occSample=0.1 --apQdisc=none"), "none")
        self.assertEqual(figures.ap_qdisc("--apQdisc=none --apQdisc=fq_codel"), "fq_codel")


class CodeRevTest(unittest.TestCase):
    def test_names_a_commit(self):
        rev = figures.code_rev()
        self.assertRegex(rev, r"^([0-9a-f]{12}|unknown)(-dirty)?$")


if __name__ == "__main__":
    unittest.main()
