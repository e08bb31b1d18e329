"""Unit tests of the flow-level model (python3 -m unittest discover -s sim/scripts -p 'test_*.py')."""
import unittest

import flow_model as m


def flow(ue, ap, rate, mp=0):
    return {"ue": ue, "multipath": mp, "ap": ap, "phy_mbps": rate}


class FlowModelTest(unittest.TestCase):
    def test_airtime_grows_as_rate_falls(self):
        self.assertLess(m.segment_airtime(54), m.segment_airtime(24))
        self.assertLess(m.segment_airtime(24), m.segment_airtime(6))
        # one 54 Mb/s station: TCP goodput about 24 Mb/s (802.11g MAC overhead), far below the PHY rate
        single = m.model([flow(0, "wifi0", 54)], coupled=False)[0]
        self.assertTrue(20 < single < 28, single)

    def test_equal_share_and_performance_anomaly(self):
        two = m.model([flow(0, "wifi0", 54), flow(1, "wifi0", 54)], coupled=False)
        self.assertAlmostEqual(two[0], two[1])
        slow = m.model([flow(0, "wifi0", 54), flow(1, "wifi0", 54), flow(2, "wifi0", 6)], coupled=False)
        self.assertAlmostEqual(slow[0], slow[2])  # packet-level fairness: equal throughput
        self.assertLess(slow[0] + slow[1] + slow[2], two[0] + two[1])  # the slow station drags the AP down
        airtime = sum(x * 1e6 * m.segment_airtime(r) / m.PAYLOAD_BITS for x, r in zip(slow, (54, 54, 6)))
        self.assertAlmostEqual(airtime, 1.0)

    def test_water_fill_keeps_caps(self):
        out = m.water_fill([1.0, 1.0, 1.0], [0.1, None, None])
        self.assertAlmostEqual(out[0], 0.1)
        self.assertAlmostEqual(out[1], 0.45)
        self.assertAlmostEqual(sum(out), 1.0)

    def test_lte_equal_time_share(self):
        out = m.model([flow(0, "lte", 20), flow(1, "lte", 5)], coupled=False)
        self.assertAlmostEqual(out[0] / out[1], 4.0)

    def test_olia_withdraws_from_the_worse_path(self):
        flows = [flow(0, "wifi0", 54), flow(1, "wifi0", 54),
                 flow(2, "wifi0", 9, mp=1), flow(2, "lte", 20, mp=1)]
        reno = m.model(flows, coupled=False)
        olia = m.model(flows, coupled=True)
        self.assertLess(olia[2], reno[2])  # the weak Wi-Fi subflow only probes
        self.assertLess(olia[2], 0.5)
        self.assertGreater(olia[0], reno[0])  # single-path Wi-Fi users gain airtime
        self.assertAlmostEqual(olia[3], reno[3])  # the LTE subflow (best path) is unchanged

    def test_olia_keeps_the_better_path(self):
        flows = [flow(0, "wifi0", 54, mp=1), flow(0, "lte", 2, mp=1)]
        olia = m.model(flows, coupled=True)
        self.assertGreater(olia[0], 20)
        self.assertLess(olia[1], 0.2)

    def test_olia_best_response_settles(self):
        # 6 weak multipath users: if they all moved together they would oscillate between Wi-Fi and
        # LTE; one at a time they settle, and no user can gain > 1 % by moving alone
        flows = [flow(0, "wifi0", 54), flow(1, "wifi0", 54)]
        # LTE at 13.2 Mb/s: the AMC transport-block rate of the 18-Mb/s Shannon link this test was written
        # for when the model took Shannon rates (18 * 18336 / 25000; flow_model.py's LTE paragraph)
        for u in range(2, 8):
            flows += [flow(u, "wifi0", 12, mp=1), flow(u, "lte", 13.2, mp=1)]
        olia = m.model(flows, coupled=True)
        lte = sum(x for f, x in zip(flows, olia) if f["ap"] == "lte")
        self.assertGreater(lte, 0.9 * 13.2 * m.LTE_EFF)  # the eNB stays in use
        totals = [sum(x for f, x in zip(flows, olia) if f["ue"] == u) for u in range(2, 8)]
        self.assertLess(max(totals) / min(totals), 1.1)  # the users split between the two APs
        reno = m.model(flows, coupled=False)
        self.assertGreater(olia[0], reno[0])

    def test_bad_input_names_the_field(self):
        with self.assertRaisesRegex(ValueError, "phy_mbps"):
            m.model([{"ue": 0, "multipath": 0, "ap": "wifi0"}], coupled=False)
        with self.assertRaisesRegex(ValueError, "phy_mbps must be >= 0"):
            m.model([flow(0, "wifi0", -1)], coupled=False)
        with self.assertRaisesRegex(ValueError, "rate_mbps"):
            m.ofdm_time(100, 0)


if __name__ == "__main__":
    unittest.main()
