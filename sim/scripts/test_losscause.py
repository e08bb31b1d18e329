"""Unit tests of losscause.py on a hand-made placement: home networks, away primaries, the single-path
users against their own s0-none throughput, and the rate-anomaly prediction."""
import contextlib
import csv
import io
import os
import tempfile
import unittest

import losscause
import wonback

SUMMARY = ["tag", "seed", "wns_mbps", "wifi0_mbps", "wifi1_mbps", "wifi2_mbps", "lte_mbps",
           "t2_wifi0_mbps", "t2_wifi1_mbps", "t2_wifi2_mbps"]
FLOWS = ["tag", "seed", "ue", "multipath", "ap", "phy_mbps", "th_mbps"]


def write(d, summary, flows):
    path = os.path.join(d, "fig.csv")
    for name, header, rows in ((path, SUMMARY, summary), (path.replace(".csv", "-flows.csv"), FLOWS, flows)):
        with open(name, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(header)
            w.writerows(rows)
    return path


# seed 1: ue0 a Wi-Fi user at 54 Mb/s, ue1 an LTE user (out of range), ue2 an LTE single-path user.
# In s80-mpsdn ue0 and ue1 are multipath; ue1's primary is Wi-Fi at 24 Mb/s (away from home).
S0 = [("s0-none", 1, 0, 0, "wifi0", 54, 20.0), ("s0-none", 1, 1, 0, "lte", 10, 2.0),
      ("s0-none", 1, 2, 0, "lte", 10, 2.0)]
S80 = [("s80-mpsdn", 1, 0, 1, "wifi0", 54, 12.0), ("s80-mpsdn", 1, 0, 1, "lte", 10, 0.01),
       ("s80-mpsdn", 1, 1, 1, "wifi0", 24, 5.0), ("s80-mpsdn", 1, 1, 1, "lte", 10, 0.02),
       ("s80-mpsdn", 1, 2, 0, "lte", 10, 3.0)]
SUM = [("s0-none", 1, 24, 20, 0, 0, 4, 0, 0, 0), ("s80-mpsdn", 1, 20, 17, 0, 0, 3, 0.1, 0, 0)]


class OneRunTest(unittest.TestCase):
    def run_seed1(self):
        with tempfile.TemporaryDirectory() as d:
            summary, runs = losscause.load(write(d, SUM, S0 + S80))
        return losscause.one_run(summary, runs, "s80-mpsdn", "1")

    def test_names_the_primary_away_from_home(self):
        r = self.run_seed1()
        self.assertEqual(r["away"], ["ue1 LTE->wifi0@24"])

    def test_single_path_users_against_their_own_baseline(self):
        r = self.run_seed1()
        self.assertAlmostEqual(r["sp_own"], 1.5)  # ue2: 3.0 against its own 2.0, not the 8.0 mean of s0
        self.assertAlmostEqual(r["sp_lte"], 1.5)
        self.assertNotEqual(r["sp_wifi"], r["sp_wifi"])  # no Wi-Fi single-path user: NaN

    def test_network_changes_against_s0(self):
        r = self.run_seed1()
        self.assertAlmostEqual(r["d_wifi"], -3.0)
        self.assertAlmostEqual(r["d_lte"], -1.0)
        self.assertAlmostEqual(r["t2_wifi"], 0.1)

    def test_rate_anomaly_prediction_uses_tier1_stations(self):
        # wifi0: s0 one station at 54 (Eq. 2: 54), s80 the primaries at 54 and 24 (2 / (1/54 + 1/24) = 33.2)
        (predicted, measured), = self.run_seed1()["anomaly"]
        self.assertAlmostEqual(predicted, 20 * (2 / (1 / 54 + 1 / 24)) / 54 - 20)
        self.assertAlmostEqual(measured, -3.0)

    def test_unregulated_runs_count_every_subflow(self):
        flows = [("s80-none",) + r[1:] for r in S80]
        summary = SUM + [("s80-none", 1, 20, 17, 0, 0, 3, 0, 0, 0)]
        with tempfile.TemporaryDirectory() as d:
            s, runs = losscause.load(write(d, summary, S0 + flows))
        r = losscause.one_run(s, runs, "s80-none", "1")
        self.assertEqual(r["away"], [])
        # the LTE subflows are not Wi-Fi stations; both Wi-Fi subflows are
        rates = losscause.stations(runs[("s80-none", "1")], False, "phy_mbps")["wifi0"]
        self.assertEqual(sorted(rates.values()), [24.0, 54.0])


class MainTest(unittest.TestCase):
    def test_prints_per_tag_and_the_fit(self):
        flows, summary = [], []
        for seed, rate, wifi in ((1, 24, 17), (2, 36, 18.5), (3, 12, 13)):  # slower primary, lower wifi0
            flows += [(t, seed) + r[2:] for (t, *_), r in zip(S0, S0)]
            flows += [(t, seed, ue, mp, ap, rate if (ue, ap) == (1, "wifi0") else phy, th)
                      for t, _, ue, mp, ap, phy, th in S80]
            summary += [("s0-none", seed, 24, 20, 0, 0, 4, 0, 0, 0), ("s80-mpsdn", seed, 20, wifi, 0, 0, 3, 0, 0, 0)]
        out = io.StringIO()
        with tempfile.TemporaryDirectory() as d, contextlib.redirect_stdout(out):
            losscause.main(write(d, summary, flows), [80])
        text = out.getvalue()
        self.assertIn("s80-mpsdn (3 seeds)", text)
        self.assertIn("away primaries 1.0 per run", text)
        self.assertIn("3 AP-runs", text)
        corr = float(text.rsplit("r = ", 1)[1])
        self.assertGreater(corr, 0.9)  # the slower the away primary, the lower wifi0: a positive fit

    def test_no_fit_when_every_prediction_is_the_same(self):
        self.assertIsNone(losscause.fit([(1.0, 2.0), (1.0, 3.0), (1.0, 4.0)]))


class WonbackTest(unittest.TestCase):
    def test_single_path_target_is_held_against_the_worse_home_network(self):
        # ue3 is a Wi-Fi single-path user that loses half; ue2 (LTE) gains 50 %: the overall ratio of the sums
        # is (3 + 10) / (2 + 20) = 59 %, the worse home network 50 %
        flows = S0 + [("s0-none", 1, 3, 0, "wifi0", 54, 20.0)] + S80 + [("s80-mpsdn", 1, 3, 0, "wifi0", 54, 10.0)]
        flows += [("s80-none",) + r[1:] for r in S80] + [("s80-none", 1, 3, 0, "wifi0", 54, 10.0)]
        summary = [("s0-none", 1, 30, 20, 0, 0, 4, 0, 0, 0), ("s80-none", 1, 20, 17, 0, 0, 3, 0, 0, 0),
                   ("s80-mpsdn", 1, 25, 17, 0, 0, 3, 0.1, 0, 0)]
        out = io.StringIO()
        with tempfile.TemporaryDirectory() as d, contextlib.redirect_stdout(out):
            wonback.main(write(d, summary, flows), [80])
        text = out.getvalue()
        self.assertIn("loss won back: mean 50.0 %", text)  # (25 - 20) / (30 - 20)
        self.assertIn("single-path users, s80-mpsdn / their own s0-none: mean 59.1 %", text)
        self.assertIn("the worse home network (Wi-Fi or LTE), s80-mpsdn: mean 50.0 %", text)
        self.assertIn(">= target in 0 of 1", text)


class ShareNoiseTest(unittest.TestCase):
    def test_only_aps_with_the_same_tier1_stations_count(self):
        # wifi0 gains ue1 as a Tier-1 station in s80-mpsdn: not comparable; wifi1 keeps ue4 alone
        s0 = S0 + [("s0-none", 1, 4, 0, "wifi1", 54, 10.0)]
        s80 = S80 + [("s80-mpsdn", 1, 4, 0, "wifi1", 54, 9.0)]
        with tempfile.TemporaryDirectory() as d:
            _, runs = losscause.load(write(d, SUM, s0 + s80))
        self.assertEqual(losscause.share_noise(runs, "s80-mpsdn", "1"), ([0.9], [0.9]))



class StarvedTest(unittest.TestCase):
    def test_a_station_below_a_tenth_of_its_aps_mean_is_starved(self):
        # wifi0: ue0 12.0 and ue1 5.0 (primaries); ue3 0.5 < 0.1 x mean(12, 5, 0.5) = 0.58: starved
        flows = S0 + S80 + [("s0-none", 1, 3, 0, "wifi0", 54, 6.0), ("s80-mpsdn", 1, 3, 0, "wifi0", 54, 0.5)]
        with tempfile.TemporaryDirectory() as d:
            summary, runs = losscause.load(write(d, SUM, flows))
        r = losscause.one_run(summary, runs, "s80-mpsdn", "1")
        self.assertEqual(losscause.starved(runs[("s80-mpsdn", "1")], True), {"wifi0": ["3"]})
        self.assertEqual((r["starved"], r["starved0"]), (1, 0))
        # the whole Wi-Fi change (-3.0) is on wifi0, the AP with the starved station
        self.assertEqual(r["starved_split"], (-3.0, 0.0))

    def test_no_starved_station_leaves_the_change_to_the_others(self):
        r = OneRunTest().run_seed1()  # ue1 at 5.0 is not below 0.1 x 8.5
        self.assertEqual(r["starved"], 0)
        self.assertEqual(r["starved_split"], (0.0, -3.0))


if __name__ == "__main__":
    unittest.main()
