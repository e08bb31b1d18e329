// Tests of the C++ side of bridge protocol v1: encoding, decoding, error reporting, and (when a
// bridge command is given as argv[1]) one round trip through the real Java Regulation Center.
#include "bridge-client.h"
#include "bridge-protocol.h"

#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>

using namespace mpsdn;

static int failures = 0;

#define CHECK(cond)                                                                                \
    do                                                                                             \
    {                                                                                              \
        if (!(cond))                                                                               \
        {                                                                                          \
            std::cerr << __FILE__ << ":" << __LINE__ << ": CHECK failed: " #cond << std::endl;     \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

template <typename F>
static std::string
ErrorOf(F f)
{
    try
    {
        f();
    }
    catch (const ProtocolError& e)
    {
        return e.what();
    }
    return "";
}

static CycleRequest
Sample()
{
    CycleRequest r;
    r.seq = 1;
    r.timeMs = 2000;
    r.aps = {{"wifi0", "WIFI", 54000000}, {"lte", "LTE", 25000000}};
    r.ues = {{"ue0", true}, {"ue1", false}};
    r.connections = {{"ue0", "wifi0", -88, 6000000}, {"ue0", "lte", -70, 20000000}, {"ue1", "wifi0", -50, 54000000}};
    r.flows = {{7, "10.100.0.1", 49153, "10.1.0.2", 5000, 6, "DOWNLINK", "ue0", "wifi0", 150000, 100, false},
               {8, "10.100.3.1", 49154, "7.0.0.2", 5001, 6, "DOWNLINK", "ue0", "lte", 150000, 100, false},
               {9, "10.100.0.1", 49155, "10.1.0.3", 5002, 6, "DOWNLINK", "ue1", "wifi0", 150000, 100, false}};
    r.occupancy = {{"wifi0", "DOWNLINK", 0.95}, {"lte", "DOWNLINK", 0.95}};
    return r;
}

int
main(int argc, char** argv)
{
    // encoding
    auto c = nlohmann::json::parse(EncodeConfig(BridgeConfig{}));
    CHECK(c["type"] == "config" && c["v"] == kProtocolVersion && c["cth"] == 0.85 && c["alpha"] == 0.5);
    CHECK(c["regulateUplink"] == false && c["intervalMillis"] == 2000);
    CHECK(!c.contains("profile")); // empty: the bridge's default
    BridgeConfig mpsdnConfig;
    mpsdnConfig.profile = "mpsdn";
    CHECK(nlohmann::json::parse(EncodeConfig(mpsdnConfig))["profile"] == "mpsdn");
    std::string line = EncodeCycle(Sample());
    CHECK(line.find('\n') == std::string::npos);
    auto j = nlohmann::json::parse(line);
    CHECK(j["type"] == "cycle" && j["seq"] == 1 && j["flows"].size() == 3 && j["flows"][1]["dst"] == "7.0.0.2");
    CHECK(j["connections"][0]["phyRateBps"] == 6000000 && j["occupancy"][0]["occ"] == 0.95);
    CHECK(!j.contains("stations")); // none measured: not sent, the request is the old one
    CycleRequest withStations = Sample();
    withStations.stations = {{"wifi0", "DOWNLINK", "ue1", 0.25}};
    auto js = nlohmann::json::parse(EncodeCycle(withStations));
    CHECK(js["stations"].size() == 1 && js["stations"][0]["ap"] == "wifi0" && js["stations"][0]["dir"] == "DOWNLINK");
    CHECK(js["stations"][0]["ue"] == "ue1" && js["stations"][0]["occ"] == 0.25);
    CHECK(!js["stations"][0].contains("sent")); // not measured: not sent
    withStations.stations[0].sentBps = 2500000;
    CHECK(nlohmann::json::parse(EncodeCycle(withStations))["stations"][0]["sent"] == 2500000);

    // decoding
    Decision d = DecodeDecision(
        R"({"type":"decision","seq":4,"tiers":[{"id":7,"tier":2},{"id":8,"tier":1}],)"
        R"("limits":[{"ap":"wifi0","dir":"DOWNLINK","bps":100000}],"primaries":[{"ue":"ue0","ap":"lte"}],)"
        R"("droppedFlows":1,"missingOccupancy":0,"invalidOccupancy":0,"invalidStations":2})",
        4);
    CHECK(d.tiers.at(7) == 2 && d.tiers.at(8) == 1);
    CHECK(d.invalidStations == 2 && d.stationError.empty());
    CHECK((d.limits.at({"wifi0", "DOWNLINK"}) == 100000));
    CHECK(d.primaries.at("ue0") == "lte" && d.droppedFlows == 1);
    CHECK(DecodeReady(R"({"type":"ready","v":1})").empty());
    CHECK(DecodeReady(R"({"type":"ready","v":1,"profile":"mpsdn"})") == "mpsdn");
    CHECK(ErrorOf([] { DecodeReady(R"({"type":"ready","v":1,"profile":3})"); }).find("'profile'") != std::string::npos);

    // errors name the field
    CHECK(ErrorOf([] { DecodeDecision(R"({"type":"decision","seq":5,"tiers":[],"limits":[],"primaries":[]})", 4); })
              .find("'seq'") != std::string::npos);
    CHECK(ErrorOf([] { DecodeDecision(R"({"type":"decision","seq":4,"limits":[],"primaries":[]})", 4); })
              .find("'tiers'") != std::string::npos);
    CHECK(ErrorOf([] {
              DecodeDecision(R"({"type":"decision","seq":4,"tiers":[{"id":1,"tier":3}],"limits":[],"primaries":[]})", 4);
          }).find("'tier'") != std::string::npos);
    CHECK(ErrorOf([] {
              DecodeDecision(R"({"type":"decision","seq":4,"tiers":[],"limits":[{"ap":"a","dir":"UPLINK","bps":"x"}],"primaries":[]})", 4);
          }).find("'bps'") != std::string::npos);
    CHECK(ErrorOf([] { DecodeDecision(R"({"type":"error","message":"field 'x' missing"})", 1); })
              .find("field 'x' missing") != std::string::npos);
    CHECK(ErrorOf([] { DecodeDecision("not json", 1); }).find("not JSON") != std::string::npos);
    CHECK(ErrorOf([] { DecodeReady(R"({"type":"ready","v":2})"); }).find("'v'") != std::string::npos);

    // a peer that is not a bridge: "cat" echoes the config line back
    CHECK(ErrorOf([] { BridgeClient b("cat", BridgeConfig{}); }).find("expected type 'ready'") != std::string::npos);
    // a peer that exits at once
    CHECK(ErrorOf([] { BridgeClient b("true", BridgeConfig{}); }).find("closed its output") != std::string::npos);

    // the real Java bridge, when given
    if (argc > 1)
    {
        BridgeConfig paperConfig;
        paperConfig.profile = "paper";
        BridgeClient b(argv[1], paperConfig);
        CHECK(b.Profile() == "paper");
        BridgeClient m(argv[1], mpsdnConfig);
        CHECK(m.Profile() == "mpsdn");
        Decision r = b.Cycle(Sample());
        CHECK(r.seq == 1);
        CHECK(r.tiers.size() == 3 && r.tiers.at(7) == 2 && r.tiers.at(8) == 1 && r.tiers.at(9) == 1);
        CHECK((r.limits.at({"wifi0", "DOWNLINK"}) == 100000));
        CycleRequest idle = Sample();
        idle.occupancy = {{"wifi0", "DOWNLINK", 0.2}, {"lte", "DOWNLINK", 0.2}};
        Decision r2 = b.Cycle(idle);
        CHECK(r2.seq == 2 && (r2.limits.at({"wifi0", "DOWNLINK"}) > 100000));
        CHECK(b.Cycles() == 2);
        // mpsdn reads the station queues: wifi0 is full (MacOcc 0.95) but its Tier-1 station ue1 is not
        // backlogged, so the limit does not fall to the floor as on the paper profile's MacOcc
        CycleRequest calm = Sample();
        calm.stations = {{"wifi0", "DOWNLINK", "ue1", 0.05, 900000}, {"wifi0", "DOWNLINK", "ue0", 0.9}};
        BridgeClient mc(argv[1], mpsdnConfig);
        Decision rc = mc.Cycle(calm);
        CycleRequest held = calm;
        held.stations[0].occ = 0.95; // the Tier-1 station backlogged
        Decision rh = m.Cycle(held);
        CHECK((rh.limits.at({"wifi0", "DOWNLINK"}) == 100000 && rc.limits.at({"wifi0", "DOWNLINK"}) > 100000));
        CHECK(rc.invalidStations == 0);
        calm.stations.push_back({"wifi0", "DOWNLINK", "ue1", 1.5}); // out of range: skipped and counted
        Decision rb = mc.Cycle(calm);
        CHECK(rb.seq == 2 && rb.invalidStations == 1 && rb.stationError.find("stations[2]") == 0);
        std::cout << "round trip through the Java bridge: ok (" << b.TotalSeconds() * 1000 << " ms)" << std::endl;
    }
    if (failures)
    {
        std::cerr << failures << " check(s) failed" << std::endl;
        return 1;
    }
    std::cout << "bridge-protocol-test: all checks passed" << std::endl;
    return 0;
}
