// State of the MP-SDN ns-3 scenario shared by its parts: parameters, UEs, flows, APs, and the
// functions each part offers (mpsdn-scenario.cc: parameters and the run; placement.cc, topology.cc: the
// network; regulation-loop.cc: the cycles; station-queues.cc: the Wi-Fi APs' per-station queues;
// lte-link.cc, wifi-roaming.cc, tier1-demand.cc: LTE link quality, Wi-Fi re-association, the Tier-1
// demand; outputs.cc: the CSVs).
#ifndef MPSDN_SCENARIO_H
#define MPSDN_SCENARIO_H

#include "bridge-client.h"
#include "meter-queue-disc.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/lte-module.h"
#include "ns3/wifi-module.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mpsdn
{

constexpr int kWifiAps = 3;
constexpr int kLte = kWifiAps; // AP index of the eNB
constexpr double kTxPowerDbm = 20.0;
constexpr double kSampleSeconds = 0.5; // throughput series (paper: every 0.5 s)
constexpr double kTrafficStart = 1.5;  // the first flow starts here, the others 10 ms apart

struct Params
{
    uint32_t seed = 1;
    uint32_t nUes = 30;
    double area = 200;
    double mpShare = 0;
    std::string profile = "none"; // none (no regulation), paper or mpsdn (the core's profile)
    bool uplink = false;
    bool mobility = false;
    double interval = 2.0;
    double alpha = 0.5;
    double cth = 0.85;
    double simTime = 20;
    double warmup = 5;
    double t1High = 0; // Tier-1 demand per Wi-Fi AP (bit/s, 0 = none) ...
    double t1Low = 0;  // ... swapped with t1Low every swapPeriod seconds
    double swapPeriod = 15;
    std::string demand = "paced"; // paced (the single-path users' sources send at the demand) or meter
    double wifiRange = 50;
    uint32_t lteRb = 25;
    double lteExponent = 3.76; // with 39 dB at 1 m: DL MCS 28 within ~70 m of the eNB, 14 at the corners
    std::string apQdisc = "fq_codel"; // the AP's queue disc: fq_codel (ns-3's default) or none (the MAC FIFO alone)
    uint32_t macQueue = 100;
    double occSample = 0.01; // Wi-Fi MAC-queue sampling period, s (the epoch mean of these samples is sent)
    std::string upSignal = "ap"; // Wi-Fi uplink congestion signal: ap (the AP's MAC queue) or stations
    bool stationQueues = true; // send the per-station queues of the Wi-Fi APs (station-queues.cc) to the core
    double wifiExponent = 3.3;
    double roamHysteresis = 5; // dB; < 0: no Wi-Fi re-association
    double roamCheck = 0.5;    // s between re-association checks
    std::string layout = "random";
    std::string bridge;
    std::string out;
    std::string series;
    std::string seriesAps; // comma-separated AP ids the series holds; empty: every AP
    std::string flowsOut;
    std::string tag;
    std::string rev = "unknown";
    bool verbose = false;

    bool Regulated() const { return profile != "none"; }
};

struct Ue
{
    std::string id;
    bool multipath = false;
    bool useWifi = false;
    bool useLte = false;
    int wifiAp = -1;   // AP the station is (re)associating with
    int homeAp = -1;   // AP whose subnet its Wi-Fi address is from (its first AP)
    uint32_t wifiIf = 0; // its Wi-Fi interface index
    ns3::Ptr<ns3::Node> node;
    ns3::Ptr<ns3::WifiNetDevice> sta;
    ns3::Ipv4Address wifiAddr;
    ns3::Ipv4Address lteAddr;
    double lteRsrp = NAN;
    double lteSinr = NAN;
    int lteDlMcs = -1; // MCS of the UE's last DL / UL allocation by the eNB scheduler
    int lteUlMcs = -1;
    uint32_t handovers = 0;
};

struct FlowRec
{
    int ue;
    int ap; // the AP the flow goes through now
    ns3::Ipv4Address src;
    ns3::Ipv4Address dst;
    uint16_t port = 0; // the sink's port
    ns3::Ptr<ns3::PacketSink> sink;
    ns3::Ptr<ns3::OnOffApplication> paced; // a single-path user's Tier-1 demand source (else BulkSend)
    uint64_t rxAtLastSample = 0;
    uint64_t rxMark = 0;                  // received bytes when apRx was last updated
    double apRx[kWifiAps + 1] = {};       // bytes received through each AP since the warm-up
};

struct ApState
{
    std::string id;
    ns3::Ptr<ns3::MeterQueueDisc> down; // switch egress towards the AP
    ns3::Ptr<ns3::MeterQueueDisc> up;   // switch egress from the AP towards the server
    ns3::Ptr<ns3::WifiNetDevice> apDev;
    ns3::Ptr<ns3::Node> node;
    ns3::Ipv4Address wifiAddr; // the AP's address on its Wi-Fi interface
    uint32_t wifiIf = 0;
    ns3::Ipv4Address linkAddr;   // the AP's (PGW's) address on its wired link to the server
    uint32_t serverIf = 0;       // the server's interface towards it
    double occSumDown = 0;
    double lastOcc = 0; // occupancy sent to the core at the last cycle (direction of the run)
    double occSumUp = 0;
    uint32_t occSamples = 0;
    uint64_t busyDl = 0; // LTE: TTIs with a DL/UL allocation in this epoch
    uint64_t busyUl = 0;
    uint64_t lastDlTti = UINT64_MAX;
    uint64_t lastUlTti = UINT64_MAX;
    ns3::Time epochStart;
    // series statistics (after warm-up)
    double t1Unsat = 0;
    double t2Sum = 0;
    uint32_t seriesN = 0;
    uint64_t t1Demand = 0;
};

extern Params P;
extern std::vector<Ue> ues;
extern std::vector<FlowRec> flows;
extern ApState aps[kWifiAps + 1];
extern ns3::Ptr<ns3::Node> server;
extern ns3::Ptr<ns3::LogDistancePropagationLossModel> wifiLoss;

// topology.cc (with placement.cc): places the UEs, builds nodes, links, Wi-Fi, LTE and the flows; false on a
// bad layout
bool BuildTopology();

// regulation-loop.cc: telemetry and the cycles with the Regulation Center
void WatchWifiDevice(ns3::Ptr<ns3::WifiNetDevice> dev, int ue); // ue < 0: an AP
void RegisterUeAddress(ns3::Ipv4Address a, int ue);
uint64_t WifiPhyRate(const Ue& u); // rate of the station's last data frame with its AP (0: none yet)
void StartOccupancySampling();
ns3::Ptr<ns3::WifiMacQueue> WifiMacQueueOf(ns3::Ptr<ns3::WifiNetDevice> dev); // the AC_BE queue (QoS or not)
double WifiOccupancy(ns3::Ptr<ns3::WifiNetDevice> dev);                       // its fill ratio
bool StartRegulation(); // starts the bridge (if regulated); false if it runs another profile
uint64_t BridgeCycles();
double BridgeSeconds();
int LtePrimaries(); // multipath UEs whose primary connection the last decision put on LTE
void StopRegulation();

// station-queues.cc: the Wi-Fi APs' per-station queues, sampled with the AP occupancy, and the rate each
// station was served at, sent per epoch
void SampleStationQueues();
void AddStationQueues(CycleRequest& r, int ap, double epochSeconds); // the epoch's readings; starts the next
void StartStationQueues(); // the first epoch starts (and the delivered bytes are counted from now on)

// outputs.cc: the series, the summary row and the per-flow lines of a run
void StartOutputs();
void PrintStations();
void WriteSummary(double wallSeconds, uint64_t bridgeCycles, double bridgeSeconds);

// lte-link.cc: the LTE link quality the core sees and the eNB's busy TTIs
void ConnectLteTraces(ns3::Ptr<ns3::LteEnbNetDevice> enb, ns3::Ptr<ns3::LteUeNetDevice> ueDev, int ue);
int64_t LteRate(const Ue& u);
int64_t LteCapacity(); // the cell's rate at the top MCS (all RBs): the LTE AP's capacity for the core

// wifi-roaming.cc: RSSI and re-association to the strongest AP
extern const uint8_t kWifiChannels[kWifiAps];
double WifiRssi(const Ue& u, int ap);
void CheckRoaming();
void AddFlowBytes(FlowRec& f); // books the bytes received since the last mark to the flow's AP

// tier1-demand.cc: the Tier-1 demand (paced sources or the demand meter)
bool DemandActive();
ns3::ApplicationContainer InstallDemandSource(ns3::Ptr<ns3::Node> src, ns3::Address dst);
void SetDemand(bool high);

} // namespace mpsdn

#endif
