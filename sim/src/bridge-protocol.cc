#include "bridge-protocol.h"

#include <nlohmann/json.hpp>

namespace mpsdn
{

using nlohmann::json;

std::string
EncodeConfig(const BridgeConfig& c)
{
    json j = {{"type", "config"},
              {"v", kProtocolVersion},
              {"cth", c.cth},
              {"alpha", c.alpha},
              {"minRateBps", c.minRateBps},
              {"intervalMillis", c.intervalMillis},
              {"regulateUplink", c.regulateUplink}};
    if (!c.profile.empty())
    {
        j["profile"] = c.profile;
    }
    return j.dump();
}

static json
Parse(const std::string& line)
{
    json j;
    try
    {
        j = json::parse(line);
    }
    catch (const json::parse_error& e)
    {
        throw ProtocolError(std::string("bridge: not JSON: ") + e.what() + " in line '" +
                            line.substr(0, 200) + "'");
    }
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
    {
        throw ProtocolError("bridge: field 'type' missing in line '" + line.substr(0, 200) + "'");
    }
    if (j["type"] == "error")
    {
        throw ProtocolError("bridge: peer error: " + j.value("message", std::string("?")));
    }
    return j;
}

template <typename T>
static T
Field(const json& j, const char* name, const char* where)
{
    if (!j.contains(name))
    {
        throw ProtocolError(std::string("bridge: field '") + name + "' missing in " + where);
    }
    try
    {
        return j.at(name).get<T>();
    }
    catch (const json::exception& e)
    {
        throw ProtocolError(std::string("bridge: field '") + name + "' of " + where +
                            " has the wrong type: " + j.at(name).dump());
    }
}

std::string
DecodeReady(const std::string& line)
{
    json j = Parse(line);
    if (j["type"] != "ready")
    {
        throw ProtocolError("bridge: expected type 'ready', got " + j["type"].dump());
    }
    int v = Field<int>(j, "v", "ready");
    if (v != kProtocolVersion)
    {
        throw ProtocolError("bridge: field 'v' is " + std::to_string(v) + ", expected " +
                            std::to_string(kProtocolVersion));
    }
    return j.contains("profile") ? Field<std::string>(j, "profile", "ready") : std::string();
}

std::string
EncodeCycle(const CycleRequest& r)
{
    json aps = json::array();
    for (const auto& a : r.aps)
    {
        aps.push_back({{"id", a.id}, {"kind", a.kind}, {"capacityBps", a.capacityBps}});
    }
    json ues = json::array();
    for (const auto& u : r.ues)
    {
        ues.push_back({{"id", u.id}, {"multipath", u.multipath}});
    }
    json cons = json::array();
    for (const auto& c : r.connections)
    {
        cons.push_back(
            {{"ue", c.ue}, {"ap", c.ap}, {"rssiDbm", c.rssiDbm}, {"phyRateBps", c.phyRateBps}});
    }
    json flows = json::array();
    for (const auto& f : r.flows)
    {
        flows.push_back({{"id", f.id},
                         {"src", f.src},
                         {"sport", f.sport},
                         {"dst", f.dst},
                         {"dport", f.dport},
                         {"proto", f.proto},
                         {"dir", f.dir},
                         {"ue", f.ue},
                         {"ap", f.ap},
                         {"bytes", f.bytes},
                         {"packets", f.packets},
                         {"ack", f.ack}});
    }
    json occ = json::array();
    for (const auto& o : r.occupancy)
    {
        occ.push_back({{"ap", o.ap}, {"dir", o.dir}, {"occ", o.occ}});
    }
    json j = {{"type", "cycle"},
              {"seq", r.seq},
              {"timeMs", r.timeMs},
              {"aps", aps},
              {"ues", ues},
              {"connections", cons},
              {"flows", flows},
              {"occupancy", occ}};
    if (!r.stations.empty())
    {
        json st = json::array();
        for (const auto& s : r.stations)
        {
            json e = {{"ap", s.ap}, {"dir", s.dir}, {"ue", s.ue}, {"occ", s.occ}};
            if (s.sentBps >= 0)
            {
                e["sent"] = s.sentBps;
            }
            st.push_back(e);
        }
        j["stations"] = st;
    }
    return j.dump();
}

Decision
DecodeDecision(const std::string& line, uint64_t expectedSeq)
{
    json j = Parse(line);
    if (j["type"] != "decision")
    {
        throw ProtocolError("bridge: expected type 'decision', got " + j["type"].dump());
    }
    Decision d;
    d.seq = Field<uint64_t>(j, "seq", "decision");
    if (d.seq != expectedSeq)
    {
        throw ProtocolError("bridge: field 'seq' is " + std::to_string(d.seq) + ", expected " +
                            std::to_string(expectedSeq));
    }
    for (const auto& t : Field<json>(j, "tiers", "decision"))
    {
        int tier = Field<int>(t, "tier", "tiers[]");
        if (tier != 1 && tier != 2)
        {
            throw ProtocolError("bridge: field 'tier' is " + std::to_string(tier) +
                                ", expected 1 or 2");
        }
        d.tiers[Field<uint32_t>(t, "id", "tiers[]")] = tier;
    }
    for (const auto& l : Field<json>(j, "limits", "decision"))
    {
        int64_t bps = Field<int64_t>(l, "bps", "limits[]");
        if (bps < 1)
        {
            throw ProtocolError("bridge: field 'bps' is " + std::to_string(bps) + ", expected >= 1");
        }
        d.limits[{Field<std::string>(l, "ap", "limits[]"), Field<std::string>(l, "dir", "limits[]")}] =
            bps;
    }
    for (const auto& p : Field<json>(j, "primaries", "decision"))
    {
        d.primaries[Field<std::string>(p, "ue", "primaries[]")] =
            Field<std::string>(p, "ap", "primaries[]");
    }
    d.droppedFlows = j.value("droppedFlows", 0);
    d.missingOccupancy = j.value("missingOccupancy", 0);
    d.invalidOccupancy = j.value("invalidOccupancy", 0);
    d.invalidStations = j.value("invalidStations", 0);
    d.stationError = j.value("stationError", std::string());
    return d;
}

} // namespace mpsdn
