package org.mpsdn.core.signal;

import org.mpsdn.core.LawMemory;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.StationLoad;
import org.mpsdn.core.regulate.Tier1FirstLaw;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a Tier-1 station wants, read from its agent's window: whether it is <b>backlogged</b> (its queue held
 * packets in at least {@link #BACKLOGGED_SHARE} of the window's samples, and a standing queue of at least
 * {@link #STANDING_FILL} of its limit on average: it would send more if it got more air time) and its
 * <b>reference rate</b>: what it gets when Tier 2 gives way. That is what it sent in the last window in which Tier 2
 * was held at its floor, or what it sent after a decrease that gave back at least
 * {@link Tier1FirstLaw#DRAIN_GAIN} of its rate when it then sent less than that much more: it did not take the air
 * time given back, so it is <b>shown served</b> ({@link #shownServed}). A backlogged station is <b>off its
 * reference</b> when it sends less than (1 &minus; {@link #TOLERANCE}) of that rate (Tier 2 takes its air time) or
 * more than (1 + {@link #TOLERANCE}) of it (its demand grew): then Tier 1 is held back. A backlogged station with
 * no reference reads as held back too ({@link #unknown}), until a window with Tier 2 at its floor or a decrease
 * tells it. A backlogged station at its reference is served at the rate it can get, and Tier 2 keeps its limit
 * rather than grows.
 * <p>
 * Why, measured in the lab at {@code a921155} (100-packet station queues, 20/40 ms path RTT, cubic): a backlogged
 * Tier-1 station's queue fill does not say whether Tier 2 takes its air time. On LTE a greedy station squeezed by a
 * 2.2-Mb/s Tier 2 to 19-21 of its 23 Mb/s read 0.12-0.19, and 0.45-0.8 once Tier 2 sat at its floor (radio event);
 * paced Wi-Fi stations served at their 12 Mb/s beside a Tier 2 near the full point read 0.01-0.18 while their queues
 * held packets in 12-20 of 20 samples (idle capacity). Its rate against what it got with Tier 2 out of the way does.
 * A window in which a station's queue emptied is no reference: at {@code c7812dc}, which learned it there, a greedy
 * LTE station squeezed to 15-19 Mb/s held packets in only 8-13 of 20 samples after a loss, that rate became its
 * reference, and Tier 2 grew again (radio event, runs 2-3). Without the decrease's evidence, paced Wi-Fi stations
 * served at their 12.5 Mb/s beside a Tier 2 near the full point (busy in 16-17 of 20 samples, 12.5-12.6 Mb/s after
 * each halving) had no reference, since Tier 2 was never at its floor, and halved Tier 2 five times in a 40-s phase
 * (lab idle capacity at {@code 2da8f57}, run 1).
 * Pure; a station's device id keys its reference, so a station not matched to a device has none and is judged on
 * its queue alone.
 */
public final class Tier1Demand {
    /**
     * The share of the window's samples in which a station's queue held packets at which it counts as backlogged:
     * 3/4. Lab at {@code a921155}: greedy Tier-1 stations read 0.85-1.0 (p10 of the windows in which they were short),
     * paced ones served with room to spare 0.2-0.7 (idle capacity, LTE p10/p50).
     */
    public static final double BACKLOGGED_SHARE = 0.75;

    /**
     * The window-averaged fill below which a station's queue is no standing queue, however often it held a packet:
     * 0.05 of its limit (5 packets of the lab's 100). A queue that averages a few packets is served as its packets
     * arrive. Lab idle capacity at {@code 0202218}, run 1, LTE: the multipath user's primary, paced at 12.2-12.9
     * Mb/s, held packets in every sample at a fill of 0.01-0.03 with Tier 2 at its floor; read as backlogged at its
     * reference, it held Tier 2 at its floor for the whole 40-s phase (0.0 of the idle capacity taken). Backlogged
     * single-path Tier-1 stations whose users were short read 0.08 or more (prototype, radio event and multi-user
     * prototype at {@code 2da8f57}: 39 LTE windows; idle capacity at {@code 7c326ec}: 0.13 or more).
     */
    public static final double STANDING_FILL = 0.05;

    /**
     * How far a backlogged station's rate may be from its reference and still count as at it: 5 %, the
     * experiments' own margin (a Tier-1 user is short below 0.95 of its demand). A greedy station with Tier 2 at its
     * floor varied by 1.5 % between windows in the lab (LTE, 22.6-23.2 Mb/s).
     */
    public static final double TOLERANCE = 0.05;

    private Tier1Demand() {
    }

    /**
     * Whether a station's queue was backlogged over the window.
     *
     * @param l the station's reading
     * @return true when its busy share is known and at least {@link #BACKLOGGED_SHARE}, and its fill at least
     *         {@link #STANDING_FILL}
     */
    public static boolean backlogged(StationLoad l) {
        return !Double.isNaN(l.busyShare()) && l.busyShare() >= BACKLOGGED_SHARE && l.occupancy() >= STANDING_FILL;
    }

    /**
     * Whether a Tier-1 station is held back by its rate: backlogged, its rate known, matched to a device, and
     * without a reference or more than {@link #TOLERANCE} below or above it. A station that is not backlogged gets
     * what it wants (lab dynamic demand at {@code bc2275c}: judging it too read a paced user's step down from 20 to
     * 10 Mb/s as a squeeze, and Tier 2 went to its floor at every step down).
     *
     * A station shown served in this window ({@link #shownServed}) is at its reference.
     *
     * @param l      the station's reading
     * @param before what the law remembers from the last cycle: the reference rates and the rates at its decrease
     * @return true when it reads as held back
     */
    public static boolean offReference(StationLoad l, LawMemory before) {
        if (!backlogged(l) || l.sentBps() < 0 || l.ueId().isEmpty() || shownServed(l, before.tier1AtDecrease())) {
            return false;
        }
        Long ref = before.tier1References().get(l.ueId().get());
        return ref == null || l.sentBps() < (1.0 - TOLERANCE) * ref || l.sentBps() > (1.0 + TOLERANCE) * ref;
    }

    /**
     * Whether a backlogged Tier-1 station of an AP direction, matched to a device and with a known rate, has no
     * reference rate: what it gets with Tier 2 out of the way is not known, and a window with Tier 2 at its floor
     * tells it. Lab radio event at {@code c7812dc} (LTE): halving what Tier 2 sent, one cycle in two (the drain
     * rule), took 20 s from 11 Mb/s to the floor at a phase's start while the single-path user got 15-20 of its
     * 23 Mb/s.
     *
     * @param in     the cycle's signal inputs
     * @param ap     AP index
     * @param key    AP and direction
     * @param before what the law remembers from the last cycle here
     * @return true when one has none and is not shown served in this window
     */
    public static boolean unknown(SignalInputs in, int ap, ApDirection key, LawMemory before) {
        for (StationLoad l : in.stations(key)) {
            if (!in.carriesTier2(ap, key.direction(), l) && backlogged(l) && l.sentBps() >= 0
                    && l.ueId().isPresent() && !before.tier1References().containsKey(l.ueId().get())
                    && !shownServed(l, before.tier1AtDecrease())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether every backlogged Tier-1 station of an AP direction has a reference rate and sends at most
     * (1 + {@link #TOLERANCE}) of it: Tier 1 wants no more than it got when Tier 2 gave way, so what it lacks is what
     * Tier 2 took since, and a decrease may give back just that ({@code Tier1FirstLaw#decrease}). A station that
     * wants more (its demand grew) or has no reference needs the halving: lab dynamic demand at {@code c61a686}, a
     * step up from 10.5 to 30 Mb/s while Tier 2 had grown from 14.3 to 14.8 Mb/s went back to 14.4 Mb/s, and the
     * step took 4 cycles to be served instead of 2.
     *
     * @param in     the cycle's signal inputs
     * @param ap     AP index
     * @param key    AP and direction
     * @param before what the law remembers from the last cycle here
     * @return true when none wants more than its reference
     */
    public static boolean withinReferences(SignalInputs in, int ap, ApDirection key, LawMemory before) {
        for (StationLoad l : in.stations(key)) {
            if (in.carriesTier2(ap, key.direction(), l) || !backlogged(l)) {
                continue;
            }
            Long ref = l.ueId().isPresent() ? before.tier1References().get(l.ueId().get()) : null;
            if (ref == null || l.sentBps() < 0 || l.sentBps() > (1.0 + TOLERANCE) * ref) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether any Tier-1 station of an AP direction is backlogged.
     *
     * @param in  the cycle's signal inputs
     * @param ap  AP index
     * @param key AP and direction
     * @return true when one is
     */
    public static boolean anyBacklogged(SignalInputs in, int ap, ApDirection key) {
        for (StationLoad l : in.stations(key)) {
            if (!in.carriesTier2(ap, key.direction(), l) && backlogged(l)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether any Tier-1 station of an AP direction dropped packets over the window: its queue reached its limit,
     * so the medium was not idle for it, and a TCP sender that lost packets sends less for a while (cubic regrows
     * its window over seconds) although it is short. Tier 2 then does not grow. Lab at {@code 29acd3a}: with Tier 2
     * at its floor on LTE, greedy single-path stations that had just dropped 1-14 packets were busy in only 0.55-0.6
     * of the next window at 18-20 of their 23 Mb/s, read as served, and Tier 2 grew from the floor to 2.7-4.5 Mb/s
     * (prototype run 1 at 21 s, radio event run 1 at 25 s, idle capacity run 1 at 11 and 25 s); each such increase
     * was undone by two or three decreases while they were short.
     *
     * @param in  the cycle's signal inputs
     * @param ap  AP index
     * @param key AP and direction
     * @return true when one dropped
     */
    public static boolean anyDropped(SignalInputs in, int ap, ApDirection key) {
        for (StationLoad l : in.stations(key)) {
            if (!in.carriesTier2(ap, key.direction(), l) && l.droppedBps() > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a decrease showed a station served in this window: the last cycle's decrease gave back at least
     * {@link Tier1FirstLaw#DRAIN_GAIN} of what the station sent then ({@link #atDecrease}), and it now sends less
     * than {@link Tier1FirstLaw#DRAIN_GAIN} more than then. A station Tier 2 squeezed takes the air time given back.
     *
     * @param l          the station's reading in this window
     * @param atDecrease what each station sent over the window of the last cycle's decrease
     * @return true when it did not take more
     */
    static boolean shownServed(StationLoad l, Map<String, Long> atDecrease) {
        Long at = l.ueId().isPresent() ? atDecrease.get(l.ueId().get()) : null;
        return at != null && l.sentBps() >= 0 && l.sentBps() < at * (1.0 + Tier1FirstLaw.DRAIN_GAIN);
    }

    /**
     * What the Tier-1 stations of an AP direction sent over the window of a decrease, each one for which the decrease
     * gave back at least {@link Tier1FirstLaw#DRAIN_GAIN} of its rate: the stations the next window can show served
     * ({@link #shownServed}). A smaller decrease shows nothing: in the lab's radio event a greedy LTE station
     * squeezed to 20 of its 23 Mb/s by a 2.2-Mb/s Tier 2 could gain at most 1.1 Mb/s from a halving, less than
     * that spread. A station not backlogged at the decrease is tested too: it is the one whose queue holds packets
     * once Tier 2 grows again (lab idle capacity, LTE: a paced station busy in 0.45 of the decrease's window and
     * 0.75 of a later one held Tier 2 back without a reference).
     *
     * @param in       the cycle's signal inputs
     * @param ap       AP index
     * @param key      AP and direction
     * @param freedBps what the decrease gave back: Tier 2's rate (or its limit, when lower or unknown) less the new
     *                 limit, bit/s
     * @return device id to bit/s, ordered by id; empty when none
     */
    public static Map<String, Long> atDecrease(SignalInputs in, int ap, ApDirection key, long freedBps) {
        Map<String, Long> out = new TreeMap<>();
        for (StationLoad l : in.stations(key)) {
            if (!in.carriesTier2(ap, key.direction(), l) && l.ueId().isPresent() && l.sentBps() > 0
                    && Tier1FirstLaw.DRAIN_GAIN * l.sentBps() <= freedBps) {
                out.merge(l.ueId().get(), l.sentBps(), Math::min);
            }
        }
        return out;
    }

    /**
     * The reference rates for the next cycle: with Tier 2 held at its floor over this window, what each Tier-1
     * station sent; for a station shown served in this window ({@link #shownServed}), what it sent, backlogged or
     * not (lab idle capacity: paced stations busy in 0.5-0.6 of the window after a halving, 0.75-1.0 near the full
     * point); otherwise the ones remembered. Stations gone from the report, or carrying Tier 2 now, are forgotten.
     *
     * @param in         the cycle's signal inputs
     * @param ap         AP index
     * @param key        AP and direction
     * @param before     what the law remembers from the last cycle here
     * @param tier2Floor whether Tier 2 was held at its floor over this window
     * @return device id to bit/s, ordered by id
     */
    public static Map<String, Long> references(SignalInputs in, int ap, ApDirection key, LawMemory before,
                                               boolean tier2Floor) {
        Map<String, Long> out = new TreeMap<>();
        for (StationLoad l : in.stations(key)) {
            if (in.carriesTier2(ap, key.direction(), l) || l.ueId().isEmpty() || l.sentBps() < 0) {
                continue;
            }
            String id = l.ueId().get();
            if (tier2Floor || shownServed(l, before.tier1AtDecrease())) {
                out.merge(id, l.sentBps(), Math::max);
            } else if (before.tier1References().containsKey(id)) {
                out.putIfAbsent(id, before.tier1References().get(id));
            }
        }
        return out;
    }
}
