package org.mpsdn.impl.detect;

import org.junit.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A list with bad entries every cycle is logged once with the count, again only when the count
 * changes or the reminder is due, and once when it is clean again.
 */
public class RejectedEntriesLogTest {
    private final List<String> warnings = new ArrayList<>();
    private final List<String> infos = new ArrayList<>();
    private final RejectedEntriesLog log = new RejectedEntriesLog(warnings::add, infos::add, 600_000);

    @Test
    public void loggedOnceThenOnChangeReminderAndEnd() {
        for (int cycle = 0; cycle < 100; cycle++) {
            log.rejected("Station list of lte", 2, "IP 10.0.2.2: malformed MAC 'x'", cycle * 2000L);
        }
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0), warnings.get(0).startsWith("Station list of lte: 2 bad entries ignored, e.g. "
                + "IP 10.0.2.2: malformed MAC 'x'"));
        log.rejected("Station list of lte", 3, "IP 10.0.2.3: malformed IP", 200_000);
        assertEquals(2, warnings.size());
        assertEquals("Station list of lte: now 3 bad entries ignored (was 2 in the 100 lists before), e.g. "
                + "IP 10.0.2.3: malformed IP", warnings.get(1));
        log.rejected("Station list of lte", 3, "same", 799_999);
        assertEquals(2, warnings.size());
        log.rejected("Station list of lte", 3, "same", 800_000);
        assertEquals("Station list of lte: still 3 bad entries ignored in each of the 2 lists since last logged,"
                + " e.g. same", warnings.get(2));
        // another source is independent
        log.rejected("Station list of wifi", 1, "IP 10.0.1.2: malformed MAC 'y'", 800_000);
        assertEquals(4, warnings.size());
        assertTrue(warnings.get(3).startsWith("Station list of wifi: 1 bad entry ignored"));
        log.clean("Station list of lte");
        log.clean("Station list of lte");
        assertEquals(List.of("Station list of lte: no bad entry any more (after 103 lists with bad entries)"), infos);
        log.rejected("Station list of lte", 3, "again", 900_000);
        assertEquals(5, warnings.size());
    }
}
