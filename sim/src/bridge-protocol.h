// Bridge protocol v1 between the ns-3 scenario and the Java Regulation Center: one JSON object
// per line (see sim/README.md). Pure data and (de)serialisation, no I/O: unit-tested on its own.
#ifndef MPSDN_BRIDGE_PROTOCOL_H
#define MPSDN_BRIDGE_PROTOCOL_H

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace mpsdn
{

constexpr int kProtocolVersion = 1;

struct BridgeConfig
{
    double cth = 0.85;
    double alpha = 0.5;
    int64_t minRateBps = 100000;
    int64_t intervalMillis = 2000;
    bool regulateUplink = false;
    std::string profile; ///< "paper" or "mpsdn"; empty: not sent (the bridge's default)
};

struct ApInfo
{
    std::string id;
    std::string kind; // "WIFI" or "LTE"
    int64_t capacityBps;
};

struct UeInfo
{
    std::string id;
    bool multipath;
};

struct ConnectionInfo
{
    std::string ue;
    std::string ap;
    double rssiDbm;
    int64_t phyRateBps;
};

struct FlowInfo
{
    uint32_t id;
    std::string src;
    uint16_t sport;
    std::string dst;
    uint16_t dport;
    uint8_t proto;
    std::string dir; // "DOWNLINK" or "UPLINK"
    std::string ue;
    std::string ap;
    uint64_t bytes;
    uint64_t packets;
    bool ack;
};

struct OccupancyInfo
{
    std::string ap;
    std::string dir;
    double occ;
};

/** One station's queue at an AP in one direction, averaged over the epoch (optional in a cycle). */
struct StationInfo
{
    std::string ap;
    std::string dir;
    std::string ue;      // the UE id the core knows
    double occ;          // in [0, 1]
    int64_t sentBps = -1; // bits the AP sent to (downlink) / received from (uplink) it per second; < 0: not sent
};

struct CycleRequest
{
    uint64_t seq;
    int64_t timeMs;
    std::vector<ApInfo> aps;
    std::vector<UeInfo> ues;
    std::vector<ConnectionInfo> connections;
    std::vector<FlowInfo> flows;
    std::vector<OccupancyInfo> occupancy;
    std::vector<StationInfo> stations; // empty: the field is not sent (the core reads MacOcc alone)
};

struct Decision
{
    uint64_t seq = 0;
    std::map<uint32_t, int> tiers;                       // flow id -> 1 or 2
    std::map<std::pair<std::string, std::string>, int64_t> limits; // (ap, dir) -> bit/s
    std::map<std::string, std::string> primaries;        // ue -> ap
    int droppedFlows = 0;
    int missingOccupancy = 0;
    int invalidOccupancy = 0;
    int invalidStations = 0;  // station entries the bridge skipped as malformed ...
    std::string stationError; // ... and why the first one was (empty when none was)
};

/** Raised for a malformed or error line from the peer; the message names the field. */
class ProtocolError : public std::runtime_error
{
  public:
    using std::runtime_error::runtime_error;
};

std::string EncodeConfig(const BridgeConfig& c);
/** Checks the peer's answer to the config line; returns the profile in force it names ("" if none). */
std::string DecodeReady(const std::string& line);
std::string EncodeCycle(const CycleRequest& r);
/** Parses a decision line; throws ProtocolError on an error message, wrong seq or bad field. */
Decision DecodeDecision(const std::string& line, uint64_t expectedSeq);

} // namespace mpsdn

#endif
