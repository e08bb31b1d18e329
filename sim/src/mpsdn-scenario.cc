// MP-SDN ns-3 scenario (paper Section III-B2 / VI, Fig. 4 and Fig. 8) with the real Java
// Regulation Center in the loop through the line-JSON bridge (bridge-client.h).
//
// 3 Wi-Fi APs (802.11g, channels 1/6/11: no inter-AP interference) + 1 LTE eNB (EPC, PF scheduler),
// N UEs placed at random. Single-path users use Wi-Fi (nearest AP) within --wifiRange of an AP, else
// LTE; multipath users (share --mpShare, chosen at random) use both, as two UNCOUPLED TCP NewReno
// subflows (ns-3 has no MPTCP: the paper's "MP-Reno" case). An "SDN switch" (MeterQueueDisc) sits in
// front of every AP in each direction: flow table, Tier-2 meter, optional Tier-1 demand meter. With
// --profile=paper|mpsdn the scenario sends the Regulation Center AP occupancy, stations (RSSI, PHY
// rate) and the switches' flows every --interval seconds from the traffic start and applies the
// returned tiers and Tier-2 limits. This file: parameters and the run; topology.cc builds the network,
// regulation-loop.cc runs the cycles, outputs.cc writes the CSVs.
#include "scenario.h"

#include <chrono>
#include <iostream>

using namespace ns3;

namespace mpsdn
{

Params P;
std::vector<Ue> ues;
std::vector<FlowRec> flows;
ApState aps[kWifiAps + 1];
Ptr<Node> server;
Ptr<LogDistancePropagationLossModel> wifiLoss;

} // namespace mpsdn

using namespace mpsdn;

