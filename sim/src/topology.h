// What the topology's build steps hand to each other: placement.cc places the UEs and gives them their
// roles, topology.cc builds the network around them (BuildTopology, scenario.h).
#ifndef MPSDN_TOPOLOGY_H
#define MPSDN_TOPOLOGY_H

#include "scenario.h"

#include "ns3/mobility-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

namespace mpsdn
{

/** What the build steps hand to each other; kept until the end of the run (the helpers own channels). */
struct Net
{
    ns3::NodeContainer ueNodes;
    ns3::NodeContainer apNodes;
    ns3::NodeContainer enbNodes;
    ns3::Ptr<ns3::LteHelper> lte;
    ns3::Ptr<ns3::PointToPointEpcHelper> epc;
    ns3::Vector apPos[kWifiAps];
    ns3::Vector enbPos;
    std::vector<ns3::Vector> uePos;
    ns3::Ipv4Address serverAddr[kWifiAps + 1];
    ns3::Ipv4AddressHelper addr;
};

/** Places the UEs (creating their nodes) and sets their roles; false (after naming the error) on a bad layout. */
bool PlaceUes(Net& net);

} // namespace mpsdn

#endif
