// The scenario's topology (paper Section III-B2, Fig. 4 and Fig. 8): the nodes and their mobility, the
// wired links with the switches in front of every AP, the Wi-Fi BSSs, the LTE cell with EPC, and one TCP
// flow per UE and interface (UE placement and roles: placement.cc).
#include "topology.h"

#include "ns3/mobility-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

using namespace ns3;

namespace mpsdn
{

namespace
{

Net net;

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

/** Server, APs, EPC and eNB; fixed APs and eNB, UEs fixed or random waypoint; IP stacks. */
void
BuildNodes()
{
    server = CreateObject<Node>();
    net.apNodes.Create(kWifiAps);
    net.lte = CreateObject<LteHelper>();
    net.epc = CreateObject<PointToPointEpcHelper>();
    net.lte->SetEpcHelper(net.epc);
    net.lte->SetSchedulerType("ns3::PfFfMacScheduler");
    net.lte->SetAttribute("PathlossModel", StringValue("ns3::LogDistancePropagationLossModel"));
    net.lte->SetPathlossModelAttribute("Exponent", DoubleValue(P.lteExponent));
    net.lte->SetPathlossModelAttribute("ReferenceLoss", DoubleValue(39.0));
    net.enbNodes.Create(1);

    MobilityHelper fixed;
    fixed.SetMobilityModel("ns3::ConstantPositionMobilityModel");
    fixed.Install(net.apNodes);
    fixed.Install(net.enbNodes);
    for (int a = 0; a < kWifiAps; a++)
    {
        net.apNodes.Get(a)->GetObject<MobilityModel>()->SetPosition(net.apPos[a]);
    }
    net.enbNodes.Get(0)->GetObject<MobilityModel>()->SetPosition(net.enbPos);
    Ptr<ListPositionAllocator> start = CreateObject<ListPositionAllocator>();
    for (const auto& v : net.uePos)
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
    um.Install(net.ueNodes);
    if (P.mobility)
    {
        um.AssignStreams(net.ueNodes, 10);
    }
    InternetStackHelper stack;
    stack.Install(server);
    stack.Install(net.apNodes);
    stack.Install(net.ueNodes);
}

/** server <-> AP i, server <-> PGW (1 Gb/s, 2 ms), with the switches (meters) on both ends. */
void
BuildWired()
{
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("2ms"));
    Ipv4StaticRoutingHelper srh;
    Ptr<Ipv4StaticRouting> serverRt = srh.GetStaticRouting(server->GetObject<Ipv4>());
    for (int a = 0; a <= kLte; a++)
    {
        Ptr<Node> peer = a == kLte ? net.epc->GetPgwNode() : net.apNodes.Get(a);
        NetDeviceContainer d = p2p.Install(server, peer);
        aps[a].id = a == kLte ? "lte" : "wifi" + std::to_string(a);
        aps[a].node = a == kLte ? net.enbNodes.Get(0) : net.apNodes.Get(a);
        aps[a].down = InstallMeter(d.Get(0), (2 * a) * 100000);
        aps[a].up = InstallMeter(d.Get(1), (2 * a + 1) * 100000);
        net.addr.SetBase(("10.100." + std::to_string(a) + ".0").c_str(), "255.255.255.0");
        Ipv4InterfaceContainer ifs = net.addr.Assign(d);
        net.serverAddr[a] = ifs.GetAddress(0);
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
}

/** The stations of AP a: addresses, telemetry, and routes to the server's Wi-Fi-side addresses. */
void
ConnectStations(int a, const std::vector<int>& staUes, NetDeviceContainer staDev, Ipv4InterfaceContainer staIf)
{
    Ipv4StaticRoutingHelper srh;
    for (size_t k = 0; k < staUes.size(); k++)
    {
        Ue& u = ues[staUes[k]];
        u.sta = DynamicCast<WifiNetDevice>(staDev.Get(k));
        u.wifiAddr = staIf.GetAddress(k);
        RegisterUeAddress(u.wifiAddr, staUes[k]);
        WatchWifiDevice(u.sta, staUes[k]);
        u.homeAp = a;
        u.wifiIf = u.node->GetObject<Ipv4>()->GetInterfaceForDevice(u.sta);
        for (int s = 0; s < kWifiAps; s++) // through the station's AP (wifi-roaming.cc moves them)
        {
            srh.GetStaticRouting(u.node->GetObject<Ipv4>())
                ->AddNetworkRouteTo(("10.100." + std::to_string(s) + ".0").c_str(), "255.255.255.0",
                                    aps[a].wifiAddr, u.wifiIf);
        }
    }
}

// Wi-Fi: channels 1, 6 and 11 of one channel object (YansWifiChannel delivers a frame only to PHYs on
// the sender's channel number, ns-3.37 yans-wifi-channel.cc: no inter-AP interference); a station
// re-associates by switching channel (wifi-roaming.cc).
void
BuildWifi()
{
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
        phy.Set("ChannelSettings", StringValue("{" + std::to_string(kWifiChannels[a]) + ", 20, BAND_2_4GHZ, 0}"));
        WifiHelper wifi;
        wifi.SetStandard(WIFI_STANDARD_80211g);
        wifi.SetRemoteStationManager("ns3::IdealWifiManager");
        WifiMacHelper mac;
        Ssid ssid("ap" + std::to_string(a));
        mac.SetType("ns3::ApWifiMac", "Ssid", SsidValue(ssid));
        NetDeviceContainer apDev = wifi.Install(phy, mac, net.apNodes.Get(a));
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
        net.addr.SetBase(("10." + std::to_string(1 + a) + ".0.0").c_str(), "255.255.255.0");
        Ipv4InterfaceContainer apIf = net.addr.Assign(apDev);
        Ipv4InterfaceContainer staIf = net.addr.Assign(staDev);
        if (P.apQdisc == "none")
        {
            TrafficControlHelper().Uninstall(apDev); // the MAC queue is the AP's queue (no qdisc)
        }
        TrafficControlHelper().Uninstall(staDev);
        aps[a].apDev = DynamicCast<WifiNetDevice>(apDev.Get(0));
        aps[a].wifiAddr = apIf.GetAddress(0);
        aps[a].wifiIf = aps[a].node->GetObject<Ipv4>()->GetInterfaceForDevice(apDev.Get(0));
        WatchWifiDevice(aps[a].apDev, -1);
        ConnectStations(a, staUes, staDev, staIf);
    }
}

void
BuildLte()
{
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
    NetDeviceContainer enbDev = net.lte->InstallEnbDevice(net.enbNodes);
    NetDeviceContainer lteUeDev = net.lte->InstallUeDevice(lteUes);
    net.lte->AssignStreams(enbDev, 300);
    net.lte->AssignStreams(lteUeDev, 400);
    Ipv4InterfaceContainer lteIf = net.epc->AssignUeIpv4Address(lteUeDev);
    Ptr<LteEnbNetDevice> enb = DynamicCast<LteEnbNetDevice>(enbDev.Get(0));
    Ipv4StaticRoutingHelper srh;
    for (uint32_t k = 0; k < lteUes.GetN(); k++)
    {
        Ue& u = ues[lteUeIdx[k]];
        u.lteAddr = lteIf.GetAddress(k);
        RegisterUeAddress(u.lteAddr, lteUeIdx[k]);
        Ptr<Ipv4> ip = u.node->GetObject<Ipv4>();
        srh.GetStaticRouting(ip)->SetDefaultRoute(net.epc->GetUeDefaultGatewayAddress(),
                                                  ip->GetInterfaceForDevice(lteUeDev.Get(k)));
        ConnectLteTraces(enb, DynamicCast<LteUeNetDevice>(lteUeDev.Get(k)), lteUeIdx[k]);
    }
    if (lteUes.GetN() > 0)
    {
        net.lte->Attach(lteUeDev, enbDev.Get(0));
    }
    ConnectLteTraces(enb, nullptr, -1);
}

// One TCP flow from the server (to it: --uplink) to a UE's address on AP ap: backlogged (BulkSend),
// except the paced Tier-1 demand of single-path Wi-Fi users (tier1-demand.cc).
void
AddFlow(int ue, int ap, Ipv4Address ueAddr, uint16_t port)
{
    Ptr<Node> src = P.uplink ? ues[ue].node : server;
    Ptr<Node> dst = P.uplink ? server : ues[ue].node;
    Ipv4Address dstAddr = P.uplink ? net.serverAddr[ap] : ueAddr;
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
    f.src = P.uplink ? ueAddr : net.serverAddr[ap];
    f.dst = P.uplink ? net.serverAddr[ap] : ueAddr;
    f.sink = DynamicCast<PacketSink>(k.Get(0));
    f.port = port;
    f.paced = paced ? DynamicCast<OnOffApplication>(s.Get(0)) : nullptr;
    flows.push_back(f);
}

} // namespace

bool
BuildTopology()
{
    if (!PlaceUes(net))
    {
        return false;
    }
    BuildNodes();
    BuildWired();
    BuildWifi();
    BuildLte();
    uint16_t port = 5000;
    for (uint32_t i = 0; i < P.nUes; i++)
    {
        if (ues[i].useWifi)
        {
            AddFlow(i, ues[i].wifiAp, ues[i].wifiAddr, port++);
        }
        if (ues[i].useLte)
        {
            AddFlow(i, kLte, ues[i].lteAddr, port++);
        }
    }
    return true;
}

} // namespace mpsdn
