"""Unit tests of mobility_table.py (the mobility / Fig. 17 tables from mobility.csv and mobility-series.csv);
no simulation."""
import unittest

import mobility_table as mt


def run(tag, seed, profile, interval, wns, sp="1.0", mp="2.0", wifi0="10.0"):
    return {"tag": tag, "seed": seed, "profile": profile, "interval": interval, "wns_mbps": wns, "sp_aat_mbps": sp,
            "mp_aat_mbps": mp, "wifi0_mbps": wifi0, "wifi1_mbps": "1", "wifi2_mbps": "1", "lte_mbps": "1",
            "warmup_s": "1.0"}


ROWS = [run("mob-none", "1", "none", "2.0", "70"), run("mob-none", "2", "none", "2.0", "72"),
        run("mob-ei2-mpsdn", "1", "mpsdn", "2.0", "78", wifi0="12"),
        run("mob-ei2-mpsdn", "2", "mpsdn", "2.0", "79", wifi0="13"),
        run("mob-ei45-mpsdn", "1", "mpsdn", "45.0", "74"),  # seed 2 has no EI 45 run: not paired
        run("mob-ei2-paper", "1", "paper", "2.0", "71"), run("mob-ei2-paper", "2", "paper", "2.0", "71")]


class MobilityTableTest(unittest.TestCase):
    def test_table_has_a_row_per_interval_and_the_unregulated_row(self):
        lines = mt.table(ROWS).splitlines()
        self.assertEqual(lines[2].split(" | ")[:3], ["| 2", "2", "71.00 ± 0.00"])
        self.assertEqual(lines[2].split(" | ")[5], "78.50 ± 0.71")
        self.assertEqual(lines[3].split(" | ")[:3], ["| 45", "1", "–"])
        self.assertTrue(lines[4].startswith("| `none` (no regulation) | 2 | 71.00 ± 1.41 |"))

    def test_paired_pairs_only_seeds_with_both_runs(self):
        lines = mt.paired(ROWS).splitlines()
        self.assertIn("`mpsdn` WNS from EI 2 to 45 s: -4.00 ± 0.00 Mb/s, higher in 0 of 1 seeds", lines)
        self.assertIn("`mpsdn` WNS at EI 2 s minus `none`: 7.50 ± 0.71 Mb/s, higher in 2 of 2 seeds", lines)
        self.assertIn("`paper` WNS at EI 2 s minus `none`: 0.00 ± 1.41 Mb/s, higher in 1 of 2 seeds", lines)
        self.assertIn("WNS `mpsdn` minus `paper` at EI 2 s: 7.50 ± 0.71 Mb/s, higher in 2 of 2 seeds", lines)

    def test_per_ap_compares_the_short_interval_with_the_long_one(self):
        self.assertEqual(mt.per_ap(ROWS, short=2.0, long=45.0).splitlines()[0],
                         "`mpsdn` wifi0 at EI 2 s minus 45 s: 2.00 ± 0.00 Mb/s, higher in 1 of 1 seeds")
        self.assertEqual(mt.per_ap(ROWS), "")  # no EI 5 / 30 runs

    def test_window_means(self):
        self.assertEqual(mt.window_means([1, 2, 3, 4], 2), [1.5, 2.5, 3.5])
        self.assertEqual(mt.window_means([1, 3], 5), [2])
        self.assertEqual(mt.window_means([], 5), [])

    def test_dips_skip_the_warmup_and_count_time_below_the_short_interval_run(self):
        rows = [run("mob-ei5-mpsdn", "1", "mpsdn", "5.0", "1"), run("mob-ei30-mpsdn", "1", "mpsdn", "30.0", "1"),
                run("mob-none", "1", "none", "2.0", "1")]

        def s(tag, t, mbps, ap="wifi0", seed="1"):
            return {"tag": tag, "seed": seed, "ap": ap, "time_s": str(t), "t1_mbps": str(mbps), "t2_mbps": "0"}
        series = [s("mob-ei5-mpsdn", 0.5, 0)] + [s("mob-ei5-mpsdn", 1 + 0.5 * k, 10) for k in range(1, 21)]
        series += [s("mob-ei30-mpsdn", 1 + 0.5 * k, 10 if k < 15 else 5) for k in range(1, 21)]
        series += [s("mob-none", 1.5, 7), s("mob-ei5-mpsdn", 1.5, 99, ap="wifi1"),
                   s("mob-ei5-mpsdn", 1.5, 99, seed="2")]
        lines = mt.dips(series, rows).splitlines()
        self.assertEqual(lines[2], "| `mob-none` | 7.00 | 7.00 | – |")
        self.assertEqual(lines[3], "| `mob-ei5-mpsdn` | 10.00 | 10.00 | 0 |")
        self.assertEqual(lines[4], "| `mob-ei30-mpsdn` | 8.50 | 7.00 | 3 |")


if __name__ == "__main__":
    unittest.main()
