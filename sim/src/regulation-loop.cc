// The regulation loop: what the scenario measures (AP occupancy, stations' link quality, the switches'
// flows; the station queues are station-queues.cc's), the cycle it sends the Java Regulation Center over
// the bridge, and how it applies the decision (tiers in the switches' flow tables, Tier-2 meter rates).
#include "scenario.h"

#include <cmath>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace mpsdn
{

namespace
{

std::map<Mac48Address, uint64_t> staRate; // station MAC -> rate of its last data frame (0: none yet)
std::map<uint32_t, int> addrToUe;         // a UE's Wi-Fi or LTE address -> UE
std::unique_ptr<BridgeClient> bridge;
std::map<std::string, std::string> primaries; // UE -> AP of its primary connection, as last decided

std::string
AddrStr(Ipv4Address a)
{
    std::ostringstream s;
    a.Print(s);
    return s.str();
}

std::string
DirName(bool up)
{
    return up ? "UPLINK" : "DOWNLINK";
}

void
SampleOccupancy()
{
    for (int a = 0; a < kWifiAps; a++)
    {
        double ap = WifiOccupancy(aps[a].apDev);
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
                    up += WifiOccupancy(u.sta);
                    n++;
                }
            }
            aps[a].occSumUp += n ? up / n : 0;
        }
        aps[a].occSamples++;
    }
    if (P.stationQueues && P.Regulated())
    {
        SampleStationQueues();
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
                it->second = rate;
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

/** APs and stations: every UE, its Wi-Fi connection (if associated) and its LTE connection. */
void
AddStations(CycleRequest& r)
{
    for (int a = 0; a <= kLte; a++)
    {
        int64_t cap = a == kLte ? LteCapacity() : 54000000;
        r.aps.push_back({aps[a].id, a == kLte ? "LTE" : "WIFI", cap});
    }
    for (const Ue& u : ues)
    {
        r.ues.push_back({u.id, u.multipath});
        if (u.useWifi && DynamicCast<StaWifiMac>(u.sta->GetMac())->IsAssociated())
        {
            double rssi = WifiRssi(u, u.wifiAp);
            uint64_t rate = WifiPhyRate(u);
            if (rate == 0)
            {
                rate = RateFromSnr(rssi - (-174 + 10 * std::log10(20e6) + 7));
            }
            r.connections.push_back({u.id, aps[u.wifiAp].id, std::max(-150.0, std::min(0.0, rssi)),
                                     static_cast<int64_t>(rate)});
        }
        int64_t lteRate = u.useLte ? LteRate(u) : 0; // the UE alone on the eNB at its scheduled MCS
        if (lteRate > 0)
        {
            r.connections.push_back({u.id, aps[kLte].id, std::max(-150.0, std::min(0.0, u.lteRsrp)), lteRate});
        }
    }
}

/** The flows of an AP's switches; a station's Wi-Fi flows only at the AP it is with. */
void
AddFlows(CycleRequest& r, int a)
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
            r.flows.push_back({e.id, AddrStr(t.src), t.srcPort, AddrStr(t.dst), t.dstPort, t.proto, DirName(up),
                               u.id, aps[a].id, e.bytes, e.packets, ack});
        }
    }
}

/** An AP's occupancy over the epoch that ends now (Wi-Fi: MAC queue; LTE: busy TTIs); starts the next. */
void
AddOccupancy(CycleRequest& r, int a, Time now)
{
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

void
ApplyDecision(const Decision& d)
{
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
}

void
RunCycle()
{
    Time now = Simulator::Now();
    CycleRequest r;
    r.timeMs = now.GetMilliSeconds();
    AddStations(r);
    for (int a = 0; a <= kLte; a++)
    {
        AddFlows(r, a);
        double epochSeconds = (now - aps[a].epochStart).GetSeconds();
        AddOccupancy(r, a, now);
        if (a != kLte)
        {
            AddStationQueues(r, a, epochSeconds);
        }
    }
    Decision d = bridge->Cycle(r);
    if (d.invalidStations > 0) // the scenario's own readings: a bug here, not a condition to live with
    {
        std::cerr << "bridge skipped " << d.invalidStations << " station reading(s) at t=" << now.GetSeconds()
                  << " s: " << d.stationError << std::endl;
    }
    ApplyDecision(d);
    primaries = d.primaries;
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
    StartStationQueues();
}

} // namespace

Ptr<WifiMacQueue>
WifiMacQueueOf(Ptr<WifiNetDevice> dev)
{
    Ptr<WifiMac> mac = dev->GetMac();
    return mac->GetQosSupported() ? mac->GetTxopQueue(AC_BE) : mac->GetTxopQueue(AC_BE_NQOS);
}

double
WifiOccupancy(Ptr<WifiNetDevice> dev)
{
    Ptr<WifiMacQueue> q = WifiMacQueueOf(dev);
    return static_cast<double>(q->GetNPackets()) / q->GetMaxSize().GetValue();
}

void
WatchWifiDevice(Ptr<WifiNetDevice> dev, int ue)
{
    dev->GetPhy()->TraceConnectWithoutContext("MonitorSnifferTx", MakeCallback(&OnWifiTx));
    if (ue >= 0)
    {
        staRate[dev->GetMac()->GetAddress()] = 0;
    }
}

void
RegisterUeAddress(Ipv4Address a, int ue)
{
    addrToUe[a.Get()] = ue;
}

uint64_t
WifiPhyRate(const Ue& u)
{
    return staRate[u.sta->GetMac()->GetAddress()];
}

void
StartOccupancySampling()
{
    Simulator::Schedule(Seconds(P.occSample), &SampleOccupancy);
}

bool
StartRegulation()
{
    if (!P.Regulated())
    {
        return true;
    }
    BridgeConfig bc;
    bc.cth = P.cth;
    bc.alpha = P.alpha;
    bc.intervalMillis = static_cast<int64_t>(std::lround(P.interval * 1000));
    bc.regulateUplink = P.uplink;
    bc.profile = P.profile;
    bridge = std::make_unique<BridgeClient>(P.bridge, bc);
    if (bridge->Profile() != P.profile)
    {
        // e.g. MPSDN_BRIDGE_ARGS=--profile=... overrides the config line: the rows would lie
        std::cerr << "the bridge runs profile '" << bridge->Profile() << "', not --profile=" << P.profile
                  << std::endl;
        return false;
    }
    // the first cycle when traffic has started (0.1 s after the last flow's start), then every EI
    Simulator::Schedule(Seconds(kTrafficStart), &StartEpochs);
    Simulator::Schedule(Seconds(kTrafficStart + 0.01 * (flows.size() - 1) + 0.1), &RunCycle);
    return true;
}

uint64_t
BridgeCycles()
{
    return bridge ? bridge->Cycles() : 0;
}

double
BridgeSeconds()
{
    return bridge ? bridge->TotalSeconds() : 0;
}

int
LtePrimaries()
{
    int n = 0;
    for (const Ue& u : ues)
    {
        auto it = primaries.find(u.id);
        n += u.multipath && it != primaries.end() && it->second == aps[kLte].id;
    }
    return n;
}

void
StopRegulation()
{
    bridge.reset();
}

} // namespace mpsdn
