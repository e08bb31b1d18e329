package org.mpsdn.sim.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.Measurements;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.StationLoad;

import java.io.IOException;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/** The station readings of a cycle: the optional rate each station was served at ({@code "sent"}). */
public class StationReadingsTest {
    private static final ApDirection WIFI0_DOWN = new ApDirection("wifi0", Direction.DOWNLINK);

    private final ObjectMapper mapper = new ObjectMapper();

    private JsonNode cycle(String stations) throws IOException {
        return mapper.readTree("{\"stations\":[" + stations + "]}");
    }

    private static String station(String ue, String sent) {
        return "{\"ap\":\"wifi0\",\"dir\":\"DOWNLINK\",\"ue\":\"" + ue + "\",\"occ\":0.5"
                + (sent == null ? "" : ",\"sent\":" + sent) + "}";
    }

    private static List<StationLoad> read(JsonNode cycle, StationReadings r) {
        Measurements.Builder m = Measurements.builder().occupancy(WIFI0_DOWN, 0.9);
        r.read(cycle, m);
        return m.build().stations().getOrDefault(WIFI0_DOWN, List.of());
    }

    @Test
    public void sentIsTheStationsRateAndAbsentIsUnknown() throws IOException {
        StationReadings r = new StationReadings();
        List<StationLoad> loads = read(cycle(station("ue0", "2500000") + "," + station("ue1", "1.2e6") + ","
                + station("ue2", "0") + "," + station("ue3", null) + "," + station("ue4", "null")), r);
        assertEquals(List.of(new StationLoad("ue0", 0.5, 2_500_000L), new StationLoad("ue1", 0.5, 1_200_000L),
                new StationLoad("ue2", 0.5, 0L), new StationLoad("ue3", 0.5, StationLoad.UNKNOWN),
                new StationLoad("ue4", 0.5, StationLoad.UNKNOWN)), loads);
        assertEquals(0, r.invalid());
        assertNull(r.firstError());
    }

    @Test
    public void aNegativeOrNonNumericSentSkipsTheEntryAndIsCounted() throws IOException {
        StationReadings r = new StationReadings();
        List<StationLoad> loads = read(cycle(station("ue0", "1000") + "," + station("ue1", "-1") + ","
                + station("ue2", "\"fast\"") + "," + station("ue3", "-0.5")), r);
        assertEquals(List.of(new StationLoad("ue0", 0.5, 1000L)), loads);
        assertEquals(3, r.invalid());
        assertTrue(r.firstError(), r.firstError().startsWith("stations[1]: "));
        assertTrue(r.firstError(), r.firstError().contains("'sent'") && r.firstError().contains("-1"));
    }

    @Test
    public void aNanSentSkipsTheEntry() throws IOException {
        JsonNode c = cycle(station("ue0", null) + "," + station("ue1", "5"));
        ((ObjectNode) c.get("stations").get(0)).put("sent", Double.NaN); // JSON text cannot carry NaN
        StationReadings r = new StationReadings();
        assertEquals(List.of(new StationLoad("ue1", 0.5, 5L)), read(c, r));
        assertEquals(1, r.invalid());
        assertTrue(r.firstError(), r.firstError().startsWith("stations[0]: ") && r.firstError().contains("'sent'"));
    }
}
