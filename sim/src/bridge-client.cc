#include "bridge-client.h"

#include <chrono>
#include <csignal>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

namespace mpsdn
{

BridgeClient::BridgeClient(const std::string& command, const BridgeConfig& config)
{
    int down[2];
    int up[2];
    if (pipe(down) != 0 || pipe(up) != 0)
    {
        throw ProtocolError(std::string("bridge: pipe: ") + std::strerror(errno));
    }
    m_pid = fork();
    if (m_pid < 0)
    {
        throw ProtocolError(std::string("bridge: fork: ") + std::strerror(errno));
    }
    if (m_pid == 0)
    {
        dup2(down[0], STDIN_FILENO);
        dup2(up[1], STDOUT_FILENO);
        close(down[0]);
        close(down[1]);
        close(up[0]);
        close(up[1]);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(down[0]);
    close(up[1]);
    m_to = fdopen(down[1], "w");
    m_from = fdopen(up[0], "r");
    m_profile = DecodeReady(Exchange(EncodeConfig(config)));
}

BridgeClient::~BridgeClient()
{
    if (m_to)
    {
        fclose(m_to); // EOF: the bridge exits
    }
    if (m_from)
    {
        fclose(m_from);
    }
    if (m_pid > 0)
    {
        int status;
        waitpid(m_pid, &status, 0);
    }
}

std::string
BridgeClient::Exchange(const std::string& line)
{
    auto t0 = std::chrono::steady_clock::now();
    if (fputs(line.c_str(), m_to) < 0 || fputc('\n', m_to) < 0 || fflush(m_to) != 0)
    {
        throw ProtocolError("bridge: cannot write to the bridge process (did it exit?)");
    }
    std::string out;
    char buf[65536];
    while (fgets(buf, sizeof(buf), m_from))
    {
        out += buf;
        if (!out.empty() && out.back() == '\n')
        {
            out.pop_back();
            m_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            return out;
        }
    }
    throw ProtocolError("bridge: the bridge process closed its output (see its stderr)");
}

Decision
BridgeClient::Cycle(CycleRequest request)
{
    request.seq = ++m_seq;
    return DecodeDecision(Exchange(EncodeCycle(request)), request.seq);
}

} // namespace mpsdn