namespace
{

void
ParseArgs(int argc, char* argv[])
{
    CommandLine cmd(__FILE__);
    cmd.AddValue("seed", "run number (RngRun)", P.seed);
    cmd.AddValue("nUes", "number of UEs", P.nUes);
    cmd.AddValue("area", "side of the square area, m", P.area);
    cmd.AddValue("mpShare", "share of multipath users, 0..1", P.mpShare);
    cmd.AddValue("profile", "none (no regulation), or paper / mpsdn: the Regulation Center in the loop with this "
                            "profile (docs/regulation.md)", P.profile);
    cmd.AddValue("uplink", "uploads instead of downloads (and regulate both directions)", P.uplink);
    cmd.AddValue("mobility", "random-waypoint mobility, speed U[1,5] m/s", P.mobility);
    cmd.AddValue("interval", "execution interval EI, s", P.interval);
    cmd.AddValue("alpha", "aggressiveness factor", P.alpha);
    cmd.AddValue("cth", "congestion threshold", P.cth);
    cmd.AddValue("simTime", "simulated seconds", P.simTime);
    cmd.AddValue("warmup", "seconds excluded from averages", P.warmup);
    cmd.AddValue("t1High", "Tier-1 demand per Wi-Fi AP (bit/s) in odd periods, 0 = none", P.t1High);
    cmd.AddValue("t1Low", "Tier-1 demand per Wi-Fi AP (bit/s) in even periods", P.t1Low);
    cmd.AddValue("demand", "paced: the single-path users of a Wi-Fi AP send its Tier-1 demand (OnOff over TCP); "
                           "meter: backlogged users, the switch polices Tier 1 at the demand", P.demand);
    cmd.AddValue("swapPeriod", "Tier-1 demand swap period, s", P.swapPeriod);
    cmd.AddValue("wifiRange", "single-path users within this distance of an AP use Wi-Fi, m", P.wifiRange);
    cmd.AddValue("lteRb", "LTE bandwidth in resource blocks", P.lteRb);
    cmd.AddValue("lteExponent", "LTE log-distance path-loss exponent (39 dB at 1 m)", P.lteExponent);
    cmd.AddValue("macQueue", "Wi-Fi MAC queue size, packets", P.macQueue);
    cmd.AddValue("apQdisc", "queue disc on the Wi-Fi AP: fq_codel (ns-3's default FqCoDel, per-flow fair queueing in "
                            "front of the MAC queue) or none (the MAC queue is the AP's only queue, one FIFO)",
                 P.apQdisc);
    cmd.AddValue("occSample", "Wi-Fi MAC-queue occupancy sampling period, s (the core gets the mean of the "
                              "samples of each epoch; the AP agent samples every 0.1 s)", P.occSample);
    cmd.AddValue("upSignal", "Wi-Fi uplink congestion signal: ap (the AP's MAC queue) or stations (mean fill of "
                             "the associated stations' MAC queues)", P.upSignal);
    cmd.AddValue("stationQueues", "send the Wi-Fi APs' per-station queues (epoch means) to the core: the mpsdn "
                                  "profile's Tier-1 signal reads them (0: it falls back to the AP occupancy)",
                 P.stationQueues);
    cmd.AddValue("wifiExponent", "Wi-Fi log-distance path-loss exponent", P.wifiExponent);
    cmd.AddValue("roamHysteresis", "a Wi-Fi station re-associates with an AP this many dB stronger than its own "
                                   "(< 0: never)", P.roamHysteresis);
    cmd.AddValue("roamCheck", "seconds between Wi-Fi re-association checks", P.roamCheck);
    cmd.AddValue("layout", "random (paper) or ci (2 strong Wi-Fi UEs near wifi0, nUes-2 (2..8) weak UEs 105 m away)", P.layout);
    cmd.AddValue("bridge", "command starting the Java Regulation Center bridge", P.bridge);
    cmd.AddValue("out", "append one summary CSV row to this file", P.out);
    cmd.AddValue("flowsOut", "append one line per flow (UE, AP, PHY rate, throughput) to this file", P.flowsOut);
    cmd.AddValue("series", "append the 0.5 s per-AP series to this file", P.series);
    cmd.AddValue("seriesAps", "comma-separated AP ids the series holds (default: every AP)", P.seriesAps);
    cmd.AddValue("verbose", "print stations and flows at the end (stderr)", P.verbose);
    cmd.AddValue("tag", "label written to the CSV rows", P.tag);
    cmd.AddValue("rev", "code revision written to the CSV rows (figures.py passes git's)", P.rev);
    cmd.Parse(argc, argv);
}

/** Names the first bad parameter on stderr; false if there is one. */
bool
Validate()
{
    if (P.profile != "none" && P.profile != "paper" && P.profile != "mpsdn")
    {
        std::cerr << "--profile must be none, paper or mpsdn, got " << P.profile << std::endl;
        return false;
    }
    if (P.Regulated() && P.bridge.empty())
    {
        std::cerr << "--profile=" << P.profile << " needs --bridge" << std::endl;
        return false;
    }
    if (P.demand != "paced" && P.demand != "meter")
    {
        std::cerr << "--demand must be paced or meter, got " << P.demand << std::endl;
        return false;
    }
    if (!(P.roamCheck > 0))
    {
        std::cerr << "--roamCheck must be > 0 s, got " << P.roamCheck << std::endl;
        return false;
    }
    if (P.mpShare < 0 || P.mpShare > 1)
    {
        std::cerr << "--mpShare must be in [0, 1], got " << P.mpShare << std::endl;
        return false;
    }
    if (!(P.occSample >= 0.001 && P.occSample <= P.interval))
    {
        std::cerr << "--occSample must be in [0.001, interval] s, got " << P.occSample << std::endl;
        return false;
    }
    if (P.apQdisc != "fq_codel" && P.apQdisc != "none")
    {
        std::cerr << "--apQdisc must be fq_codel or none, got " << P.apQdisc << std::endl;
        return false;
    }
    if (P.upSignal != "ap" && P.upSignal != "stations")
    {
        std::cerr << "--upSignal must be ap or stations, got " << P.upSignal << std::endl;
        return false;
    }
    return true;
}

/** ns-3 defaults: TCP, Wi-Fi MAC queue and preamble detection, LTE RLC, SRS and bandwidth; the seed. */
void
ConfigureDefaults()
{
    RngSeedManager::SetSeed(12345);
    RngSeedManager::SetRun(P.seed);
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1400));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 20));
    Config::SetDefault("ns3::WifiMacQueue::MaxSize", QueueSizeValue(QueueSize(std::to_string(P.macQueue) + "p")));
    // ns-3's default preamble detection ignores frames below -82 dBm, a hard range cliff at
    // ~75 m here; let the SNR-based error model decide instead (weak but usable links exist).
    Config::SetDefault("ns3::ThresholdPreambleDetectionModel::MinimumRssi", DoubleValue(-95.0));
    Config::SetDefault("ns3::LteEnbRrc::EpsBearerToRlcMapping", EnumValue(LteEnbRrc::RLC_UM_ALWAYS));
    Config::SetDefault("ns3::LteRlcUm::MaxTxBufferSize", UintegerValue(256 * 1024));
    Config::SetDefault("ns3::LteEnbRrc::SrsPeriodicity", UintegerValue(80));
    Config::SetDefault("ns3::LteUePhy::RsrpSinrSamplePeriod", UintegerValue(200));
    Config::SetDefault("ns3::LteEnbNetDevice::DlBandwidth", UintegerValue(P.lteRb));
    Config::SetDefault("ns3::LteEnbNetDevice::UlBandwidth", UintegerValue(P.lteRb));
}

} // namespace

int
main(int argc, char* argv[])
{
    auto wallStart = std::chrono::steady_clock::now();
    ParseArgs(argc, argv);
    if (!Validate())
    {
        return 2;
    }
    ConfigureDefaults();
    if (!BuildTopology() || !StartRegulation())
    {
        return 2;
    }
    if (DemandActive())
    {
        Simulator::Schedule(Seconds(0), &SetDemand, true);
    }
    if (P.mobility && P.roamHysteresis >= 0) // static stations stay with their (nearest) first AP
    {
        Simulator::Schedule(Seconds(P.roamCheck), &CheckRoaming);
    }
    StartOccupancySampling();
    StartOutputs();

    Simulator::Stop(Seconds(P.simTime));
    Simulator::Run();

    if (P.verbose)
    {
        PrintStations();
    }
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    WriteSummary(wall, BridgeCycles(), BridgeSeconds());
    StopRegulation();
    Simulator::Destroy();
    return 0;
}
