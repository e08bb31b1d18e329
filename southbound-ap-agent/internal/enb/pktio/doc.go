// Package pktio is the thin packet I/O layer of the reference eNB: it
// bridges an uplink interface and one interface per UE with AF_PACKET raw
// sockets. Downlink IP frames from the uplink whose destination belongs to a
// UE (or matches a split flow) go through the cell's scheduler; every other
// frame (ARP, broadcast, unknown destination) is flooded to the UE ports at
// once, and frames from UE ports go straight to the uplink (the uplink is not
// scheduled, as in the paper's emulator). Malformed frames are forwarded as
// non-IP and counted. Checksum/segmentation offloads must be off on the
// interfaces (ethtool -K <if> tx off gso off gro off tso off), since raw
// sockets see frames before the kernel would finish them.
package pktio
