package org.mpsdn.lab.host.services;

import org.mpsdn.lab.host.openflow.OfSwitchServer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * Shell helpers of the tests against a real Open vSwitch (root, openvswitch-switch): a bridge with one veth
 * port (ofport 1) connected to a test's southbound.
 */
final class OvsTestSupport {

    static final String OFCTL = "ovs-ofctl -O OpenFlow13 ";

    private OvsTestSupport() {
    }

    static String sh(String cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", cmd).redirectErrorStream(true).start();
        String out;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                                                                         StandardCharsets.UTF_8))) {
            out = r.lines().collect(Collectors.joining("\n"));
        }
        int rc = p.waitFor();
        if (rc != 0) {
            throw new IOException("'" + cmd + "' exited " + rc + ": " + out);
        }
        return out;
    }

    static void waitFor(String what, BooleanSupplier cond) throws InterruptedException {
        long end = System.currentTimeMillis() + 15_000;
        while (!cond.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(50);
        }
    }

    /** Starts ovs-vswitchd if it is not running; returns whether it did. */
    static boolean startOvs() throws IOException, InterruptedException {
        boolean start = sh("pgrep -x ovs-vswitchd >/dev/null && echo up || echo down").equals("down");
        if (start) {
            sh("/usr/share/openvswitch/scripts/ovs-ctl start --system-id=random >/dev/null 2>&1");
        }
        return start;
    }

    static void stopOvs() throws IOException, InterruptedException {
        sh("/usr/share/openvswitch/scripts/ovs-ctl stop >/dev/null 2>&1");
    }

    /** Creates bridge {@code br} (userspace datapath, OpenFlow 1.3, fail-secure, the given dpid) with veth
     *  {@code br+"a"} as port 1 (its peer {@code br+"b"} up, both without IPv6 so that the kernel sends no
     *  frames of its own) and points it at the server. */
    static void bridge(String br, String dpid, OfSwitchServer server) throws IOException, InterruptedException {
        sh("ovs-vsctl --if-exists del-br " + br + " && ip link del " + br + "a 2>/dev/null; "
                   + "ip link add " + br + "a type veth peer name " + br + "b && "
                   + "sysctl -qw net.ipv6.conf." + br + "a.disable_ipv6=1 net.ipv6.conf." + br + "b.disable_ipv6=1 && "
                   + "ip link set " + br + "a up && ip link set " + br + "b up && "
                   + "ovs-vsctl add-br " + br + " -- set bridge " + br + " datapath_type=netdev "
                   + "protocols=OpenFlow13 fail_mode=secure other-config:datapath-id=" + dpid + " "
                   + "-- add-port " + br + " " + br + "a -- set interface " + br + "a ofport_request=1 "
                   + "&& ovs-vsctl set-controller " + br + " tcp:127.0.0.1:" + server.port());
    }

    static void deleteBridge(String br) throws IOException, InterruptedException {
        sh("ovs-vsctl --if-exists del-br " + br + "; ip link del " + br + "a 2>/dev/null; true");
    }

    /** EtherType of the injected frames (IEEE 802 local experimental 2). */
    static final short TEST_ETHER_TYPE = (short) 0x88b5;

    /** Sends n broadcast frames (64 bytes, {@link #TEST_ETHER_TYPE}) into the bridge's port 1 from the veth peer. */
    static void inject(String br, int n) throws IOException, InterruptedException {
        sh("python3 -c \"import socket; s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW); "
                   + "s.bind(('" + br + "b', 0)); "
                   + "[s.send(b'\\xff' * 6 + b'\\x02' * 6 + b'\\x88\\xb5' + b'\\x00' * 50) for _ in range(" + n
                   + ")]\"");
    }
}
