// The Tier-1 demand of Fig. 13-15 (--t1High/--t1Low swapped every --swapPeriod seconds, per Wi-Fi AP).
// --demand=paced (default): the single-path users of a Wi-Fi AP run paced sources (ns-3's OnOff
// application, always on, over TCP) that together send the AP's demand, shared equally: what they
// carry is the served demand, what TCP cannot deliver stays in the socket buffer or is not sent.
// --demand=meter: every user is backlogged and the switch polices the AP's Tier-1 flows at the demand
// with a token bucket (the first version; TCP through it reaches ~80 % of the rate, a floor under
// T1-BW-Un unrelated to regulation; kept for docs/regulation.md's study, sim/scripts/profile_study.py).
#include "scenario.h"

using namespace ns3;

namespace mpsdn
{

bool
DemandActive()
{
    return P.t1High > 0 || P.t1Low > 0;
}

ApplicationContainer
InstallDemandSource(Ptr<Node> src, Address dst)
{
    OnOffHelper onOff("ns3::TcpSocketFactory", dst);
    onOff.SetAttribute("PacketSize", UintegerValue(1400));
    onOff.SetAttribute("OnTime", StringValue("ns3::ConstantRandomVariable[Constant=1e9]"));
    onOff.SetAttribute("OffTime", StringValue("ns3::ConstantRandomVariable[Constant=0]"));
    onOff.SetAttribute("DataRate", DataRateValue(DataRate(static_cast<uint64_t>(std::max(P.t1High, 1.0)))));
    return onOff.Install(src);
}

void
SetDemand(bool high)
{
    uint64_t rate = static_cast<uint64_t>(high ? P.t1High : P.t1Low);
    for (int a = 0; a < kWifiAps; a++)
    {
        aps[a].t1Demand = rate;
        if (P.demand == "meter")
        {
            (P.uplink ? aps[a].up : aps[a].down)->SetTier1Rate(rate);
            continue;
        }
        int n = 0;
        for (const auto& f : flows)
        {
            n += f.paced && f.ap == a;
        }
        for (auto& f : flows)
        {
            if (f.paced && f.ap == a)
            {
                f.paced->SetAttribute("DataRate", DataRateValue(DataRate(std::max<uint64_t>(1, rate / n))));
            }
        }
    }
    Simulator::Schedule(Seconds(P.swapPeriod), &SetDemand, !high);
}

} // namespace mpsdn
