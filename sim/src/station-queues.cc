// Station queues at the Wi-Fi APs: the part of an AP's MAC queue that holds one station's frames,
// sampled with the AP's occupancy and averaged over the same epoch, sent to the core as the cycle's
// station readings (the mpsdn profile's Tier-1 signal reads them; the paper profile ignores them).
//
// ns-3.37's WifiMacQueue keeps one container queue per receiver (wifi-mac-queue-container.h:
// WifiContainerQueueId = {type, receiver address, TID}), so the AP's frames for a station are
// GetNPackets(queueId) of the AP's queue. The AP queue's size is shared by all stations, so a station's
// frames are counted against its fair share of it: the size over the number of stations with frames queued
// in that sample (at least 1). A station holding its fair share reads 1, as a full per-station queue does
// (the lab's qdisc leaves, on which the Tier-1 threshold was calibrated); counted against the whole size,
// a starved Tier-1 station read 0.08-0.31 (docs/results/fig13-station-queues). The product's mac80211-txq
// source counts the same way.
//
// With each reading goes the rate the station was served at over the epoch: the payload bytes (MSDU, from
// the LLC/SNAP header on) of the data frames the AP sent to it and the station acknowledged (downlink), or
// the station sent to the AP and the AP acknowledged (uplink), from ns-3.37's WifiMac trace source
// "AckedMpdu" (wifi-mac.cc; fired by FrameExchangeManager::NotifyReceivedNormalAck, and for a Block Ack,
// frame-exchange-manager.cc): each MPDU counted once, when delivered, no retransmission and no frame
// dropped after the retry limit.
#include "scenario.h"

using namespace ns3;

namespace mpsdn
{

namespace
{

struct StationSum
{
    double down = 0;
    double up = 0;
    uint32_t samples = 0; // samples while the station was with this AP (fewer if it arrived meanwhile)
    uint64_t downBytes = 0; // payload bytes the AP delivered to the station
    uint64_t upBytes = 0;   // payload bytes the station delivered to the AP
};

std::map<std::pair<int, int>, StationSum> sums; // (AP, UE) -> this epoch's sums
std::map<int, WifiContainerQueueId> queueIds;   // UE -> its container queue in its AP's MAC queue
std::map<Mac48Address, int> apOf;               // an AP's MAC address (the BSSID) -> AP
std::map<Mac48Address, int> ueOf;               // a station's MAC address -> UE

/** The container queue that holds the AP's data frames for a station, as ns-3 itself computes it. */
const WifiContainerQueueId&
StationQueueId(const Ue& u, int ue, bool qos)
{
    auto it = queueIds.find(ue);
    if (it == queueIds.end())
    {
        WifiMacHeader h(qos ? WIFI_MAC_QOSDATA : WIFI_MAC_DATA);
        if (qos)
        {
            h.SetQosTid(0); // AC_BE, the queue the scenario's traffic uses
        }
        h.SetAddr1(u.sta->GetMac()->GetAddress());
        it = queueIds.emplace(ue, WifiMacQueueContainer::GetQueueId(Create<WifiMpdu>(Create<Packet>(), h)))
                 .first;
    }
    return it->second;
}

/** A station's frames over its fair share of the shared queue: size / backlogged stations. */
double
Ratio(uint32_t packets, Ptr<WifiMacQueue> q, uint32_t backlogged)
{
    double share = static_cast<double>(q->GetMaxSize().GetValue()) / std::max<uint32_t>(1, backlogged);
    return std::min(1.0, packets / share);
}

/** A data frame acknowledged by its receiver: its payload to the (AP, station) epoch sums. */
void
OnAckedMpdu(Ptr<const WifiMpdu> mpdu)
{
    const WifiMacHeader& h = mpdu->GetHeader();
    if (!h.HasData())
    {
        return;
    }
    auto apTx = apOf.find(h.GetAddr2());
    auto ueRx = ueOf.find(h.GetAddr1());
    if (apTx != apOf.end() && ueRx != ueOf.end())
    {
        sums[{apTx->second, ueRx->second}].downBytes += mpdu->GetPacketSize();
        return;
    }
    auto apRx = apOf.find(h.GetAddr1());
    auto ueTx = ueOf.find(h.GetAddr2());
    if (apRx != apOf.end() && ueTx != ueOf.end())
    {
        sums[{apRx->second, ueTx->second}].upBytes += mpdu->GetPacketSize();
    }
}

/** The epoch's delivered bytes as bit/s. */
int64_t
Bps(uint64_t bytes, double seconds)
{
    return seconds > 0 ? static_cast<int64_t>(std::llround(bytes * 8.0 / seconds)) : 0;
}

} // namespace

void
SampleStationQueues()
{
    for (int a = 0; a < kWifiAps; a++)
    {
        Ptr<WifiMacQueue> q = WifiMacQueueOf(aps[a].apDev);
        bool qos = aps[a].apDev->GetMac()->GetQosSupported();
        std::map<size_t, uint32_t> packets; // this AP's stations -> their frames queued now
        uint32_t backlogged = 0;
        for (size_t i = 0; i < ues.size(); i++)
        {
            if (ues[i].useWifi && ues[i].wifiAp == a)
            {
                packets[i] = q->GetNPackets(StationQueueId(ues[i], i, qos));
                backlogged += packets[i] > 0 ? 1 : 0;
            }
        }
        for (const auto& [i, n] : packets)
        {
            const Ue& u = ues[i];
            StationSum& s = sums[{a, static_cast<int>(i)}];
            double atAp = Ratio(n, q, backlogged);
            s.down += atAp;
            // Uplink: the queue the AP-level uplink signal reads (--upSignal), per station: the AP's
            // frames for the station (its uploads' returning ACK stream) or the station's own MAC queue.
            s.up += P.upSignal == "ap" ? atAp : WifiOccupancy(u.sta);
            s.samples++;
        }
    }
}

void
AddStationQueues(CycleRequest& r, int a, double epochSeconds)
{
    for (auto it = sums.begin(); it != sums.end();)
    {
        const auto& [key, s] = *it;
        if (key.first != a)
        {
            ++it;
            continue;
        }
        if (s.samples > 0)
        {
            const std::string& ue = ues[key.second].id;
            r.stations.push_back({aps[a].id, "DOWNLINK", ue, s.down / s.samples, Bps(s.downBytes, epochSeconds)});
            if (P.uplink)
            {
                r.stations.push_back({aps[a].id, "UPLINK", ue, s.up / s.samples, Bps(s.upBytes, epochSeconds)});
            }
        }
        it = sums.erase(it); // the next epoch starts empty
    }
}

void
StartStationQueues()
{
    sums.clear();
    if (!P.stationQueues || !apOf.empty())
    {
        return;
    }
    for (int a = 0; a < kWifiAps; a++)
    {
        apOf[aps[a].apDev->GetMac()->GetAddress()] = a;
        aps[a].apDev->GetMac()->TraceConnectWithoutContext("AckedMpdu", MakeCallback(&OnAckedMpdu));
    }
    for (size_t i = 0; i < ues.size(); i++)
    {
        if (ues[i].useWifi)
        {
            ueOf[ues[i].sta->GetMac()->GetAddress()] = static_cast<int>(i);
            ues[i].sta->GetMac()->TraceConnectWithoutContext("AckedMpdu", MakeCallback(&OnAckedMpdu));
        }
    }
}

} // namespace mpsdn
