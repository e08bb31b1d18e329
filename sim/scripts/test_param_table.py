"""Unit tests of param_table.py (the Fig. 14/15 tables from figN.csv and figN-series.csv); no simulation."""
import unittest

import param_table


def run(tag, seed, profile, alpha, t2, t1_unsat, interval="2.0"):
    return {"tag": tag, "seed": seed, "profile": profile, "alpha": alpha, "interval": interval,
            "t2_wifi0_mbps": t2, "t1_unsat_wifi0_mbps": t1_unsat}


def sample(tag, seed, t, served, demand):
    return {"tag": tag, "seed": seed, "time_s": str(t), "ap": "wifi0", "served_mbps": str(served),
            "t1_demand_mbps": str(demand), "t1_mbps": str(served)}


ROWS = [run("alpha0.3-mpsdn", "1", "mpsdn", "0.3", "5.0", "0.5"), run("alpha0.3-mpsdn", "2", "mpsdn", "0.3", "6.0", "0.4"),
        run("alpha0.8-mpsdn", "1", "mpsdn", "0.8", "5.5", "0.7"), run("alpha0.8-mpsdn", "2", "mpsdn", "0.8", "5.0", "0.6"),
        run("alpha0.8-mpsdn", "3", "mpsdn", "0.8", "9.0", "0.1"),  # no alpha 0.3 run of seed 3: not paired
        run("alpha-none", "1", "none", "0.5", "0.0", "4.0")]


class ParamTableTest(unittest.TestCase):
    def test_table_rows_per_value_and_unregulated_tier2_not_shown_as_zero(self):
        lines = param_table.table(ROWS, "alpha", "α").splitlines()
        self.assertEqual(lines[2], "| 0.3 | 2 | – | – | 5.50 ± 0.71 | 0.45 ± 0.07 |")
        self.assertEqual(lines[3].split(" | ")[1], "3")
        self.assertEqual(lines[4], "| `none` (no regulation) | 1 | – | 4.00 ± 0.00 | – | 4.00 ± 0.00 |")

    def test_paired_uses_only_seeds_run_at_both_ends(self):
        self.assertEqual(param_table.paired(ROWS, "alpha").splitlines(),
                         ["`mpsdn` T2-BW-Ac from 0.3 to 0.8: -0.25 ± 1.06 Mb/s, higher in 1 of 2 seeds",
                          "`mpsdn` T1-BW-Un from 0.3 to 0.8: 0.20 ± 0.00 Mb/s, higher in 2 of 2 seeds"])

    def test_recovery_is_counted_at_each_runs_own_interval(self):
        # demand steps up to 10 at t = 10; Tier 1 is served again at t = 13 (1.5 cycles of EI 2, 3 cycles of EI 1)
        rows = [run("interval2.0-mpsdn", "1", "mpsdn", "0.5", "5", "1", interval="2.0"),
                run("interval1.0-mpsdn", "1", "mpsdn", "0.5", "5", "1", interval="1.0")]
        series = []
        for tag in ("interval2.0-mpsdn", "interval1.0-mpsdn"):
            series += [sample(tag, "1", t, 5, 5) for t in range(0, 10)]
            series += [sample(tag, "1", t, 10 if t >= 13 else 4, 10) for t in range(10, 20)]
        self.assertEqual(param_table.recovery(rows, series, "interval"),
                         {("mpsdn", 2.0): (1, 1), ("mpsdn", 1.0): (0, 1)})

    def test_dynamics_counts_decreases_after_the_settling_time(self):
        rows = [run("alpha0.5-mpsdn", "1", "mpsdn", "0.5", "5", "1")]
        lims = [9, 4, 8, 8, 3.9, 4.5]  # t = 0.5 (skipped), 1.0 (skipped), then: a cut 8 -> 3.9, one rise
        series = [dict(sample("alpha0.5-mpsdn", "1", 0.5 * (k + 1) + (1.5 if k >= 2 else 0), 5, 5),
                       t2_limit_mbps=str(x), occupancy="0.3", profile="mpsdn",
                       t2_mbps="3.0") for k, x in enumerate(lims)]
        self.assertEqual(param_table.dynamics(rows, series, "alpha").splitlines()[2],
                         "| 0.5 `mpsdn` | 1 | 1.0 | 6.25 | 50 % | 0.30 |")

    def test_unserved_parts_split_at_the_first_cycle_after_a_step_up(self):
        # EI 2 s, cycles at 1, 3, 5, 7 s; demand 5 until 3.0 s, 10 from the sample at 3.5 s (the step up): the
        # samples up to the cycle at 5 s plus one sample (5.5 s) are "before the first cycle"
        series = []
        for k in range(1, 15):
            t = 0.5 * k
            demand = 5 if t <= 3.0 else 10
            served = 4 if t <= 3.0 else (6 if t <= 5.5 else 8)
            series.append(dict(sample("interval2.0-mpsdn", "1", t, served, demand), t2_limit_mbps=str(t), t2_mbps="1"))
        parts = param_table.unserved_parts(series, 2.0, 1.0, 0.0)
        self.assertEqual([round(x * 14, 6) for x in parts], [20, 6, 6])
        limits = [limit for _, limit, _ in param_table.step_up_stats(series, 2.0, 1.0)]
        self.assertEqual(limits, [3.5])
        self.assertEqual(param_table.first_cycle_s(14), 1.73)

    def test_unserved_table_reads_the_cycle_grid_from_the_flow_count(self):
        # 3 flows: first cycle at 1.62 s; EI 2 s: the step up at 3.5 s waits 0.12 s for the cycle at 3.62 s
        rows = [dict(run("interval2.0-mpsdn", "1", "mpsdn", "0.5", "5", "1"), warmup_s="0")]
        series = [dict(sample("interval2.0-mpsdn", "1", 0.5 * k, 10, 5 if k <= 6 else 10),
                       t2_limit_mbps="4", t2_mbps=str(k)) for k in range(1, 15)]
        flows = [{"tag": "interval2.0-mpsdn", "seed": "1"}] * 3
        line = param_table.unserved_table(rows, series, flows, "interval").splitlines()[2]
        self.assertEqual(line, "| 2 `mpsdn` | 1 | 0.00 | 0.00 | 0.00 | 0.12 | 4.00 | 8.00 |")


if __name__ == "__main__":
    unittest.main()
