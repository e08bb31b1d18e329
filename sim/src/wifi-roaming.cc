// Wi-Fi re-association to the strongest AP, as a roaming client does: every --roamCheck seconds a
// station whose AP is weaker than another AP by --roamHysteresis dB or more (RSSI from the
// propagation model at the current positions) looks for that AP's SSID on that AP's channel. The
// channel switch disassociates it (StaWifiMac::NotifyChannelSwitching, ns-3.37
// src/wifi/model/sta-wifi-mac.cc), it scans passively (a beacon), then associates: the link is down
// meanwhile, and frames queued for the old AP are lost as in a real hand-over.
//
// The subflow moves with the station: the APs form one ESS behind one switch, so the station keeps
// its address (from its first AP's subnet) and its TCP connection; the server, the new AP and the
// station get host routes through the new AP. The new AP's switch sees the subflow as a new flow
// (new entry, Tier 1 until the core decides); the old AP's switch drops its entries for the station.
#include "scenario.h"

using namespace ns3;

namespace mpsdn
{

const uint8_t kWifiChannels[kWifiAps] = {1, 6, 11};

namespace
{

/** Removes the routes of a static routing table to dest/mask. */
void
RemoveRoutes(Ptr<Ipv4StaticRouting> rt, Ipv4Address dest, Ipv4Mask mask)
{
    for (uint32_t i = rt->GetNRoutes(); i-- > 0;)
    {
        Ipv4RoutingTableEntry e = rt->GetRoute(i);
        if (e.GetDest() == dest && e.GetDestNetworkMask() == mask)
        {
            rt->RemoveRoute(i);
        }
    }
}

Ptr<Ipv4StaticRouting>
StaticRouting(Ptr<Node> n)
{
    return Ipv4StaticRoutingHelper().GetStaticRouting(n->GetObject<Ipv4>());
}

// Switches the station's radio to AP `to` once that is safe: not within 100 us of the end of a
// reception (the MAC answers it after a SIFS, and ns-3.37 aborts a transmission that starts while the
// PHY is switching: WifiPhyStateHelper::SwitchToTx, "Invalid WifiPhy state"), nor while switching.
// A reception in progress is dropped and a transmission finishes first (WifiPhy::GetDelayUntilChannelSwitch).
void
SwitchRadio(int ueIndex, int to)
{
    Ue& u = ues[ueIndex];
    Ptr<WifiPhy> phy = u.sta->GetPhy();
    WifiPhyState state = phy->GetState()->GetState();
    bool busy = state == WifiPhyState::SWITCHING || state == WifiPhyState::OFF || state == WifiPhyState::SLEEP;
    if (busy || Simulator::Now() - phy->GetLastRxEndTime() < MicroSeconds(100) || u.wifiAp != to)
    {
        if (u.wifiAp == to) // not yet: try again (a newer re-association supersedes this one)
        {
            Simulator::Schedule(MicroSeconds(100), &SwitchRadio, ueIndex, to);
        }
        return;
    }
    DynamicCast<StaWifiMac>(u.sta->GetMac())->SetSsid(Ssid("ap" + std::to_string(to)));
    phy->SetOperatingChannel(WifiPhy::ChannelTuple{kWifiChannels[to], 20, WIFI_PHY_BAND_2_4GHZ, 0});
}

void
Reassociate(int ueIndex, int to)
{
    Ue& u = ues[ueIndex];
    int from = u.wifiAp;

    Ipv4Mask host("255.255.255.255");
    Ptr<Ipv4StaticRouting> srv = StaticRouting(server);
    RemoveRoutes(srv, u.wifiAddr, host);
    RemoveRoutes(StaticRouting(aps[from].node), u.wifiAddr, host);
    if (to != u.homeAp) // at its first AP the subnet routes reach it
    {
        srv->AddHostRouteTo(u.wifiAddr, aps[to].linkAddr, aps[to].serverIf);
        StaticRouting(aps[to].node)->AddHostRouteTo(u.wifiAddr, aps[to].wifiIf);
    }
    // the station reaches the server's Wi-Fi-side addresses through its AP (its subflow talks to the
    // server's address on its first AP's link, or on the link of the AP it was with when it started)
    Ptr<Ipv4StaticRouting> sta = StaticRouting(u.node);
    for (int k = 0; k < kWifiAps; k++)
    {
        Ipv4Address serverNet(("10.100." + std::to_string(k) + ".0").c_str());
        RemoveRoutes(sta, serverNet, Ipv4Mask("255.255.255.0"));
        sta->AddNetworkRouteTo(serverNet, Ipv4Mask("255.255.255.0"), aps[to].wifiAddr, u.wifiIf);
    }

    // the old AP's switch forgets the station's flows (the rules' idle timeout on a real switch)
    aps[from].down->RemoveFlowsOf(u.wifiAddr);
    aps[from].up->RemoveFlowsOf(u.wifiAddr);
    for (auto& f : flows)
    {
        if (f.ue == ueIndex && f.ap == from)
        {
            AddFlowBytes(f);
            f.ap = to;
        }
    }
    u.wifiAp = to;
    u.handovers++;
    SwitchRadio(ueIndex, to);
}

} // namespace

double
WifiRssi(const Ue& u, int ap)
{
    return wifiLoss->CalcRxPower(kTxPowerDbm, aps[ap].node->GetObject<MobilityModel>(),
                                 u.node->GetObject<MobilityModel>());
}

void
AddFlowBytes(FlowRec& f)
{
    uint64_t rx = f.sink->GetTotalRx();
    f.apRx[f.ap] += rx - f.rxMark;
    f.rxMark = rx;
}

void
CheckRoaming()
{
    for (size_t i = 0; i < ues.size(); i++)
    {
        const Ue& u = ues[i];
        if (!u.useWifi)
        {
            continue;
        }
        int best = u.wifiAp;
        double bestRssi = WifiRssi(u, u.wifiAp);
        for (int a = 0; a < kWifiAps; a++)
        {
            double r = WifiRssi(u, a);
            if (a != u.wifiAp && r >= WifiRssi(u, u.wifiAp) + P.roamHysteresis && r > bestRssi)
            {
                best = a;
                bestRssi = r;
            }
        }
        if (best != u.wifiAp)
        {
            Reassociate(static_cast<int>(i), best);
        }
    }
    Simulator::Schedule(Seconds(P.roamCheck), &CheckRoaming);
}

} // namespace mpsdn
