package org.mpsdn.impl.enb;

/**
 * Names and defaults of the component properties of {@link EnbPolicyManager}. The controller's
 * TLS files ({@code tlsCertFile}, {@code tlsKeyFile}, {@code tlsCaFile}) are shared with the
 * telemetry component and named in {@link org.mpsdn.impl.tls.ControllerTls}.
 */
public final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /** Per-call deadline towards an eNB in ms (&gt; 0). */
    public static final String ENB_DEADLINE_MS = "enbDeadlineMs";
    /** Default per-call deadline. */
    public static final int ENB_DEADLINE_MS_DEFAULT = 3000;

    /** Re-check interval of installed intents whose flows did not change, in ms (&gt;= 0). */
    public static final String ENB_RECHECK_MS = "enbRecheckMs";
    /** Default re-check interval. */
    public static final int ENB_RECHECK_MS_DEFAULT = 30000;

    /** Lab only: talk to eNBs without TLS. */
    public static final String ENB_PLAINTEXT = "enbPlaintext";
    /** Default: TLS. */
    public static final boolean ENB_PLAINTEXT_DEFAULT = false;
}
