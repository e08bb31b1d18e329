// MP-SDN ns-3 scenario (paper Section III-B2 / VI, Fig. 4 and Fig. 8) with the real Java
// Regulation Center in the loop through the line-JSON bridge (bridge-client.h).
//
// 3 Wi-Fi APs (802.11g, one channel object each: no inter-AP interference) + 1 LTE eNB (EPC,
// PF scheduler), N UEs placed at random. Single-path users use Wi-Fi (nearest AP) within
// --wifiRange of an AP, else LTE; multipath users (share --mpShare, chosen at random) use both,
// as two UNCOUPLED TCP NewReno subflows (ns-3 has no MPTCP: the paper's "MP-Reno" case).
// An "SDN switch" (MeterQueueDisc) sits in front of every AP in each direction: flow table,
// Tier-2 meter, optional Tier-1 demand meter. Every --interval seconds the scenario sends AP
// occupancy, stations (RSSI, PHY rate) and the switches' flows to the Regulation Center and
// applies the returned tiers and Tier-2 limits.
#include "scenario.h"

#include "ns3/mobility-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <chrono>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

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

std::map<Mac48Address, std::pair<int, uint64_t>> staRate; // sta MAC -> (ue, last data rate)
std::map<uint32_t, int> addrToUe;
std::unique_ptr<mpsdn::BridgeClient> bridge;
std::ofstream seriesOut;

std::string
AddrStr(Ipv4Address a)
{
    std::ostringstream s;
    a.Print(s);
    return s.str();
}

Ptr<MeterQueueDisc>
InstallMeter(Ptr<NetDevice> dev, uint32_t idBase)
{
    TrafficControlHelper tch;
    tch.SetRootQueueDisc("ns3::MpsdnMeterQueueDisc");
    QueueDiscContainer q = tch.Install(dev);
    Ptr<MeterQueueDisc> m = DynamicCast<MeterQueueDisc>(q.Get(0));
    m->SetIdBase(idBase);
    return m;
}

Ptr<WifiMacQueue>
MacQueue(Ptr<WifiNetDevice> dev)
{
    Ptr<WifiMac> mac = dev->GetMac();
    return mac->GetQosSupported() ? mac->GetTxopQueue(AC_BE) : mac->GetTxopQueue(AC_BE_NQOS);
}

double
Occupancy(Ptr<WifiNetDevice> dev)
{
    Ptr<WifiMacQueue> q = MacQueue(dev);
    return static_cast<double>(q->GetNPackets()) / q->GetMaxSize().GetValue();
}

void
SampleOccupancy()
{
    for (int a = 0; a < kWifiAps; a++)
    {
        double ap = Occupancy(aps[a].apDev);
        aps[a].occSumDown += ap;
        if (P.upSignal == "ap")
        {
            // Uploads congest the AP's own MAC queue: it holds their returning ACK stream and gets one
            // DCF share against all uploading stations, so it fills (measured 74-100 % in the 30-UE
            // uplink run) while the stations' queues stay almost empty (ACK-clocked senders).
            aps[a].occSumUp += ap;
        }
        else
        {
            double up = 0;
            int n = 0;
            for (const auto& u : ues)
            {
                if (u.useWifi && u.wifiAp == a)
                {
                    up += Occupancy(u.sta);
                    n++;
                }
            }
            aps[a].occSumUp += n ? up / n : 0;
        }
        aps[a].occSamples++;
    }
    Simulator::Schedule(Seconds(P.occSample), &SampleOccupancy);
}

void
OnWifiTx(Ptr<const Packet> p, uint16_t, WifiTxVector tx, MpduInfo, uint16_t)
{
    WifiMacHeader h;
    if (p->PeekHeader(h) && h.IsData())
    {
        uint64_t rate = tx.GetMode().GetDataRate(tx);
        for (Mac48Address a : {h.GetAddr1(), h.GetAddr2()})
        {
            auto it = staRate.find(a);
            if (it != staRate.end())
            {
                it->second.second = rate;
            }
        }
    }
}

} // namespace

// PHY rate of the last data frame between a station and its AP (0 before the first one).
uint64_t
mpsdn::WifiPhyRate(const Ue& u)
{
    return staRate[u.sta->GetMac()->GetAddress()].second;
}

