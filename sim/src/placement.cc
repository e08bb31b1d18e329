// UE placement and roles (paper Section III-B2, Fig. 4): the APs and the eNB at fixed positions scaled
// with the area, the UEs at random (seeded) or in the controlled layout of the CI check and Fig. 13-15;
// which UEs are multipath users, each UE's nearest Wi-Fi AP and the interfaces it uses.
#include "topology.h"

#include <iostream>

using namespace ns3;

namespace mpsdn
{

namespace
{

/** Random placement (seeded), multipath users chosen at random, each UE's nearest AP and interfaces. */
void
PlaceRandomly(Net& net)
{
    Ptr<UniformRandomVariable> pos = CreateObject<UniformRandomVariable>();
    pos->SetStream(1);
    Ptr<UniformRandomVariable> pick = CreateObject<UniformRandomVariable>();
    pick->SetStream(2);
    net.ueNodes.Create(P.nUes);
    ues.resize(P.nUes);
    for (uint32_t i = 0; i < P.nUes; i++)
    {
        net.uePos.emplace_back(pos->GetValue(0, P.area), pos->GetValue(0, P.area), 0);
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
        u.node = net.ueNodes.Get(i);
        double best = 1e9;
        for (int a = 0; a < kWifiAps; a++)
        {
            double d = CalculateDistance(net.uePos[i], net.apPos[a]);
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
}

} // namespace

bool
PlaceUes(Net& net)
{
    double s = P.area / 200.0;
    const Vector apPos[kWifiAps] = {{100 * s, 165 * s, 0}, {45 * s, 45 * s, 0}, {155 * s, 45 * s, 0}};
    std::copy(std::begin(apPos), std::end(apPos), net.apPos);
    net.enbPos = Vector(100 * s, 100 * s, 0);
    PlaceRandomly(net);
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
            return false;
        }
        for (uint32_t i = 0; i < P.nUes; i++)
        {
            net.uePos[i] = ciPos[i];
            ues[i].wifiAp = 0;
            ues[i].multipath = i >= 2 && P.mpShare > 0;
            ues[i].useWifi = i < 2 || ues[i].multipath;
            ues[i].useLte = i >= 2;
        }
    }
    else if (P.layout != "random")
    {
        std::cerr << "--layout must be random or ci, got " << P.layout << std::endl;
        return false;
    }
    return true;
}

} // namespace mpsdn
