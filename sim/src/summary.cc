// The outputs of a run: one summary CSV row (stdout and --out) and one line per flow and AP
// (--flowsOut). Every row carries the profile, the run length and the code revision (--rev).
#include "scenario.h"

#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace mpsdn
{

namespace
{

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
    s << P.profile << "," << std::fixed << std::setprecision(1) << P.simTime << "," << P.rev;
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
        out = OpenCsv(P.flowsOut, "tag,seed,ue,multipath,ap,phy_mbps,th_mbps,profile,sim_time_s,rev");
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

} // namespace

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
        << std::setprecision(1) << wallSeconds << "," << handovers << "," << P.warmup << "," << RunColumns();
    const std::string header =
        "tag,seed,n_ues,area,mp_share,regulate,uplink,mobility,interval,alpha,wns_mbps,sp_aat_mbps,mp_aat_mbps,"
        "wifi0_mbps,wifi1_mbps,wifi2_mbps,lte_mbps,t2_wifi0_mbps,t2_wifi1_mbps,t2_wifi2_mbps,t2_lte_mbps,"
        "t1_unsat_wifi0_mbps,n_sp,n_mp,bridge_cycles,bridge_ms,wall_s,handovers,warmup_s,profile,sim_time_s,rev";
    std::cout << header << "\n" << row.str() << std::endl;
    if (!P.out.empty())
    {
        OpenCsv(P.out, header) << row.str() << "\n";
    }
}

} // namespace mpsdn
