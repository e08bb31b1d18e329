// Starts the Java Regulation Center bridge as a child process (sh -c COMMAND) and exchanges one
// line per request over its stdin/stdout. The child's stderr is inherited.
#ifndef MPSDN_BRIDGE_CLIENT_H
#define MPSDN_BRIDGE_CLIENT_H

#include "bridge-protocol.h"

#include <cstdio>
#include <string>
#include <sys/types.h>

namespace mpsdn
{

class BridgeClient
{
  public:
    BridgeClient(const std::string& command, const BridgeConfig& config);
    ~BridgeClient();
    BridgeClient(const BridgeClient&) = delete;
    BridgeClient& operator=(const BridgeClient&) = delete;

    Decision Cycle(CycleRequest request);
    uint64_t Cycles() const { return m_seq; }
    double TotalSeconds() const { return m_seconds; }
    /** The profile in force, as the bridge's ready line named it ("" from a bridge that names none). */
    const std::string& Profile() const { return m_profile; }

  private:
    std::string Exchange(const std::string& line);

    pid_t m_pid = -1;
    FILE* m_to = nullptr;
    FILE* m_from = nullptr;
    uint64_t m_seq = 0;
    double m_seconds = 0;
    std::string m_profile;
};

} // namespace mpsdn

#endif
