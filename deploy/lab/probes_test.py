#!/usr/bin/env python3
"""Unit test of the phase probes' chaining and one-shot snapshots (no namespaces: a fake shell):
python3 deploy/lab/probes_test.py"""
import os
import sys
import tempfile
import types
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import probes  # noqa: E402


class SocketProbeTest(unittest.TestCase):
    def setUp(self):
        self.calls = []
        self.saved = probes.nsx
        probes.nsx = lambda ns, cmd, check=True, capture=False: self.calls.append((ns, cmd)) or f"{ns}: {cmd}\n"
        self.lab = types.SimpleNamespace(out=tempfile.mkdtemp())

    def tearDown(self):
        probes.nsx = self.saved

    def test_snapshots_once_at_its_time_and_passes_every_sample_on(self):
        seen = []
        p = probes.SocketProbe(self.lab, 3.0, ["ue2", "ue3"], "sockets-x", seen.append)
        for t in (1.0, 2.5, 3.0, 3.5, 4.0):
            p(t)
        self.assertEqual([1.0, 2.5, 3.0, 3.5, 4.0], seen)
        self.assertEqual([("ue2", "ss -tinM"), ("ue2", "nstat -az"), ("ue3", "ss -tinM"), ("ue3", "nstat -az"),
                          ("srv", "nstat -az")], self.calls)
        with open(os.path.join(self.lab.out, "sockets-x-ss-ue3.txt")) as f:
            self.assertEqual("ue3: ss -tinM\nue3: nstat -az\n", f.read())
        with open(os.path.join(self.lab.out, "sockets-x-nstat-srv.txt")) as f:
            self.assertEqual("srv: nstat -az\n", f.read())

    def test_nothing_before_its_time(self):
        p = probes.SocketProbe(self.lab, 3.0, ["ue2"], "sockets-y")
        p(2.9)
        self.assertEqual([], self.calls)
        self.assertEqual([], os.listdir(self.lab.out))


class MachineCpuTest(unittest.TestCase):
    def test_busy_share_between_reads_and_the_probes_after_it(self):
        stats = iter(["cpu  100 0 100 700 100 0 0 0 0 0\ncpu0 1 2 3\n",
                      "cpu  150 0 150 750 150 0 0 0 0 0\n",      # 100 busy of 200
                      "cpu  150 0 150 950 150 0 0 0 0 0\n"])     # 0 busy of 200
        seen = []
        p = probes.MachineCpu(seen.append, read=lambda: next(stats))
        for t in (0.5, 1.0, 1.5):
            p(t)
        self.assertEqual([0.5, 1.0, 1.5], seen)
        r = p.reads()
        self.assertEqual([None, 0.5, 0.0], r["busy"])
        self.assertEqual(0.5, r["max"])
        self.assertEqual(0.5, r["median"])

    def test_rejects_what_is_not_proc_stat(self):
        with self.assertRaises(ValueError):
            probes.parse_proc_stat("intr 1 2 3\n")
        self.assertEqual((200, 1000), probes.parse_proc_stat("cpu  100 0 100 700 100 0 0 0 0 0\n"))


class PacketSocketsTest(unittest.TestCase):
    SS = ('p_raw UNCONN 0      0        *:mpl-sl * users:(("ovs-vswitchd",pid=30405,fd=44)) '
          'skmem:(r0,rb212992,t0,tb212992,f0,w0,o176,bl0,d802)\n'
          'p_raw UNCONN 0 0 *:mpl-sl * users:(("ovs-vswitchd",pid=30405,fd=45))\n'
          '\t skmem:(r0,rb212992,t0,tb212992,f0,w0,o176,bl0,d3)\n'      # a terminal's layout
          'p_raw UNCONN 0 0 *:uplink * users:(("mpsdn-enb",pid=7,fd=9)) skmem:(r0,rb8388608,t0,tb8388608,f0,w0,'
          'o176,bl0,d0)\n'
          'p_raw UNCONN 0 0 [ALL]:* *\n'                                   # no owner: left out
          'garbage\n')

    def test_drops_per_namespace_interface_and_process(self):
        self.assertEqual({"host/mpl-sl/ovs-vswitchd": 805, "host/uplink/mpsdn-enb": 0},
                         probes.parse_packet_sockets(self.SS, "host"))

    def test_the_host_and_every_namespace_and_the_drops_between_two_reads(self):
        texts = {None: self.SS, "enb": 'p_raw UNCONN 0 0 *:enb-ue4 * users:(("mpsdn-enb",pid=7,fd=11)) '
                                       'skmem:(r0,rb1,t0,tb1,f0,w0,o0,bl0,d4)'}
        after = probes.packet_socket_drops(["enb"], run=texts.get)
        self.assertEqual(4, after["enb/enb-ue4/mpsdn-enb"])
        before = {"host/mpl-sl/ovs-vswitchd": 800, "host/uplink/mpsdn-enb": 0}
        self.assertEqual({"host/mpl-sl/ovs-vswitchd": 5, "enb/enb-ue4/mpsdn-enb": 4},
                         probes.drops_between(before, after))


