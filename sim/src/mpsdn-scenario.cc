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
#include "bridge-client.h"
#include "meter-queue-disc.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/lte-module.h"
#include "ns3/mobility-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"
#include "ns3/wifi-module.h"

#include <chrono>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

using namespace ns3;

namespace
{

constexpr int kWifiAps = 3;
constexpr int kLte = kWifiAps; // AP index of the eNB
constexpr double kTxPowerDbm = 20.0;
constexpr double kSampleSeconds = 0.5;   // throughput series (paper: every 0.5 s)

struct Params
{
    uint32_t seed = 1;
    uint32_t nUes = 30;
    double area = 200;
    double mpShare = 0;
    bool regulate = false;
    bool uplink = false;
    bool mobility = false;
    double interval = 2.0;
    double alpha = 0.5;
    double cth = 0.85;
    double simTime = 20;
    double warmup = 5;
    double t1High = 0; // Tier-1 demand meter (bit/s, 0 = none) ...
    double t1Low = 0;  // ... swapped with t1Low every swapPeriod seconds on every Wi-Fi AP
    double swapPeriod = 15;
    double wifiRange = 50;
    uint32_t lteRb = 25;
    uint32_t macQueue = 100;
    double occSample = 0.01; // Wi-Fi MAC-queue sampling period, s (the epoch mean of these samples is sent)
    std::string upSignal = "ap"; // Wi-Fi uplink congestion signal: ap (the AP's MAC queue) or stations
    double wifiExponent = 3.3;
    std::string layout = "random";
    std::string bridge;
    std::string out;
    std::string series;
    std::string flowsOut;
    std::string tag;
    bool verbose = false;
};

struct Ue
{
    std::string id;
    bool multipath = false;
    bool useWifi = false;
    bool useLte = false;
    int wifiAp = -1;
    Ptr<Node> node;
    Ptr<WifiNetDevice> sta;
    Ipv4Address wifiAddr;
    Ipv4Address lteAddr;
    uint16_t lteRnti = 0;
    double lteRsrp = NAN;
    double lteSinr = NAN;
};

struct FlowRec
{
    int ue;
    int ap;
    Ipv4Address src;
    Ipv4Address dst;
    Ptr<PacketSink> sink;
    uint64_t rxAtWarmup = 0;
    uint64_t rxAtLastSample = 0;
};

struct ApState
{
    std::string id;
    Ptr<MeterQueueDisc> down; // switch egress towards the AP
    Ptr<MeterQueueDisc> up;   // switch egress from the AP towards the server
    Ptr<WifiNetDevice> apDev;
    Ptr<Node> node;
    double occSumDown = 0;
    double lastOcc = 0; // occupancy sent to the core at the last cycle (direction of the run)
    double occSumUp = 0;
    uint32_t occSamples = 0;
    uint64_t busyDl = 0; // LTE: TTIs with a DL/UL allocation in this epoch
    uint64_t busyUl = 0;
    uint64_t lastDlTti = UINT64_MAX;
    uint64_t lastUlTti = UINT64_MAX;
    Time epochStart;
    // series statistics (after warm-up)
    double t1Unsat = 0;
    double t2Sum = 0;
    uint32_t seriesN = 0;
    uint64_t t1Demand = 0;
};

Params P;
std::vector<Ue> ues;
std::vector<FlowRec> flows;
ApState aps[kWifiAps + 1];
std::map<uint64_t, int> rntiToUe; // imsi -> ue
std::map<Mac48Address, std::pair<int, uint64_t>> staRate; // sta MAC -> (ue, last data rate)
std::map<uint32_t, int> addrToUe;
std::unique_ptr<mpsdn::BridgeClient> bridge;
Ptr<LogDistancePropagationLossModel> wifiLoss;
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
OnDlScheduling(DlSchedulingCallbackInfo info)
{
    uint64_t tti = info.frameNo * 10ULL + info.subframeNo;
    if (tti != aps[kLte].lastDlTti)
    {
        aps[kLte].lastDlTti = tti;
        aps[kLte].busyDl++;
    }
}

void
OnUlScheduling(uint32_t frame, uint32_t subframe, uint16_t, uint8_t, uint16_t, uint8_t)
{
    uint64_t tti = frame * 10ULL + subframe;
    if (tti != aps[kLte].lastUlTti)
    {
        aps[kLte].lastUlTti = tti;
        aps[kLte].busyUl++;
    }
}

void
OnRsrpSinr(int ue, uint16_t, uint16_t, double rsrp, double sinr, uint8_t)
{
    ues[ue].lteRsrp = 10 * std::log10(rsrp) + 30; // W -> dBm
    ues[ue].lteSinr = sinr;
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

double
WifiRssi(const Ue& u)
{
    return wifiLoss->CalcRxPower(kTxPowerDbm,
                                 aps[u.wifiAp].node->GetObject<MobilityModel>(),
                                 u.node->GetObject<MobilityModel>());
}

// PHY rate of a UE alone on the eNB: Shannon with the LTE AMC gap (BER 5e-5), capped at 64-QAM's
// 5.55 b/s/Hz, over all RBs.
int64_t
LteRate(const Ue& u)
{
    double gamma = -std::log(5 * 0.00005) / 1.5;
    double se = std::min(5.5547, std::log2(1 + u.lteSinr / gamma));
    return std::max<int64_t>(1, static_cast<int64_t>(P.lteRb * 180e3 * se));
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
        int64_t cap = a == kLte ? static_cast<int64_t>(P.lteRb * 180e3 * 5.5547) : 54000000;
        r.aps.push_back({aps[a].id, a == kLte ? "LTE" : "WIFI", cap});
    }
    for (size_t i = 0; i < ues.size(); i++)
    {
        const Ue& u = ues[i];
        r.ues.push_back({u.id, u.multipath});
        if (u.useWifi && DynamicCast<StaWifiMac>(u.sta->GetMac())->IsAssociated())
        {
            double rssi = WifiRssi(u);
            uint64_t rate = staRate[DynamicCast<WifiNetDevice>(u.sta)->GetMac()->GetAddress()].second;
            if (rate == 0)
            {
                rate = RateFromSnr(rssi - (-174 + 10 * std::log10(20e6) + 7));
            }
            r.connections.push_back({u.id, aps[u.wifiAp].id, std::max(-150.0, std::min(0.0, rssi)),
                                     static_cast<int64_t>(rate)});
        }
        if (u.useLte && !std::isnan(u.lteSinr))
        {
            // PHY rate of the UE alone on the eNB: Shannon with the LTE AMC gap (BER 5e-5),
            // capped at 64-QAM's 5.55 b/s/Hz, over all RBs.
            int64_t rate = LteRate(u);
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
                bool ack = e.bytes / e.packets < 200;
                r.flows.push_back({e.id, AddrStr(t.src), t.srcPort, AddrStr(t.dst), t.dstPort, t.proto,
                                   DirName(up), ues[it->second].id, aps[a].id, e.bytes, e.packets, ack});
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

int
TierOf(const FlowRec& f)
{
    Ptr<MeterQueueDisc> m = P.uplink ? aps[f.ap].up : aps[f.ap].down;
    for (const auto& [t, e] : m->GetFlows())
    {
        if (t.src == f.src && t.dst == f.dst)
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
    for (auto& f : flows)
    {
        uint64_t rx = f.sink->GetTotalRx();
        double bps = (rx - f.rxAtLastSample) * 8.0 / kSampleSeconds;
        f.rxAtLastSample = rx;
        (TierOf(f) == 2 ? t2 : t1)[f.ap] += bps;
    }
    for (int a = 0; a <= kLte; a++)
    {
        Ptr<MeterQueueDisc> m = P.uplink ? aps[a].up : aps[a].down;
        if (now > P.warmup + 1e-9)
        {
            double demand = aps[a].t1Demand;
            if (demand > 0)
            {
                aps[a].t1Unsat += std::max(0.0, demand - t1[a]);
            }
            aps[a].t2Sum += t2[a];
            aps[a].seriesN++;
        }
        if (seriesOut.is_open())
        {
            seriesOut << P.tag << "," << P.seed << "," << std::fixed << std::setprecision(1) << now << ","
                      << aps[a].id << "," << std::setprecision(4) << t1[a] / 1e6 << "," << t2[a] / 1e6 << ","
                      << aps[a].t1Demand / 1e6 << "," << m->GetTier2Rate() / 1e6 << "," << aps[a].lastOcc << "\n";
        }
    }
    Simulator::Schedule(Seconds(kSampleSeconds), &Sample);
}

void
SetDemand(bool high)
{
    uint64_t rate = static_cast<uint64_t>(high ? P.t1High : P.t1Low);
    for (int a = 0; a < kWifiAps; a++)
    {
        aps[a].t1Demand = rate;
        (P.uplink ? aps[a].up : aps[a].down)->SetTier1Rate(rate);
    }
    Simulator::Schedule(Seconds(P.swapPeriod), &SetDemand, !high);
}

void
MarkWarmup()
{
    for (auto& f : flows)
    {
        f.rxAtWarmup = f.sink->GetTotalRx();
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
    cmd.AddValue("regulate", "run the Regulation Center (MP-SDN) in the loop", P.regulate);
    cmd.AddValue("uplink", "uploads instead of downloads (and regulate both directions)", P.uplink);
    cmd.AddValue("mobility", "random-waypoint mobility, speed U[1,5] m/s", P.mobility);
    cmd.AddValue("interval", "execution interval EI, s", P.interval);
    cmd.AddValue("alpha", "aggressiveness factor", P.alpha);
    cmd.AddValue("cth", "congestion threshold", P.cth);
    cmd.AddValue("simTime", "simulated seconds", P.simTime);
    cmd.AddValue("warmup", "seconds excluded from averages", P.warmup);
    cmd.AddValue("t1High", "Tier-1 demand (bit/s) in odd periods, 0 = unlimited", P.t1High);
    cmd.AddValue("t1Low", "Tier-1 demand (bit/s) in even periods", P.t1Low);
    cmd.AddValue("swapPeriod", "Tier-1 demand swap period, s", P.swapPeriod);
    cmd.AddValue("wifiRange", "single-path users within this distance of an AP use Wi-Fi, m", P.wifiRange);
    cmd.AddValue("lteRb", "LTE bandwidth in resource blocks", P.lteRb);
    cmd.AddValue("macQueue", "Wi-Fi MAC queue size, packets", P.macQueue);
    cmd.AddValue("occSample", "Wi-Fi MAC-queue occupancy sampling period, s (the core gets the mean of the "
                              "samples of each epoch; the AP agent samples every 0.1 s)", P.occSample);
    cmd.AddValue("upSignal", "Wi-Fi uplink congestion signal: ap (the AP's MAC queue) or stations (mean fill of "
                             "the associated stations' MAC queues)", P.upSignal);
    cmd.AddValue("wifiExponent", "Wi-Fi log-distance path-loss exponent", P.wifiExponent);
    cmd.AddValue("layout", "random (paper) or ci (2 strong Wi-Fi UEs near wifi0, nUes-2 (2..8) weak UEs 105 m away)", P.layout);
    cmd.AddValue("bridge", "command starting the Java Regulation Center bridge", P.bridge);
    cmd.AddValue("out", "append one summary CSV row to this file", P.out);
    cmd.AddValue("flowsOut", "append one line per flow (UE, AP, PHY rate, throughput) to this file", P.flowsOut);
    cmd.AddValue("series", "append the 0.5 s per-AP series to this file", P.series);
    cmd.AddValue("verbose", "print stations and flows at the end (stderr)", P.verbose);
    cmd.AddValue("tag", "label written to the CSV rows", P.tag);
    cmd.Parse(argc, argv);
    if (P.regulate && P.bridge.empty())
    {
        std::cerr << "--regulate needs --bridge" << std::endl;
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
    Ptr<Node> server = CreateObject<Node>();
    NodeContainer apNodes;
    apNodes.Create(kWifiAps);
    Ptr<LteHelper> lte = CreateObject<LteHelper>();
    Ptr<PointToPointEpcHelper> epc = CreateObject<PointToPointEpcHelper>();
    lte->SetEpcHelper(epc);
    lte->SetSchedulerType("ns3::PfFfMacScheduler");
    lte->SetAttribute("PathlossModel", StringValue("ns3::LogDistancePropagationLossModel"));
    lte->SetPathlossModelAttribute("Exponent", DoubleValue(3.0));
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

    // --- Wi-Fi: one channel object per AP (separate channels) ---
    wifiLoss = CreateObject<LogDistancePropagationLossModel>();
    wifiLoss->SetAttribute("Exponent", DoubleValue(P.wifiExponent));
    wifiLoss->SetAttribute("ReferenceLoss", DoubleValue(40.05));
    const char* chans[kWifiAps] = {"{1, 20, BAND_2_4GHZ, 0}", "{6, 20, BAND_2_4GHZ, 0}", "{11, 20, BAND_2_4GHZ, 0}"};
    for (int a = 0; a < kWifiAps; a++)
    {
        Ptr<YansWifiChannel> ch = CreateObject<YansWifiChannel>();
        ch->SetPropagationLossModel(wifiLoss);
        ch->SetPropagationDelayModel(CreateObject<ConstantSpeedPropagationDelayModel>());
        YansWifiPhyHelper phy;
        phy.SetChannel(ch);
        phy.Set("TxPowerStart", DoubleValue(kTxPowerDbm));
        phy.Set("TxPowerEnd", DoubleValue(kTxPowerDbm));
        phy.Set("ChannelSettings", StringValue(chans[a]));
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
            srh.GetStaticRouting(u.node->GetObject<Ipv4>())
                ->AddNetworkRouteTo(("10.100." + std::to_string(a) + ".0").c_str(), "255.255.255.0",
                                    apIf.GetAddress(0), ifIndex);
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
        DynamicCast<LteUeNetDevice>(lteUeDev.Get(k))
            ->GetPhy()
            ->TraceConnectWithoutContext("ReportCurrentCellRsrpSinr",
                                         MakeBoundCallback(&OnRsrpSinr, lteUeIdx[k]));
    }
    if (lteUes.GetN() > 0)
    {
        lte->Attach(lteUeDev, enbDev.Get(0));
    }
    Ptr<LteEnbMac> enbMac = DynamicCast<LteEnbNetDevice>(enbDev.Get(0))->GetMac();
    enbMac->TraceConnectWithoutContext("DlScheduling", MakeCallback(&OnDlScheduling));
    enbMac->TraceConnectWithoutContext("UlScheduling", MakeCallback(&OnUlScheduling));

    // --- backlogged TCP: one flow per UE and interface ---
    uint16_t port = 5000;
    auto addFlow = [&](int ue, int ap, Ipv4Address ueAddr) {
        Ptr<Node> src = P.uplink ? ues[ue].node : server;
        Ptr<Node> dst = P.uplink ? server : ues[ue].node;
        Ipv4Address dstAddr = P.uplink ? serverAddr[ap] : ueAddr;
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(dstAddr, port));
        bulk.SetAttribute("SendSize", UintegerValue(1400));
        ApplicationContainer s = bulk.Install(src);
        s.Start(Seconds(1.5 + 0.01 * flows.size()));
        PacketSinkHelper sinkH("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer k = sinkH.Install(dst);
        k.Start(Seconds(0.1));
        FlowRec f;
        f.ue = ue;
        f.ap = ap;
        f.src = P.uplink ? ueAddr : serverAddr[ap];
        f.dst = P.uplink ? serverAddr[ap] : ueAddr;
        f.sink = DynamicCast<PacketSink>(k.Get(0));
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
    if (P.regulate)
    {
        mpsdn::BridgeConfig bc;
        bc.cth = P.cth;
        bc.alpha = P.alpha;
        bc.intervalMillis = static_cast<int64_t>(std::lround(P.interval * 1000));
        bc.regulateUplink = P.uplink;
        bridge = std::make_unique<mpsdn::BridgeClient>(P.bridge, bc);
        Simulator::Schedule(Seconds(P.interval), &RunCycle);
    }
    if (P.t1High > 0 || P.t1Low > 0)
    {
        Simulator::Schedule(Seconds(0), &SetDemand, true);
    }
    Simulator::Schedule(Seconds(P.occSample), &SampleOccupancy);
    Simulator::Schedule(Seconds(kSampleSeconds), &Sample);
    Simulator::Schedule(Seconds(P.warmup), &MarkWarmup);
    if (!P.series.empty())
    {
        seriesOut.open(P.series, std::ios::app);
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
                          << DynamicCast<StaWifiMac>(u.sta->GetMac())->IsAssociated() << " rssi=" << WifiRssi(u)
                          << " rate=" << staRate[u.sta->GetMac()->GetAddress()].second << std::endl;
            }
        }
        for (const auto& f : flows)
        {
            std::cerr << ues[f.ue].id << " " << aps[f.ap].id << " rx=" << f.sink->GetTotalRx() << std::endl;
        }
    }
    // --- summary ---
    double dur = P.simTime - P.warmup;
    std::vector<double> ueTh(P.nUes, 0);
    double apTh[kWifiAps + 1] = {};
    std::ofstream flowsOut;
    if (!P.flowsOut.empty())
    {
        bool fresh = !std::ifstream(P.flowsOut).good();
        flowsOut.open(P.flowsOut, std::ios::app);
        if (fresh)
        {
            flowsOut << "tag,seed,ue,multipath,ap,phy_mbps,th_mbps\n";
        }
    }
    for (const auto& f : flows)
    {
        double th = (f.sink->GetTotalRx() - f.rxAtWarmup) * 8.0 / dur / 1e6;
        ueTh[f.ue] += th;
        apTh[f.ap] += th;
        if (flowsOut.is_open())
        {
            const Ue& u = ues[f.ue];
            double phy = f.ap == kLte ? (std::isnan(u.lteSinr) ? 0 : LteRate(u))
                                      : staRate[u.sta->GetMac()->GetAddress()].second;
            flowsOut << P.tag << "," << P.seed << "," << f.ue << "," << u.multipath << "," << aps[f.ap].id << ","
                     << std::fixed << std::setprecision(4) << phy / 1e6 << "," << th << "\n";
        }
    }
    double wns = 0;
    double sp = 0;
    double mp = 0;
    int nSp = 0;
    int nMpU = 0;
    for (uint32_t i = 0; i < P.nUes; i++)
    {
        wns += ueTh[i];
        if (ues[i].multipath)
        {
            mp += ueTh[i];
            nMpU++;
        }
        else
        {
            sp += ueTh[i];
            nSp++;
        }
    }
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    std::ostringstream row;
    row << std::fixed << std::setprecision(4) << P.tag << "," << P.seed << "," << P.nUes << "," << P.area << ","
        << P.mpShare << "," << P.regulate << "," << P.uplink << "," << P.mobility << "," << P.interval << ","
        << P.alpha << "," << wns << "," << (nSp ? sp / nSp : 0) << "," << (nMpU ? mp / nMpU : 0);
    for (int a = 0; a <= kLte; a++)
    {
        row << "," << apTh[a];
    }
    for (int a = 0; a <= kLte; a++)
    {
        row << "," << (aps[a].seriesN ? aps[a].t2Sum / aps[a].seriesN / 1e6 : 0);
    }
    row << "," << (aps[0].seriesN ? aps[0].t1Unsat / aps[0].seriesN / 1e6 : 0);
    row << "," << nSp << "," << nMpU << "," << (bridge ? bridge->Cycles() : 0) << ","
        << (bridge ? bridge->TotalSeconds() * 1000 : 0) << "," << std::setprecision(1) << wall;
    const std::string header =
        "tag,seed,n_ues,area,mp_share,regulate,uplink,mobility,interval,alpha,wns_mbps,sp_aat_mbps,mp_aat_mbps,"
        "wifi0_mbps,wifi1_mbps,wifi2_mbps,lte_mbps,t2_wifi0_mbps,t2_wifi1_mbps,t2_wifi2_mbps,t2_lte_mbps,"
        "t1_unsat_wifi0_mbps,n_sp,n_mp,bridge_cycles,bridge_ms,wall_s";
    std::cout << header << "\n" << row.str() << std::endl;
    if (!P.out.empty())
    {
        bool fresh = !std::ifstream(P.out).good();
        std::ofstream o(P.out, std::ios::app);
        if (fresh)
        {
            o << header << "\n";
        }
        o << row.str() << "\n";
    }
    bridge.reset();
    Simulator::Destroy();
    return 0;
}
