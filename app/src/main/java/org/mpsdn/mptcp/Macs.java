package org.mpsdn.mptcp;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * MAC address text helpers.
 */
final class Macs {
    private static final Pattern MAC = Pattern.compile("[0-9a-f]{2}(:[0-9a-f]{2}){5}");

    private Macs() {
    }

    /**
     * Normalises a MAC to lower-case colon-separated form.
     *
     * @param mac   text
     * @param field name of the field for the error message
     * @return normalised MAC
     * @throws IllegalArgumentException if malformed
     */
    static String normalize(String mac, String field) {
        String m = mac == null ? "" : mac.trim().toLowerCase(Locale.ROOT).replace('-', ':');
        if (!MAC.matcher(m).matches()) {
            throw new IllegalArgumentException(field + ": malformed MAC '" + mac + "' (want aa:bb:cc:dd:ee:ff)");
        }
        return m;
    }

    /**
     * Formats a 48-bit MAC.
     *
     * @param mac value
     * @return text
     */
    static String format(long mac) {
        StringBuilder sb = new StringBuilder(17);
        for (int i = 5; i >= 0; i--) {
            int b = (int) ((mac >>> (8 * i)) & 0xff);
            sb.append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 0xf, 16));
            if (i > 0) {
                sb.append(':');
            }
        }
        return sb.toString();
    }
}
