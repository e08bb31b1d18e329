"""Unit tests of fig13_table.py (the Fig. 13 table from fig13-phases.csv and fig13-recovery.csv); no simulation."""
import unittest

import fig13_table


def rec(tag, seed, cycles, within, censored="0"):
    return {"tag": tag, "seed": seed, "step_s": "20.0", "recovered_after_s": "" if cycles == "" else "1",
            "cycles": cycles, "within_2_cycles": within, "censored": censored}


def ph(tag, seed, demand, served, t2="1.0", limit="2.0"):
    return {"tag": tag, "seed": seed, "demand": demand, "served_mbps": served, "t2_mbps": t2,
            "t2_limit_mbps": limit}


class Fig13TableTest(unittest.TestCase):
    def test_censored_steps_are_left_out_and_misses_count(self):
        recovery = fig13_table.as_recovery([
            rec("ci8-demand-mpsdn", "1", "0.25", "1"),
            rec("ci8-demand-mpsdn", "1", "", "", censored="1"),   # run ended: cannot tell, not a miss
            rec("ci8-demand-mpsdn", "2", "3.00", "0"),           # back, but after 3 cycles: a miss
            rec("ci8-demand-mpsdn", "2", "0.50", "1")])
        self.assertEqual(fig13_table.steps(recovery, "ci8-demand-mpsdn"), (2, 3, 1, [0.25, 3.0, 0.5]))
        phases = [ph("ci8-demand-mpsdn", s, d, v) for s in ("1", "2") for d, v in (("high", "9"), ("low", "5"))]
        row = fig13_table.table(phases, recovery).splitlines()[2]
        self.assertTrue(row.startswith("| 8-UE `mpsdn` | 1 / 2 | 2 / 3 (1) | 0.50 / 3.00 | 9.00 ± 0.00 / 5.00"), row)

    def test_low_minus_high_is_paired_per_seed(self):
        phases = [ph("ci4-demand-mpsdn", "1", "high", "10", t2="3.0"), ph("ci4-demand-mpsdn", "1", "low", "5", t2="7.0"),
                  ph("ci4-demand-mpsdn", "2", "high", "10", t2="4.0"), ph("ci4-demand-mpsdn", "2", "low", "5", t2="2.0"),
                  ph("ci4-demand-mpsdn", "3", "high", "10", t2="4.0"),  # no low phase: left out
                  ph("ci4-demand-none", "1", "high", "8"), ph("ci4-demand-none", "1", "low", "6")]
        self.assertEqual(fig13_table.low_minus_high(phases),
                         "4-UE `mpsdn`: Tier 2 low - high 1.00 ± 4.24 Mb/s, low > high in 1 / 2 seeds, "
                         "low phases 2.00-7.00 Mb/s by seed")

    def test_unregulated_rows_have_no_tier2_columns_and_sort_first(self):
        recovery = fig13_table.as_recovery([rec("ci4-demand-mpsdn", "1", "0.25", "1"),
                                            rec("ci4-demand-none", "1", "", "0")])
        phases = [ph(t, "1", d, "5") for t in ("ci4-demand-mpsdn", "ci4-demand-none") for d in ("high", "low")]
        lines = fig13_table.table(phases, recovery).splitlines()
        self.assertTrue(lines[2].startswith("| 4-UE `none` | 0 / 1 | 0 / 1 (0) | – |"), lines[2])
        self.assertTrue(lines[2].endswith("| – | – |"), lines[2])
        self.assertTrue(lines[3].startswith("| 4-UE `mpsdn` | 1 / 1 |"), lines[3])


if __name__ == "__main__":
    unittest.main()
