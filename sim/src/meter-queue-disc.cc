#include "meter-queue-disc.h"

#include "ns3/drop-tail-queue.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/udp-header.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpsdnMeterQueueDisc");
NS_OBJECT_ENSURE_REGISTERED(MeterQueueDisc);

// Burst of the Tier-1 demand meter: 50 ms at the configured rate, at least 3 full-size frames.
static constexpr double kBurstSeconds = 0.05;
static constexpr double kMinBurstBytes = 3 * 1500.0;
// Burst of the Tier-2 meter, as the app requests it (TierTwoMeters.burstKbits): the rate over
// meterBurstMs (OsgiPropertyConstants.METER_BURST_MS_DEFAULT, 100 ms), at least MIN_BURST_KBITS
// (100 kbit = 12,500 bytes; OpenFlow's kilobit is 1000 bits).
static constexpr double kTier2BurstSeconds = 0.1;
static constexpr double kTier2MinBurstBytes = 100 * 1000 / 8.0;

void
TokenBucket::SetRate(uint64_t bps, Time now, double burstSeconds, double minBurstBytes)
{
    m_bps = bps;
    m_burst = std::max(minBurstBytes, bps / 8.0 * burstSeconds);
    m_tokens = std::min(m_tokens, m_burst);
    m_last = now;
}

bool
TokenBucket::Conforms(uint32_t bytes, Time now)
{
    if (m_bps == 0)
    {
        return true;
    }
    m_tokens = std::min(m_burst, m_tokens + (now - m_last).GetSeconds() * m_bps / 8.0);
    m_last = now;
    if (m_tokens >= bytes)
    {
        m_tokens -= bytes;
        return true;
    }
    return false;
}

TypeId
MeterQueueDisc::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpsdnMeterQueueDisc")
                            .SetParent<QueueDisc>()
                            .SetGroupName("TrafficControl")
                            .AddConstructor<MeterQueueDisc>();
    return tid;
}

MeterQueueDisc::MeterQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE, QueueSizeUnit::PACKETS)
{
    SetMaxSize(QueueSize("1000p"));
}

void
MeterQueueDisc::SetTier2Rate(uint64_t bps)
{
    m_tier2.SetRate(bps, Simulator::Now(), kTier2BurstSeconds, kTier2MinBurstBytes);
}

void
MeterQueueDisc::SetTier1Rate(uint64_t bps)
{
    m_tier1.SetRate(bps, Simulator::Now(), kBurstSeconds, kMinBurstBytes);
}

bool
MeterQueueDisc::SetTier(uint32_t flowId, int tier)
{
    auto it = m_byId.find(flowId);
    if (it == m_byId.end())
    {
        return false;
    }
    m_flows[it->second].tier = tier;
    return true;
}

void
MeterQueueDisc::SetTierByAddresses(Ipv4Address src, Ipv4Address dst, int tier)
{
    m_pendingTier[{src.Get(), dst.Get()}] = tier;
}

void
MeterQueueDisc::RemoveFlowsOf(Ipv4Address a)
{
    for (auto it = m_flows.begin(); it != m_flows.end();)
    {
        if (it->first.src == a || it->first.dst == a)
        {
            m_byId.erase(it->second.id);
            it = m_flows.erase(it);
        }
        else
        {
            ++it;
        }
    }
}

FlowEntry*
MeterQueueDisc::Count(Ptr<QueueDiscItem> item)
{
    Ptr<Ipv4QueueDiscItem> ipItem = DynamicCast<Ipv4QueueDiscItem>(item);
    FlowEntry* entry = nullptr;
    if (ipItem)
    {
        const Ipv4Header& ip = ipItem->GetHeader();
        FlowTuple t{ip.GetSource(), ip.GetDestination(), 0, 0, ip.GetProtocol()};
        if (t.proto == 6)
        {
            TcpHeader tcp;
            if (ipItem->GetPacket()->PeekHeader(tcp))
            {
                t.srcPort = tcp.GetSourcePort();
                t.dstPort = tcp.GetDestinationPort();
            }
        }
        else if (t.proto == 17)
        {
            UdpHeader udp;
            if (ipItem->GetPacket()->PeekHeader(udp))
            {
                t.srcPort = udp.GetSourcePort();
                t.dstPort = udp.GetDestinationPort();
            }
        }
        auto it = m_flows.find(t);
        if (it == m_flows.end())
        {
            FlowEntry e;
            e.id = m_nextId++;
            e.tuple = t;
            auto p = m_pendingTier.find({t.src.Get(), t.dst.Get()});
            if (p != m_pendingTier.end())
            {
                e.tier = p->second;
            }
            it = m_flows.emplace(t, e).first;
            m_byId[e.id] = t;
        }
        entry = &it->second;
        entry->bytes += item->GetSize();
        entry->packets++;
    }
    else
    {
        m_unparsed++;
    }
    return entry;
}

bool
MeterQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    FlowEntry* entry = Count(item);
    Time now = Simulator::Now();
    if (entry && entry->tier == 2 && !m_tier2.Conforms(item->GetSize(), now))
    {
        entry->meterDrops++;
        DropBeforeEnqueue(item, "Tier-2 meter");
        return false;
    }
    if (entry && entry->tier == 1 && !m_tier1.Conforms(item->GetSize(), now))
    {
        entry->meterDrops++;
        DropBeforeEnqueue(item, "Tier-1 demand meter");
        return false;
    }
    if (GetCurrentSize() + item > GetMaxSize())
    {
        DropBeforeEnqueue(item, "Queue disc limit exceeded");
        return false;
    }
    return GetInternalQueue(0)->Enqueue(item);
}

Ptr<QueueDiscItem>
MeterQueueDisc::DoDequeue()
{
    return GetInternalQueue(0)->Dequeue();
}

bool
MeterQueueDisc::CheckConfig()
{
    if (GetNQueueDiscClasses() > 0 || GetNPacketFilters() > 0)
    {
        return false;
    }
    if (GetNInternalQueues() == 0)
    {
        AddInternalQueue(CreateObjectWithAttributes<DropTailQueue<QueueDiscItem>>(
            "MaxSize",
            QueueSizeValue(GetMaxSize())));
    }
    return GetNInternalQueues() == 1;
}

void
MeterQueueDisc::InitializeParams()
{
}

} // namespace ns3
