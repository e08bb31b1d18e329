package org.mpsdn.impl.weights.transport;

import com.google.common.net.InetAddresses;
import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.ClientPath;
import org.mpsdn.client.v1.SubscribeRequest;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks requests from client agents; each check names the offending field and value.
 */
public final class Validation {
    /** Most paths one client may announce. */
    public static final int MAX_PATHS = 16;
    /** Most addresses per path. */
    public static final int MAX_ADDRESSES = 16;

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private Validation() {
    }

    /**
     * Returns whether a string is a valid client, path or AP identifier.
     *
     * @param id the string
     * @return true when 1-64 characters of [A-Za-z0-9._-] starting alphanumeric
     */
    public static boolean isValidId(String id) {
        return id != null && ID.matcher(id).matches();
    }

    /**
     * Checks a Subscribe request.
     *
     * @param r request
     * @return null when valid, else the problem
     */
    public static String checkSubscribe(SubscribeRequest r) {
        if (!isValidId(r.getClientId())) {
            return "client_id \"" + r.getClientId() + "\" is not a valid id";
        }
        if (r.getPathsCount() == 0 || r.getPathsCount() > MAX_PATHS) {
            return "paths: want 1.." + MAX_PATHS + " paths, got " + r.getPathsCount();
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < r.getPathsCount(); i++) {
            ClientPath p = r.getPaths(i);
            String at = "paths[" + i + "]";
            if (!isValidId(p.getPathId())) {
                return at + ".path_id \"" + p.getPathId() + "\" is not a valid id";
            }
            if (!seen.add(p.getPathId())) {
                return at + ".path_id \"" + p.getPathId() + "\" is announced twice";
            }
            if (!p.getApId().isEmpty() && !isValidId(p.getApId())) {
                return at + ".ap_id \"" + p.getApId() + "\" is not a valid id";
            }
            if (p.getAddressesCount() == 0 || p.getAddressesCount() > MAX_ADDRESSES) {
                return at + ".addresses: want 1.." + MAX_ADDRESSES + ", got " + p.getAddressesCount();
            }
            for (int j = 0; j < p.getAddressesCount(); j++) {
                if (!InetAddresses.isInetAddress(p.getAddresses(j))) {
                    return at + ".addresses[" + j + "] \"" + p.getAddresses(j) + "\" is not an IP address";
                }
            }
        }
        if (r.getLastVersion() > 0 && r.getLastEpoch() == 0) {
            return "last_epoch is 0 but last_version is " + r.getLastVersion();
        }
        return null;
    }

    /**
     * Checks an Ack request.
     *
     * @param r request
     * @return null when valid, else the problem
     */
    public static String checkAck(AckRequest r) {
        if (!isValidId(r.getClientId())) {
            return "client_id \"" + r.getClientId() + "\" is not a valid id";
        }
        if (r.getEpoch() == 0) {
            return "epoch must be > 0";
        }
        if (r.getVersion() == 0) {
            return "version must be > 0";
        }
        for (int i = 0; i < r.getPathsCount(); i++) {
            if (!isValidId(r.getPaths(i).getPathId())) {
                return "paths[" + i + "].path_id \"" + r.getPaths(i).getPathId() + "\" is not a valid id";
            }
        }
        return null;
    }
}