namespace
{

// Fallback when no data frame was seen yet: 802.11g rate whose SNR threshold the link meets.
uint64_t
RateFromSnr(double snrDb)
{
    static const std::pair<double, uint64_t> table[] = {
        {25, 54000000}, {24, 48000000}, {18, 36000000}, {14, 24000000},
        {11, 18000000}, {8, 12000000}, {6, 9000000}, {4, 6000000}};
    for (const auto& e : table)
    {
        if (snrDb >= e.first)
        {
            return e.second;
        }
    }
    return 1000000;
}

std::string
DirName(bool up)
{
    return up ? "UPLINK" : "DOWNLINK";
}

void
RunCycle()
{
    Time now = Simulator::Now();
    mpsdn::CycleRequest r;
    r.timeMs = now.GetMilliSeconds();
    for (int a = 0; a <= kLte; a++)
    {
        int64_t cap = a == kLte ? LteCapacity() : 54000000;
        r.aps.push_back({aps[a].id, a == kLte ? "LTE" : "WIFI", cap});
    }
    for (size_t i = 0; i < ues.size(); i++)
    {
        const Ue& u = ues[i];
        r.ues.push_back({u.id, u.multipath});
        if (u.useWifi && DynamicCast<StaWifiMac>(u.sta->GetMac())->IsAssociated())
        {
            double rssi = WifiRssi(u, u.wifiAp);
            uint64_t rate = staRate[DynamicCast<WifiNetDevice>(u.sta)->GetMac()->GetAddress()].second;
            if (rate == 0)
            {
                rate = RateFromSnr(rssi - (-174 + 10 * std::log10(20e6) + 7));
            }
            r.connections.push_back({u.id, aps[u.wifiAp].id, std::max(-150.0, std::min(0.0, rssi)),
                                     static_cast<int64_t>(rate)});
        }
        int64_t lteRate = u.useLte ? LteRate(u) : 0;
        if (lteRate > 0)
        {
            int64_t rate = lteRate; // the UE alone on the eNB at its scheduled MCS (lte-link.cc)
            r.connections.push_back({u.id, aps[kLte].id, std::max(-150.0, std::min(0.0, u.lteRsrp)), rate});
        }
    }
    for (int a = 0; a <= kLte; a++)
    {
        for (bool up : {false, true})
        {
            Ptr<MeterQueueDisc> m = up ? aps[a].up : aps[a].down;
            for (const auto& [t, e] : m->GetFlows())
            {
                Ipv4Address ueAddr = up ? t.src : t.dst;
                auto it = addrToUe.find(ueAddr.Get());
                if (it == addrToUe.end() || e.packets == 0)
                {
                    continue;
                }
                const Ue& u = ues[it->second];
                if (ueAddr == u.wifiAddr && a != u.wifiAp)
                {
                    continue; // a packet of a station that re-associated, still on its way through the old AP
                }
                bool ack = e.bytes / e.packets < 200;
                r.flows.push_back({e.id, AddrStr(t.src), t.srcPort, AddrStr(t.dst), t.dstPort, t.proto,
                                   DirName(up), u.id, aps[a].id, e.bytes, e.packets, ack});
            }
        }
        double secs = (now - aps[a].epochStart).GetSeconds();
        double dl;
        double ul;
        if (a == kLte)
        {
            dl = std::min(1.0, aps[a].busyDl / (secs * 1000));
            ul = std::min(1.0, aps[a].busyUl / (secs * 1000));
            aps[a].busyDl = aps[a].busyUl = 0;
        }
        else
        {
            dl = aps[a].occSamples ? aps[a].occSumDown / aps[a].occSamples : 0;
            ul = aps[a].occSamples ? aps[a].occSumUp / aps[a].occSamples : 0;
            aps[a].occSumDown = aps[a].occSumUp = 0;
            aps[a].occSamples = 0;
        }
        aps[a].epochStart = now;
        aps[a].lastOcc = P.uplink ? ul : dl;
        r.occupancy.push_back({aps[a].id, "DOWNLINK", dl});
        if (P.uplink)
        {
            r.occupancy.push_back({aps[a].id, "UPLINK", ul});
        }
    }
    mpsdn::Decision d = bridge->Cycle(r);
    for (int a = 0; a <= kLte; a++)
    {
        for (bool up : {false, true})
        {
            Ptr<MeterQueueDisc> m = up ? aps[a].up : aps[a].down;
            for (const auto& [t, e] : m->GetFlows())
            {
                auto it = d.tiers.find(e.id);
                if (it != d.tiers.end())
                {
                    m->SetTier(e.id, it->second);
                }
            }
            auto l = d.limits.find({aps[a].id, DirName(up)});
            if (l != d.limits.end())
            {
                m->SetTier2Rate(static_cast<uint64_t>(l->second));
            }
        }
    }
    Simulator::Schedule(Seconds(P.interval), &RunCycle);
}

// Traffic starts: the first epoch of the regulation loop starts now (not at t = 0).
void
StartEpochs()
{
    for (auto& a : aps)
    {
        a.occSumDown = a.occSumUp = 0;
        a.occSamples = 0;
        a.busyDl = a.busyUl = 0;
        a.epochStart = Simulator::Now();
    }
}

// The tier of a flow at its current AP's switch, found by the UE's address and the sink's port (the
// server's address of a flow started after a re-association is the one towards the new AP).
int
TierOf(const FlowRec& f)
{
    Ptr<MeterQueueDisc> m = P.uplink ? aps[f.ap].up : aps[f.ap].down;
    for (const auto& [t, e] : m->GetFlows())
    {
        if ((P.uplink ? t.src == f.src : t.dst == f.dst) && t.dstPort == f.port)
        {
            return e.tier;
        }
    }
    return 1;
}

void
Sample()
{
    double now = Simulator::Now().GetSeconds();
    double t1[kWifiAps + 1] = {};
    double t2[kWifiAps + 1] = {};
    double served[kWifiAps + 1] = {}; // throughput of the flows that carry the Tier-1 demand
    for (auto& f : flows)
    {
        uint64_t rx = f.sink->GetTotalRx();
        double bps = (rx - f.rxAtLastSample) * 8.0 / kSampleSeconds;
        f.rxAtLastSample = rx;
        int tier = TierOf(f);
        (tier == 2 ? t2 : t1)[f.ap] += bps;
        if (P.demand == "meter" ? tier == 1 : static_cast<bool>(f.paced))
        {
            served[f.ap] += bps;
        }
    }
    for (int a = 0; a <= kLte; a++)
    {
        Ptr<MeterQueueDisc> m = P.uplink ? aps[a].up : aps[a].down;
        if (now > P.warmup + 1e-9)
        {
            double demand = aps[a].t1Demand;
            if (demand > 0)
            {
                aps[a].t1Unsat += std::max(0.0, demand - served[a]);
            }
            aps[a].t2Sum += t2[a];
            aps[a].seriesN++;
        }
        if (seriesOut.is_open())
        {
            seriesOut << P.tag << "," << P.seed << "," << std::fixed << std::setprecision(1) << now << ","
                      << aps[a].id << "," << std::setprecision(4) << t1[a] / 1e6 << "," << t2[a] / 1e6 << ","
                      << aps[a].t1Demand / 1e6 << "," << m->GetTier2Rate() / 1e6 << "," << aps[a].lastOcc << ","
                      << served[a] / 1e6 << "," << P.profile << "," << std::setprecision(1) << P.simTime << ","
                      << P.rev << "\n";
        }
    }
    Simulator::Schedule(Seconds(kSampleSeconds), &Sample);
}

void
MarkWarmup()
{
    for (auto& f : flows)
    {
        f.rxMark = f.sink->GetTotalRx();
        std::fill(std::begin(f.apRx), std::end(f.apRx), 0.0);
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    auto wallStart = std::chrono::steady_clock::now();
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
    cmd.AddValue("occSample", "Wi-Fi MAC-queue occupancy sampling period, s (the core gets the mean of the "
                              "samples of each epoch; the AP agent samples every 0.1 s)", P.occSample);
    cmd.AddValue("upSignal", "Wi-Fi uplink congestion signal: ap (the AP's MAC queue) or stations (mean fill of "
                             "the associated stations' MAC queues)", P.upSignal);
    cmd.AddValue("wifiExponent", "Wi-Fi log-distance path-loss exponent", P.wifiExponent);
    cmd.AddValue("roamHysteresis", "a Wi-Fi station re-associates with an AP this many dB stronger than its own "
                                   "(< 0: never)", P.roamHysteresis);
    cmd.AddValue("roamCheck", "seconds between Wi-Fi re-association checks", P.roamCheck);
    cmd.AddValue("layout", "random (paper) or ci (2 strong Wi-Fi UEs near wifi0, nUes-2 (2..8) weak UEs 105 m away)", P.layout);
    cmd.AddValue("bridge", "command starting the Java Regulation Center bridge", P.bridge);
    cmd.AddValue("out", "append one summary CSV row to this file", P.out);
    cmd.AddValue("flowsOut", "append one line per flow (UE, AP, PHY rate, throughput) to this file", P.flowsOut);
    cmd.AddValue("series", "append the 0.5 s per-AP series to this file", P.series);
    cmd.AddValue("verbose", "print stations and flows at the end (stderr)", P.verbose);
    cmd.AddValue("tag", "label written to the CSV rows", P.tag);
    cmd.AddValue("rev", "code revision written to the CSV rows (figures.py passes git's)", P.rev);
    cmd.Parse(argc, argv);
    if (P.profile != "none" && P.profile != "paper" && P.profile != "mpsdn")
    {
        std::cerr << "--profile must be none, paper or mpsdn, got " << P.profile << std::endl;
        return 2;
    }
    if (P.Regulated() && P.bridge.empty())
    {
        std::cerr << "--profile=" << P.profile << " needs --bridge" << std::endl;
        return 2;
    }
    if (P.demand != "paced" && P.demand != "meter")
    {
        std::cerr << "--demand must be paced or meter, got " << P.demand << std::endl;
        return 2;
    }
    if (!(P.roamCheck > 0))
    {
        std::cerr << "--roamCheck must be > 0 s, got " << P.roamCheck << std::endl;
        return 2;
    }
    if (P.mpShare < 0 || P.mpShare > 1)
    {
        std::cerr << "--mpShare must be in [0, 1], got " << P.mpShare << std::endl;
        return 2;
    }
    if (!(P.occSample >= 0.001 && P.occSample <= P.interval))
    {
        std::cerr << "--occSample must be in [0.001, interval] s, got " << P.occSample << std::endl;
        return 2;
    }
    if (P.upSignal != "ap" && P.upSignal != "stations")
    {
        std::cerr << "--upSignal must be ap or stations, got " << P.upSignal << std::endl;
        return 2;
    }

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

    double s = P.area / 200.0;
    const Vector apPos[kWifiAps] = {{100 * s, 165 * s, 0}, {45 * s, 45 * s, 0}, {155 * s, 45 * s, 0}};
    const Vector enbPos(100 * s, 100 * s, 0);

    // --- UEs: placement and roles (seeded) ---
    Ptr<UniformRandomVariable> pos = CreateObject<UniformRandomVariable>();
    pos->SetStream(1);
    Ptr<UniformRandomVariable> pick = CreateObject<UniformRandomVariable>();
    pick->SetStream(2);
    NodeContainer ueNodes;
    ueNodes.Create(P.nUes);
    std::vector<Vector> uePos;
    ues.resize(P.nUes);
    for (uint32_t i = 0; i < P.nUes; i++)
    {
        uePos.emplace_back(pos->GetValue(0, P.area), pos->GetValue(0, P.area), 0);
    }
    std::vector<uint32_t> order(P.nUes);
    for (uint32_t i = 0; i < P.nUes; i++)
    {
        order[i] = i;
    }
    for (uint32_t i = P.nUes - 1; i > 0; i--) // Fisher-Yates with the seeded stream
    {
        uint32_t j = pick->GetInteger(0, i);
        std::swap(order[i], order[j]);
    }
    uint32_t nMp = static_cast<uint32_t>(std::lround(P.mpShare * P.nUes));
    for (uint32_t i = 0; i < P.nUes; i++)
    {
        Ue& u = ues[i];
        u.id = "ue" + std::to_string(i);
        u.node = ueNodes.Get(i);
        double best = 1e9;
        for (int a = 0; a < kWifiAps; a++)
        {
            double d = CalculateDistance(uePos[i], apPos[a]);
            if (d < best)
            {
                best = d;
                u.wifiAp = a;
            }
        }
        u.multipath = false;
        for (uint32_t k = 0; k < nMp; k++)
        {
            u.multipath |= order[k] == i;
        }
        u.useWifi = u.multipath || best <= P.wifiRange;
        u.useLte = u.multipath || best > P.wifiRange;
    }
    if (P.layout == "ci")
    {
        // Controlled check: UEs 0-1 strong single-path Wi-Fi users of wifi0; UEs 2.. about 105 m from
        // wifi0 and close to the eNB: LTE single-path users, or multipath users if mpShare > 0.
        // 4 UEs is the CI layout; up to 10 (more weak stations, hence more Tier-2 flows) for Fig. 14/15.
        const Vector ciPos[10] = {{100 * s, 155 * s, 0}, {110 * s, 160 * s, 0}, {100 * s, 60 * s, 0},
                                  {105 * s, 60 * s, 0},  {95 * s, 60 * s, 0},   {110 * s, 60 * s, 0},
                                  {90 * s, 60 * s, 0},   {115 * s, 61 * s, 0},  {85 * s, 61 * s, 0},
                                  {100 * s, 59 * s, 0}};
        if (P.nUes < 4 || P.nUes > 10)
        {
            std::cerr << "--layout=ci needs 4 <= --nUes <= 10, got " << P.nUes << std::endl;
            return 2;
        }
        for (uint32_t i = 0; i < P.nUes; i++)
        {
            uePos[i] = ciPos[i];
            ues[i].wifiAp = 0;
            ues[i].multipath = i >= 2 && P.mpShare > 0;
            ues[i].useWifi = i < 2 || ues[i].multipath;
            ues[i].useLte = i >= 2;
        }
    }
    else if (P.layout != "random")
    {
        std::cerr << "--layout must be random or ci, got " << P.layout << std::endl;
        return 2;
    }

    // --- nodes ---
    server = CreateObject<Node>();
    NodeContainer apNodes;
    apNodes.Create(kWifiAps);
    Ptr<LteHelper> lte = CreateObject<LteHelper>();
    Ptr<PointToPointEpcHelper> epc = CreateObject<PointToPointEpcHelper>();
    lte->SetEpcHelper(epc);
    lte->SetSchedulerType("ns3::PfFfMacScheduler");
    lte->SetAttribute("PathlossModel", StringValue("ns3::LogDistancePropagationLossModel"));
    lte->SetPathlossModelAttribute("Exponent", DoubleValue(P.lteExponent));
    lte->SetPathlossModelAttribute("ReferenceLoss", DoubleValue(39.0));
    Ptr<Node> pgw = epc->GetPgwNode();
    NodeContainer enbNodes;
    enbNodes.Create(1);

    MobilityHelper fixed;
    fixed.SetMobilityModel("ns3::ConstantPositionMobilityModel");
    fixed.Install(apNodes);
    fixed.Install(enbNodes);
    for (int a = 0; a < kWifiAps; a++)
    {
        apNodes.Get(a)->GetObject<MobilityModel>()->SetPosition(apPos[a]);
    }
    enbNodes.Get(0)->GetObject<MobilityModel>()->SetPosition(enbPos);
    Ptr<ListPositionAllocator> start = CreateObject<ListPositionAllocator>();
    for (const auto& v : uePos)
    {
        start->Add(v);
    }
    MobilityHelper um;
    um.SetPositionAllocator(start);
    if (P.mobility)
    {
        ObjectFactory wp;
        wp.SetTypeId("ns3::RandomRectanglePositionAllocator");
        std::string range = "ns3::UniformRandomVariable[Min=0|Max=" + std::to_string(P.area) + "]";
        wp.Set("X", StringValue(range));
        wp.Set("Y", StringValue(range));
        Ptr<PositionAllocator> waypoints = wp.Create()->GetObject<PositionAllocator>();
        waypoints->AssignStreams(3);
        um.SetMobilityModel("ns3::RandomWaypointMobilityModel",
                            "Speed", StringValue("ns3::UniformRandomVariable[Min=1|Max=5]"),
                            "Pause", StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                            "PositionAllocator", PointerValue(waypoints));
    }
    else
    {
        um.SetMobilityModel("ns3::ConstantPositionMobilityModel");
    }
    um.Install(ueNodes);
    if (P.mobility)
    {
        um.AssignStreams(ueNodes, 10);
    }

    InternetStackHelper stack;
    stack.Install(server);
    stack.Install(apNodes);
    stack.Install(ueNodes);

    // --- wired: server <-> AP i, server <-> PGW; the switches (meters) on both ends ---
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("2ms"));
    Ipv4AddressHelper addr;
    Ipv4StaticRoutingHelper srh;
    Ptr<Ipv4StaticRouting> serverRt = srh.GetStaticRouting(server->GetObject<Ipv4>());
    Ipv4Address serverAddr[kWifiAps + 1];
    for (int a = 0; a <= kLte; a++)
    {
        Ptr<Node> peer = a == kLte ? pgw : apNodes.Get(a);
        NetDeviceContainer d = p2p.Install(server, peer);
        aps[a].id = a == kLte ? "lte" : "wifi" + std::to_string(a);
        aps[a].node = a == kLte ? enbNodes.Get(0) : apNodes.Get(a);
        aps[a].down = InstallMeter(d.Get(0), (2 * a) * 100000);
        aps[a].up = InstallMeter(d.Get(1), (2 * a + 1) * 100000);
        addr.SetBase(("10.100." + std::to_string(a) + ".0").c_str(), "255.255.255.0");
        Ipv4InterfaceContainer ifs = addr.Assign(d);
        serverAddr[a] = ifs.GetAddress(0);
        aps[a].linkAddr = ifs.GetAddress(1);
        aps[a].serverIf = 1 + a;
        if (a == kLte)
        {
            serverRt->AddNetworkRouteTo("7.0.0.0", "255.0.0.0", ifs.GetAddress(1), 1 + a);
        }
        else
        {
            serverRt->AddNetworkRouteTo(("10." + std::to_string(1 + a) + ".0.0").c_str(), "255.255.255.0",
                                        ifs.GetAddress(1), 1 + a);
            srh.GetStaticRouting(peer->GetObject<Ipv4>())->SetDefaultRoute(ifs.GetAddress(0), 1);
        }
    }

    // --- Wi-Fi: channels 1, 6 and 11 of one channel object (YansWifiChannel delivers a frame only
    // to PHYs on the sender's channel number, ns-3.37 yans-wifi-channel.cc: no inter-AP
    // interference); a station re-associates by switching channel (wifi-roaming.cc) ---
    wifiLoss = CreateObject<LogDistancePropagationLossModel>();
    wifiLoss->SetAttribute("Exponent", DoubleValue(P.wifiExponent));
    wifiLoss->SetAttribute("ReferenceLoss", DoubleValue(40.05));
    Ptr<YansWifiChannel> ch = CreateObject<YansWifiChannel>();
    ch->SetPropagationLossModel(wifiLoss);
    ch->SetPropagationDelayModel(CreateObject<ConstantSpeedPropagationDelayModel>());
    for (int a = 0; a < kWifiAps; a++)
    {
        YansWifiPhyHelper phy;
        phy.SetChannel(ch);
        phy.Set("TxPowerStart", DoubleValue(kTxPowerDbm));
        phy.Set("TxPowerEnd", DoubleValue(kTxPowerDbm));
        phy.Set("ChannelSettings",
                StringValue("{" + std::to_string(kWifiChannels[a]) + ", 20, BAND_2_4GHZ, 0}"));
        WifiHelper wifi;
        wifi.SetStandard(WIFI_STANDARD_80211g);
        wifi.SetRemoteStationManager("ns3::IdealWifiManager");
        WifiMacHelper mac;
        Ssid ssid("ap" + std::to_string(a));
        mac.SetType("ns3::ApWifiMac", "Ssid", SsidValue(ssid));
        NetDeviceContainer apDev = wifi.Install(phy, mac, apNodes.Get(a));
        NodeContainer stas;
        std::vector<int> staUes;
        for (uint32_t i = 0; i < P.nUes; i++)
        {
            if (ues[i].useWifi && ues[i].wifiAp == a)
            {
                stas.Add(ues[i].node);
                staUes.push_back(i);
            }
        }
        mac.SetType("ns3::StaWifiMac", "Ssid", SsidValue(ssid), "ActiveProbing", BooleanValue(false));
        NetDeviceContainer staDev = wifi.Install(phy, mac, stas);
        wifi.AssignStreams(apDev, 100 + 50 * a);
        wifi.AssignStreams(staDev, 120 + 50 * a);
        addr.SetBase(("10." + std::to_string(1 + a) + ".0.0").c_str(), "255.255.255.0");
        Ipv4InterfaceContainer apIf = addr.Assign(apDev);
        Ipv4InterfaceContainer staIf = addr.Assign(staDev);
        TrafficControlHelper().Uninstall(apDev); // the MAC queue is the AP's queue (no qdisc)
        TrafficControlHelper().Uninstall(staDev);
        aps[a].apDev = DynamicCast<WifiNetDevice>(apDev.Get(0));
        aps[a].wifiAddr = apIf.GetAddress(0);
        aps[a].wifiIf = aps[a].node->GetObject<Ipv4>()->GetInterfaceForDevice(apDev.Get(0));
        aps[a].apDev->GetPhy()->TraceConnectWithoutContext("MonitorSnifferTx", MakeCallback(&OnWifiTx));
        for (size_t k = 0; k < staUes.size(); k++)
        {
            Ue& u = ues[staUes[k]];
            u.sta = DynamicCast<WifiNetDevice>(staDev.Get(k));
            u.wifiAddr = staIf.GetAddress(k);
            addrToUe[u.wifiAddr.Get()] = staUes[k];
            staRate[u.sta->GetMac()->GetAddress()] = {staUes[k], 0};
            u.sta->GetPhy()->TraceConnectWithoutContext("MonitorSnifferTx", MakeCallback(&OnWifiTx));
            uint32_t ifIndex = u.node->GetObject<Ipv4>()->GetInterfaceForDevice(u.sta);
            u.homeAp = a;
            u.wifiIf = ifIndex;
            for (int k = 0; k < kWifiAps; k++) // the server's Wi-Fi-side addresses: through the station's AP
            {
                srh.GetStaticRouting(u.node->GetObject<Ipv4>())
                    ->AddNetworkRouteTo(("10.100." + std::to_string(k) + ".0").c_str(), "255.255.255.0",
                                        apIf.GetAddress(0), ifIndex);
            }
        }
    }

    // --- LTE ---
    NodeContainer lteUes;
    std::vector<int> lteUeIdx;
    for (uint32_t i = 0; i < P.nUes; i++)
    {
        if (ues[i].useLte)
        {
            lteUes.Add(ues[i].node);
            lteUeIdx.push_back(i);
        }
    }
    NetDeviceContainer enbDev = lte->InstallEnbDevice(enbNodes);
    NetDeviceContainer lteUeDev = lte->InstallUeDevice(lteUes);
    lte->AssignStreams(enbDev, 300);
    lte->AssignStreams(lteUeDev, 400);
    Ipv4InterfaceContainer lteIf = epc->AssignUeIpv4Address(lteUeDev);
    for (uint32_t k = 0; k < lteUes.GetN(); k++)
    {
        Ue& u = ues[lteUeIdx[k]];
        u.lteAddr = lteIf.GetAddress(k);
        addrToUe[u.lteAddr.Get()] = lteUeIdx[k];
        Ptr<Ipv4> ip = u.node->GetObject<Ipv4>();
        srh.GetStaticRouting(ip)->SetDefaultRoute(epc->GetUeDefaultGatewayAddress(),
                                                  ip->GetInterfaceForDevice(lteUeDev.Get(k)));
        ConnectLteTraces(DynamicCast<LteEnbNetDevice>(enbDev.Get(0)), DynamicCast<LteUeNetDevice>(lteUeDev.Get(k)),
                         lteUeIdx[k]);
    }
    if (lteUes.GetN() > 0)
    {
        lte->Attach(lteUeDev, enbDev.Get(0));
    }
    ConnectLteTraces(DynamicCast<LteEnbNetDevice>(enbDev.Get(0)), nullptr, -1);

    // --- TCP: one flow per UE and interface, backlogged (BulkSend) except the paced Tier-1 demand of
    // single-path Wi-Fi users (tier1-demand.cc) ---
    uint16_t port = 5000;
    auto addFlow = [&](int ue, int ap, Ipv4Address ueAddr) {
        Ptr<Node> src = P.uplink ? ues[ue].node : server;
        Ptr<Node> dst = P.uplink ? server : ues[ue].node;
        Ipv4Address dstAddr = P.uplink ? serverAddr[ap] : ueAddr;
        bool paced = DemandActive() && P.demand == "paced" && ap != kLte && !ues[ue].multipath;
        ApplicationContainer s;
        if (paced)
        {
            s = InstallDemandSource(src, InetSocketAddress(dstAddr, port));
        }
        else
        {
            BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(dstAddr, port));
            bulk.SetAttribute("SendSize", UintegerValue(1400));
            s = bulk.Install(src);
        }
        s.Start(Seconds(kTrafficStart + 0.01 * flows.size()));
        PacketSinkHelper sinkH("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer k = sinkH.Install(dst);
        k.Start(Seconds(0.1));
        FlowRec f;
        f.ue = ue;
        f.ap = ap;
        f.src = P.uplink ? ueAddr : serverAddr[ap];
        f.dst = P.uplink ? serverAddr[ap] : ueAddr;
        f.sink = DynamicCast<PacketSink>(k.Get(0));
        f.port = port;
        f.paced = paced ? DynamicCast<OnOffApplication>(s.Get(0)) : nullptr;
        flows.push_back(f);
        port++;
    };
    for (uint32_t i = 0; i < P.nUes; i++)
    {
        if (ues[i].useWifi)
        {
            addFlow(i, ues[i].wifiAp, ues[i].wifiAddr);
        }
        if (ues[i].useLte)
        {
            addFlow(i, kLte, ues[i].lteAddr);
        }
    }

    // --- regulation in the loop ---
    if (P.Regulated())
    {
        mpsdn::BridgeConfig bc;
        bc.cth = P.cth;
        bc.alpha = P.alpha;
        bc.intervalMillis = static_cast<int64_t>(std::lround(P.interval * 1000));
        bc.regulateUplink = P.uplink;
        bc.profile = P.profile;
        bridge = std::make_unique<mpsdn::BridgeClient>(P.bridge, bc);
        if (bridge->Profile() != P.profile)
        {
            // e.g. MPSDN_BRIDGE_ARGS=--profile=... overrides the config line: the rows would lie
            std::cerr << "the bridge runs profile '" << bridge->Profile() << "', not --profile=" << P.profile
                      << std::endl;
            return 2;
        }
        // the first cycle when traffic has started (0.1 s after the last flow's start), then every EI
        Simulator::Schedule(Seconds(kTrafficStart), &StartEpochs);
        Simulator::Schedule(Seconds(kTrafficStart + 0.01 * (flows.size() - 1) + 0.1), &RunCycle);
    }
    if (DemandActive())
    {
        Simulator::Schedule(Seconds(0), &SetDemand, true);
    }
    if (P.mobility && P.roamHysteresis >= 0) // static stations stay with their (nearest) first AP
    {
        Simulator::Schedule(Seconds(P.roamCheck), &CheckRoaming);
    }
    Simulator::Schedule(Seconds(P.occSample), &SampleOccupancy);
    Simulator::Schedule(Seconds(kSampleSeconds), &Sample);
    Simulator::Schedule(Seconds(P.warmup), &MarkWarmup);
    if (!P.series.empty())
    {
        bool fresh = !std::ifstream(P.series).good();
        seriesOut.open(P.series, std::ios::app);
        if (fresh)
        {
            seriesOut << "tag,seed,time_s,ap,t1_mbps,t2_mbps,t1_demand_mbps,t2_limit_mbps,occupancy,served_mbps,"
                         "profile,sim_time_s,rev\n";
        }
    }

    Simulator::Stop(Seconds(P.simTime));
    Simulator::Run();

    if (P.verbose)
    {
        for (const auto& u : ues)
        {
            if (u.useWifi)
            {
                std::cerr << u.id << " wifi" << u.wifiAp << " assoc="
                          << DynamicCast<StaWifiMac>(u.sta->GetMac())->IsAssociated() << " rssi=" << WifiRssi(u, u.wifiAp)
                          << " rate=" << staRate[u.sta->GetMac()->GetAddress()].second << std::endl;
            }
        }
        for (const auto& u : ues)
        {
            if (u.useLte)
            {
                std::cerr << u.id << " lte d=" << u.node->GetObject<MobilityModel>()->GetDistanceFrom(
                                                      aps[kLte].node->GetObject<MobilityModel>())
                          << " rsrp=" << u.lteRsrp << " sinr_db=" << 10 * std::log10(u.lteSinr)
                          << " mcs_dl=" << u.lteDlMcs << " mcs_ul=" << u.lteUlMcs << " rate=" << LteRate(u) << std::endl;
            }
        }
        for (const auto& f : flows)
        {
            std::cerr << ues[f.ue].id << " " << aps[f.ap].id << " rx=" << f.sink->GetTotalRx() << std::endl;
        }
    }
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    WriteSummary(wall, bridge ? bridge->Cycles() : 0, bridge ? bridge->TotalSeconds() : 0);
    bridge.reset();
    Simulator::Destroy();
    return 0;
}
