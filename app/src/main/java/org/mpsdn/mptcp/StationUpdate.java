package org.mpsdn.mptcp;

import java.net.InetAddress;
import java.util.List;

/**
 * What one AP's new station list did: how many stations it kept (of which how many without a MAC,
 * identified by IP only, as an eNB reports its UEs), which entries it rejected and why, and which
 * addresses it found reassigned to another device.
 */
public final class StationUpdate {
    private final int accepted;
    private final int withoutMac;
    private final List<String> rejected;
    private final List<InetAddress> reassigned;

    /**
     * Creates an outcome.
     *
     * @param accepted   stations kept
     * @param withoutMac of those, stations without a MAC
     * @param rejected   why each rejected entry was rejected (naming its IP)
     * @param reassigned addresses found reassigned to another device
     */
    public StationUpdate(int accepted, int withoutMac, List<String> rejected, List<InetAddress> reassigned) {
        this.accepted = accepted;
        this.withoutMac = withoutMac;
        this.rejected = List.copyOf(rejected);
        this.reassigned = List.copyOf(reassigned);
    }

    /**
     * Returns how many stations the list gave.
     *
     * @return stations kept
     */
    public int accepted() {
        return accepted;
    }

    /**
     * Returns how many of the kept stations have no MAC (identified by IP).
     *
     * @return stations without MAC
     */
    public int withoutMac() {
        return withoutMac;
    }

    /**
     * Returns the rejected entries, each with its IP and the reason.
     *
     * @return reasons, in list order
     */
    public List<String> rejected() {
        return rejected;
    }

    /**
     * Returns the addresses the list showed with a new MAC while no other AP still lists the old one.
     *
     * @return reassigned addresses, in list order
     */
    public List<InetAddress> reassigned() {
        return reassigned;
    }

    @Override
    public String toString() {
        return "StationUpdate{accepted=" + accepted + ", withoutMac=" + withoutMac + ", rejected=" + rejected
                + ", reassigned=" + reassigned + "}";
    }
}
