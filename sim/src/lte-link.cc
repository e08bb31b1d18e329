// LTE link quality as ns-3's own LTE model sees it, for the station telemetry the core gets:
// the MCS the eNB scheduler gave the UE (from its CQI reports, downlink; from the eNB's SRS SINR,
// uplink), turned into the rate of the UE alone on the cell with ns-3's AMC transport-block table.
// Also the eNB's busy TTIs (the LTE occupancy the core gets).
#include "scenario.h"

#include <cmath>

using namespace ns3;

namespace mpsdn
{

namespace
{

std::map<uint16_t, int> rntiToUe;

int
UeOfRnti(uint16_t rnti)
{
    auto it = rntiToUe.find(rnti);
    return it == rntiToUe.end() ? -1 : it->second;
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
    int ue = UeOfRnti(info.rnti);
    if (ue >= 0)
    {
        ues[ue].lteDlMcs = info.mcsTb1;
    }
}

void
OnUlScheduling(uint32_t frame, uint32_t subframe, uint16_t rnti, uint8_t mcs, uint16_t, uint8_t)
{
    uint64_t tti = frame * 10ULL + subframe;
    if (tti != aps[kLte].lastUlTti)
    {
        aps[kLte].lastUlTti = tti;
        aps[kLte].busyUl++;
    }
    int ue = UeOfRnti(rnti);
    if (ue >= 0)
    {
        ues[ue].lteUlMcs = mcs;
    }
}

void
OnRsrpSinr(int ue, uint16_t, uint16_t rnti, double rsrp, double sinr, uint8_t)
{
    ues[ue].lteRsrp = 10 * std::log10(rsrp) + 30; // W -> dBm
    ues[ue].lteSinr = sinr;
    rntiToUe[rnti] = ue;
}

Ptr<LteAmc>
Amc()
{
    static Ptr<LteAmc> amc = CreateObject<LteAmc>(); // default model PiroEW2010, BER 5e-5
    return amc;
}

} // namespace

void
ConnectLteTraces(Ptr<LteEnbNetDevice> enb, Ptr<LteUeNetDevice> ueDev, int ue)
{
    static bool enbConnected = false;
    if (!enbConnected)
    {
        enb->GetMac()->TraceConnectWithoutContext("DlScheduling", MakeCallback(&OnDlScheduling));
        enb->GetMac()->TraceConnectWithoutContext("UlScheduling", MakeCallback(&OnUlScheduling));
        enbConnected = true;
    }
    if (ueDev)
    {
        ueDev->GetPhy()->TraceConnectWithoutContext("ReportCurrentCellRsrpSinr", MakeBoundCallback(&OnRsrpSinr, ue));
    }
}

// Rate of the UE alone on the eNB (all RBs, one transport block per 1-ms TTI) at the MCS of its last
// allocation in the run's direction. Before its first allocation: the MCS of the wideband CQI the UE
// would report for its measured SINR (LteAmc's PiroEW2010 mapping, as LteUePhy computes it; the
// SINR is flat over the band here: no fading model). 0: no measurement yet (no connection reported).
int64_t
LteRate(const Ue& u)
{
    int mcs = P.uplink ? u.lteUlMcs : u.lteDlMcs;
    if (mcs < 0)
    {
        if (std::isnan(u.lteSinr))
        {
            return 0;
        }
        double gamma = -std::log(5 * 0.00005) / 1.5;
        int cqi = Amc()->GetCqiFromSpectralEfficiency(std::log2(1 + u.lteSinr / gamma));
        if (cqi == 0)
        {
            return 1; // out of range: the UE reports CQI 0 and gets no allocation
        }
        mcs = Amc()->GetMcsFromCqi(cqi);
    }
    int bits = P.uplink ? Amc()->GetUlTbSizeFromMcs(mcs, P.lteRb) : Amc()->GetDlTbSizeFromMcs(mcs, P.lteRb);
    return std::max<int64_t>(1, static_cast<int64_t>(bits) * 1000);
}

int64_t
LteCapacity()
{
    int bits = P.uplink ? Amc()->GetUlTbSizeFromMcs(28, P.lteRb) : Amc()->GetDlTbSizeFromMcs(28, P.lteRb);
    return static_cast<int64_t>(bits) * 1000;
}

} // namespace mpsdn
