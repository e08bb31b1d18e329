// The outputs of a run: the 0.5-s per-AP series (--series), one summary CSV row (stdout and --out),
// one line per flow and AP (--flowsOut), and with --verbose the stations and flows (stderr). Every row
// carries the profile, the run length and the code revision (--rev).
#include "scenario.h"

#include "ns3/mobility-module.h"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace mpsdn
{

namespace
{

std::ofstream seriesOut;

/** Opens a CSV for appending; writes the header if the file is new. */
std::ofstream
OpenCsv(const std::string& path, const std::string& header)
{
    bool fresh = !std::ifstream(path).good();
    std::ofstream o(path, std::ios::app);
    if (fresh)
    {
        o << header << "\n";
    }
    return o;
}

std::string
RunColumns()
{
    std::ostringstream s;
    s << P.profile << "," << std::fixed << std::setprecision(1) << P.simTime << "," << P.rev << "," << P.apQdisc;
    return s.str();
}

/** Per-UE and per-AP throughput (Mb/s, after the warm-up); writes the flow lines if asked. */
void
Throughputs(std::vector<double>& ueTh, double* apTh)
{
    double dur = P.simTime - P.warmup;
    std::ofstream out;
    if (!P.flowsOut.empty())
    {
        out = OpenCsv(P.flowsOut, "tag,seed,ue,multipath,ap,phy_mbps,th_mbps,profile,sim_time_s,rev,ap_qdisc");
    }
    for (auto& f : flows)
    {
        AddFlowBytes(f);
        for (int a = 0; a <= kLte; a++)
        {
            double th = f.apRx[a] * 8.0 / dur / 1e6;
            ueTh[f.ue] += th;
            apTh[a] += th;
            if (out.is_open() && (a == f.ap || f.apRx[a] > 0))
            {
                // the PHY rate the core saw last, for the flow's current AP (0 for an AP it left)
                const Ue& u = ues[f.ue];
                double phy = a != f.ap ? 0 : a == kLte ? LteRate(u) : WifiPhyRate(u);
                out << P.tag << "," << P.seed << "," << f.ue << "," << u.multipath << "," << aps[a].id << ","
                    << std::fixed << std::setprecision(4) << phy / 1e6 << "," << th << "," << RunColumns() << "\n";
            }
        }
    }
}

bool
InSeries(const std::string& ap)
{
    return P.seriesAps.empty() || ("," + P.seriesAps + ",").find("," + ap + ",") != std::string::npos;
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
        if (seriesOut.is_open() && InSeries(aps[a].id))
        {
            seriesOut << P.tag << "," << P.seed << "," << std::fixed << std::setprecision(1) << now << ","
                      << aps[a].id << "," << std::setprecision(4) << t1[a] / 1e6 << "," << t2[a] / 1e6 << ","
                      << aps[a].t1Demand / 1e6 << "," << m->GetTier2Rate() / 1e6 << "," << aps[a].lastOcc << ","
                      << served[a] / 1e6 << "," << RunColumns() << "\n";
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

// Diagnostic (--verbose): per Wi-Fi device (station: its UE index; AP a: -1 - a), the PPDUs it sent, their
// airtime, and its data frames that got no ACK (MacTxDataFailed: a collision or a channel error) or were
// dropped after the retry limit (MacTxFinalDataFailed).
struct MacStats
{
    uint64_t ppdus = 0;
    double airtimeUs = 0;
    uint64_t failed = 0;
    uint64_t finalFailed = 0;
};

std::map<int, MacStats> macStats;

void
OnMacTx(int dev, Ptr<WifiPhy> phy, Ptr<const Packet> p, uint16_t, WifiTxVector v, MpduInfo, uint16_t)
{
    MacStats& s = macStats[dev];
    s.ppdus++;
    s.airtimeUs += WifiPhy::CalculateTxDuration(p->GetSize(), v, phy->GetPhyBand()).GetMicroSeconds();
}

void
OnMacFailed(int dev, Mac48Address)
{
    macStats[dev].failed++;
}

void
OnMacFinalFailed(int dev, Mac48Address)
{
    macStats[dev].finalFailed++;
}

void
WatchMac(Ptr<WifiNetDevice> d, int dev)
{
    d->GetPhy()->TraceConnectWithoutContext("MonitorSnifferTx", MakeBoundCallback(&OnMacTx, dev, d->GetPhy()));
    d->GetRemoteStationManager()->TraceConnectWithoutContext("MacTxDataFailed", MakeBoundCallback(&OnMacFailed, dev));
    d->GetRemoteStationManager()->TraceConnectWithoutContext("MacTxFinalDataFailed",
                                                             MakeBoundCallback(&OnMacFinalFailed, dev));
}

// Diagnostic (--verbose): per flow, the bytes received so far, and per Wi-Fi AP its MAC-queue fill, every second.
void
DiagTrace()
{
    double now = Simulator::Now().GetSeconds();
    for (size_t i = 0; i < flows.size(); i++)
    {
        std::cerr << "trace " << now << " " << ues[flows[i].ue].id << " " << aps[flows[i].ap].id << " rx="
                  << flows[i].sink->GetTotalRx() << std::endl;
    }
    for (int a = 0; a < kWifiAps; a++)
    {
        Ptr<WifiMacQueue> q = WifiMacQueueOf(aps[a].apDev);
        std::cerr << "apq " << now << " " << aps[a].id << " n=" << q->GetNPackets() << std::endl;
    }
    Simulator::Schedule(Seconds(1), &DiagTrace);
}

} // namespace

void
StartOutputs()
{
    if (P.verbose)
    {
        for (uint32_t i = 0; i < ues.size(); i++)
        {
            if (ues[i].useWifi)
            {
                WatchMac(ues[i].sta, static_cast<int>(i));
            }
        }
        for (int a = 0; a < kWifiAps; a++)
        {
            WatchMac(aps[a].apDev, -1 - a);
        }
        Simulator::Schedule(Seconds(1), &DiagTrace);
    }
    Simulator::Schedule(Seconds(kSampleSeconds), &Sample);
    Simulator::Schedule(Seconds(P.warmup), &MarkWarmup);
    if (!P.series.empty())
    {
        seriesOut = OpenCsv(P.series, "tag,seed,time_s,ap,t1_mbps,t2_mbps,t1_demand_mbps,t2_limit_mbps,occupancy,"
                                      "served_mbps,profile,sim_time_s,rev,ap_qdisc");
    }
}

void
PrintStations()
{
    for (const auto& u : ues)
    {
        if (u.useWifi)
        {
            std::cerr << u.id << " wifi" << u.wifiAp << " assoc="
                      << DynamicCast<StaWifiMac>(u.sta->GetMac())->IsAssociated() << " rssi=" << WifiRssi(u, u.wifiAp)
                      << " rate=" << WifiPhyRate(u) << " handovers=" << u.handovers << std::endl;
        }
    }
    for (const auto& u : ues)
    {
        if (u.useLte)
        {
            std::cerr << u.id << " lte d="
                      << u.node->GetObject<MobilityModel>()->GetDistanceFrom(aps[kLte].node->GetObject<MobilityModel>())
                      << " rsrp=" << u.lteRsrp << " sinr_db=" << 10 * std::log10(u.lteSinr) << " mcs_dl=" << u.lteDlMcs
                      << " mcs_ul=" << u.lteUlMcs << " rate=" << LteRate(u) << std::endl;
        }
    }
    for (const auto& f : flows)
    {
        std::cerr << ues[f.ue].id << " " << aps[f.ap].id << " rx=" << f.sink->GetTotalRx() << std::endl;
    }
    for (const auto& [dev, m] : macStats)
    {
        std::cerr << "mac " << (dev >= 0 ? ues[dev].id : aps[-1 - dev].id) << " ppdus=" << m.ppdus
                  << " airtime_ms=" << m.airtimeUs / 1000 << " failed=" << m.failed << " final_failed=" << m.finalFailed
                  << std::endl;
    }
    // Diagnostic: what reached each switch's meter in the run's direction (bytes before metering, drops).
    for (int a = 0; a <= kLte; a++)
    {
        Ptr<MeterQueueDisc> m = P.uplink ? aps[a].up : aps[a].down;
        for (const auto& [t, e] : m->GetFlows())
        {
            std::cerr << "meter " << aps[a].id << " src=" << t.src << " dst=" << t.dst << " dport=" << t.dstPort
                      << " tier=" << e.tier << " bytes=" << e.bytes << " packets=" << e.packets
                      << " drops=" << e.meterDrops << std::endl;
        }
    }
}

void
WriteSummary(double wallSeconds, uint64_t bridgeCycles, double bridgeSeconds)
{
    std::vector<double> ueTh(P.nUes, 0);
    double apTh[kWifiAps + 1] = {};
    Throughputs(ueTh, apTh);
    double wns = 0;
    double sp = 0;
    double mp = 0;
    int nSp = 0;
    int nMpU = 0;
    uint32_t handovers = 0;
    for (uint32_t i = 0; i < P.nUes; i++)
    {
        wns += ueTh[i];
        (ues[i].multipath ? mp : sp) += ueTh[i];
        (ues[i].multipath ? nMpU : nSp)++;
        handovers += ues[i].handovers;
    }
    std::ostringstream row;
    row << std::fixed << std::setprecision(4) << P.tag << "," << P.seed << "," << P.nUes << "," << P.area << ","
        << P.mpShare << "," << P.Regulated() << "," << P.uplink << "," << P.mobility << "," << P.interval << ","
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
    row << "," << nSp << "," << nMpU << "," << bridgeCycles << "," << bridgeSeconds * 1000 << ","
        << std::setprecision(1) << wallSeconds << "," << handovers << "," << LtePrimaries() << "," << P.warmup << ","
        << RunColumns();
    const std::string header =
        "tag,seed,n_ues,area,mp_share,regulate,uplink,mobility,interval,alpha,wns_mbps,sp_aat_mbps,mp_aat_mbps,"
        "wifi0_mbps,wifi1_mbps,wifi2_mbps,lte_mbps,t2_wifi0_mbps,t2_wifi1_mbps,t2_wifi2_mbps,t2_lte_mbps,"
        "t1_unsat_wifi0_mbps,n_sp,n_mp,bridge_cycles,bridge_ms,wall_s,handovers,mp_lte_primaries,warmup_s,profile,"
        "sim_time_s,rev,ap_qdisc";
    std::cout << header << "\n" << row.str() << std::endl;
    if (!P.out.empty())
    {
        OpenCsv(P.out, header) << row.str() << "\n";
    }
}

} // namespace mpsdn
