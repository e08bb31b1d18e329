package org.mpsdn.impl.enb;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.mpsdn.enb.v1.SchedulingPolicy;
import org.mpsdn.enb.v1.SplitConfig;

import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The one way a versioned configuration is installed on an eNB, used for both its scheduling
 * policy and its split configuration: send it with the version after the installed one, then
 * read it back. It is acknowledged only when the eNB accepted it and the read-back equals what
 * was sent; otherwise the reason names the eNB, what was sent and its version, and the eNB's
 * gRPC code and message (rejection), the transport error (read-back failed), or the version
 * read back.
 *
 * @param <T> the configuration message
 */
final class VersionedPush<T> {
    private final String enbId;
    private final String what;
    private final ToLongFunction<T> version;
    private final BiFunction<T, Long, T> withVersion;
    private final Function<T, InstallStatus> send;
    private final Supplier<T> read;

    private VersionedPush(String enbId, String what, ToLongFunction<T> version, BiFunction<T, Long, T> withVersion,
                          Function<T, InstallStatus> send, Supplier<T> read) {
        this.enbId = enbId;
        this.what = what;
        this.version = version;
        this.withVersion = withVersion;
        this.send = send;
        this.read = read;
    }

    /**
     * The scheduling policy of the eNB a client reaches.
     *
     * @param c client of the eNB
     * @return the push
     */
    static VersionedPush<SchedulingPolicy> policy(EnbPolicyClient c) {
        return new VersionedPush<>(c.enbId(), "policy", SchedulingPolicy::getVersion,
                (p, v) -> p.toBuilder().setVersion(v).build(), c::pushPolicy, c::readPolicy);
    }

    /**
     * The split configuration of the eNB a client reaches.
     *
     * @param c client of the eNB
     * @return the push
     */
    static VersionedPush<SplitConfig> split(EnbPolicyClient c) {
        return new VersionedPush<>(c.enbId(), "split configuration", SplitConfig::getVersion,
                (s, v) -> s.toBuilder().setVersion(v).build(), c::pushSplit, c::readSplit);
    }

    /**
     * Sends {@code wanted} with the version after {@code installed}'s, then reads it back.
     *
     * @param installed what the eNB holds
     * @param wanted    the content to install (its version is replaced)
     * @return null when acknowledged, else the reason
     */
    String push(T installed, T wanted) {
        T sent = withVersion.apply(wanted, version.applyAsLong(installed) + 1);
        InstallStatus s = send.apply(sent);
        if (s.state() != InstallState.INSTALLED) {
            return "eNB " + enbId + " rejected " + what + " v" + version.applyAsLong(sent) + ": " + s.reason();
        }
        return readBack(sent);
    }

    /**
     * Reads back what the eNB holds and compares it with what was sent.
     *
     * @param sent what the eNB must hold
     * @return null when it holds exactly that, else the reason
     */
    String readBack(T sent) {
        T back;
        try {
            back = read.get();
        } catch (StatusRuntimeException e) {
            return "eNB " + enbId + ": read-back of " + what + " v" + version.applyAsLong(sent) + " failed: "
                    + describe(e.getStatus());
        }
        if (!back.equals(sent)) {
            return "eNB " + enbId + ": read-back shows " + what + " v" + version.applyAsLong(back)
                    + " other than the v" + version.applyAsLong(sent) + " sent";
        }
        return null;
    }

    /**
     * Describes a gRPC status as its code and the peer's message.
     *
     * @param s status
     * @return e.g. {@code FAILED_PRECONDITION: policy.version: ...}
     */
    static String describe(Status s) {
        return s.getCode().name() + (s.getDescription() == null ? "" : ": " + s.getDescription());
    }
}
