// The "SDN switch" in front of an AP (MP-SDN Fig. 8) as an ns-3 queue disc: a flow table with
// byte/packet counters (what the controller reads), one Tier-2 meter (an OpenFlow DROP-band
// policer: token bucket, packets beyond the bucket are dropped) shared by all Tier-2 flows,
// and an optional Tier-1 demand meter (Fig. 13-15 limit the Tier-1 demand through a meter).
#ifndef MPSDN_METER_QUEUE_DISC_H
#define MPSDN_METER_QUEUE_DISC_H

#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/queue-disc.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

namespace ns3
{

/** A 5-tuple as the switch sees it. */
struct FlowTuple
{
    Ipv4Address src;
    Ipv4Address dst;
    uint16_t srcPort;
    uint16_t dstPort;
    uint8_t proto;

    bool operator<(const FlowTuple& o) const
    {
        return std::make_tuple(src.Get(), dst.Get(), srcPort, dstPort, proto) <
               std::make_tuple(o.src.Get(), o.dst.Get(), o.srcPort, o.dstPort, o.proto);
    }
};

/** One flow-table entry. */
struct FlowEntry
{
    uint32_t id;          ///< switch-wide flow id, in order of first packet
    FlowTuple tuple;
    uint64_t bytes = 0;   ///< bytes that arrived (before metering)
    uint64_t packets = 0;
    uint64_t meterDrops = 0;
    int tier = 1;         ///< 1 or 2 (as last decided by the Regulation Center)
};

/** Token bucket in bytes; rate 0 means "no limit". */
class TokenBucket
{
  public:
    /** Sets the rate; the bucket holds max(minBurstBytes, rate x burstSeconds). */
    void SetRate(uint64_t bps, Time now, double burstSeconds, double minBurstBytes);
    uint64_t GetRate() const { return m_bps; }
    bool Conforms(uint32_t bytes, Time now);

  private:
    uint64_t m_bps = 0;
    double m_tokens = 0;
    double m_burst = 0;
    Time m_last;
};

class MeterQueueDisc : public QueueDisc
{
  public:
    static TypeId GetTypeId();
    MeterQueueDisc();

    /** Sets the Tier-2 meter rate (bit/s, 0 = unlimited). */
    void SetTier2Rate(uint64_t bps);
    uint64_t GetTier2Rate() const { return m_tier2.GetRate(); }
    /** Sets the Tier-1 demand meter rate (bit/s, 0 = unlimited). */
    void SetTier1Rate(uint64_t bps);
    /** Sets the tier of a flow (by id); unknown ids are ignored and counted. */
    bool SetTier(uint32_t flowId, int tier);
    /** Sets the tier of every flow whose 5-tuple has not been seen yet, by src/dst address pair. */
    void SetTierByAddresses(Ipv4Address src, Ipv4Address dst, int tier);
    const std::map<FlowTuple, FlowEntry>& GetFlows() const { return m_flows; }
    /** Removes the entries of every flow from or to an address (a station that left the AP). */
    void RemoveFlowsOf(Ipv4Address a);
    uint64_t GetUnparsed() const { return m_unparsed; }

  protected:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    bool CheckConfig() override;
    void InitializeParams() override;

  private:
    /** Finds or creates the item's flow entry and counts the item (nullptr: not IPv4, counted as unparsed). */
    FlowEntry* Count(Ptr<QueueDiscItem> item);

    std::map<FlowTuple, FlowEntry> m_flows;
    std::map<uint32_t, FlowTuple> m_byId;
    std::map<std::pair<uint32_t, uint32_t>, int> m_pendingTier;
    TokenBucket m_tier2;
    TokenBucket m_tier1;
    uint32_t m_nextId = 0;
    uint64_t m_unparsed = 0;
    uint32_t m_idBase = 0;

  public:
    /** Flow ids of this switch start at base (so ids are unique across switches). */
    void SetIdBase(uint32_t base) { m_idBase = base; m_nextId = base; }
};

} // namespace ns3

#endif