class CellClockTest(unittest.TestCase):
    def test_idle_share_between_reads_per_enb_and_the_probes_after_it(self):
        docs = iter([{"tti": 1000, "clock": {"idle_ttis": 10}},
                     {"tti": 1500, "clock": {"idle_ttis": 110}},     # 100 idle of 500
                     OSError("down"),                                 # a failed read: None, and no share after it
                     {"tti": 2500, "clock": {"idle_ttis": 110}}])

        def metrics(_ap):
            d = next(docs)
            if isinstance(d, Exception):
                raise d
            return d
        seen = []
        p = probes.CellClock(["lte"], metrics, seen.append)
        for t in (0.5, 1.0, 1.5, 2.0):
            p(t)
        self.assertEqual([0.5, 1.0, 1.5, 2.0], seen)
        self.assertEqual({"lte": {"t_s": [0.5, 1.0, 1.5, 2.0], "idle": [None, 0.2, None, None]}}, p.reads())

    def test_no_enb_no_reads(self):
        p = probes.CellClock([], lambda ap: self.fail("read"))
        p(0.5)
        self.assertEqual({}, p.reads())


class ActiveSubflowTest(unittest.TestCase):
    # `ss -tinH state established`: no state column; the next line holds tcp_info
    SS = ("0 0 10.0.1.2:40000 10.0.9.1:5202\n"
          "\t cubic wscale:7,7 rto:204 rtt:3.1/1 lastsnd:12 lastrcv:9000 lastack:8\n"
          "0 0 10.0.2.2:40001 10.0.9.1:5202\n"
          "\t cubic wscale:7,7 rto:204 rtt:30/5 lastsnd:7000 lastrcv:8000 lastack:6900\n"
          "0 0 10.0.3.2:40002 10.0.9.1:5202\n"
          "\t cubic wscale:7,7 rto:204 rtt:30/5 lastsnd:9000 lastrcv:20 lastack:19\n"
          "0 0 10.0.4.2%lte0:40003 10.0.9.1:5202\n"
          "\t bbr wscale:10,10 rto:204 rtt:0.249/0.261 bytes_received:71392812 lastsnd:32056 pacing_rate 2267489\n")

    def test_an_upload_subflow_is_active_by_its_last_data_sent_a_download_one_by_its_last_received(self):
        import soak_probe
        # 10.0.1.2 uploads (lastsnd 12 ms), 10.0.3.2 downloads (lastrcv 20 ms), 10.0.2.2 idle for 7 s
        # 10.0.4.2: a busy download's subflow as ss prints it (a committed run's file): no lastrcv, it was 0 ms
        self.assertEqual(soak_probe.active_addresses(self.SS, active_s=5), ["10.0.1.2", "10.0.3.2", "10.0.4.2"])

    def test_subflow_ages_are_the_younger_of_last_sent_and_received(self):
        import soak_probe
        self.assertEqual(soak_probe.subflow_ages_of(self.SS),
                         {"10.0.1.2": 12, "10.0.2.2": 7000, "10.0.3.2": 20, "10.0.4.2": 0})

    def test_endpoints_with_the_backup_flag(self):
        import soak_probe
        text = ("10.0.1.3 id 2 backup dev wlan0 \n10.0.2.3 id 1 subflow dev lte0 \n"
                "10.0.3.3 id 3 subflow backup dev wlan1 \n")
        self.assertEqual(soak_probe.endpoint_backups(text), ["10.0.1.3", "10.0.3.3"])


if __name__ == "__main__":
    unittest.main()
