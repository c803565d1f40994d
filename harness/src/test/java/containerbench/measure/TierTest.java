package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A tier as a value: told apart by load, unit and repeat; its text made and read back in one place. */
class TierTest {

    @Test
    void itsTextIsWhatTheResultsFilesHaveAlwaysSaidAndReadsBack() {
        assertEquals("500 users", Tier.users(500).toString());
        assertEquals("2000 req/s", Tier.rate(2000).toString());
        assertEquals("100 users #2", new Tier(100, Tier.Unit.USERS, 2).toString());
        for (Tier tier : List.of(Tier.users(500), Tier.rate(2000), new Tier(100, Tier.Unit.USERS, 2), new Tier(8, Tier.Unit.RATE, 3))) {
            assertEquals(tier, Tier.parse(tier.toString()));
        }
        assertTrue(Tier.rate(2000).open());
        assertFalse(Tier.users(2000).open());
        assertNotEquals(Tier.users(100), Tier.rate(100), "100 users are not 100 arrivals a second");
        assertNotEquals(Tier.users(100), new Tier(100, Tier.Unit.USERS, 2), "a repeat is a tier of its own");
    }

    @Test
    void theJsonWriterAndReaderUseThatText() throws Exception {
        ObjectMapper json = new ObjectMapper();
        assertEquals("\"500 users #2\"", json.writeValueAsString(new Tier(500, Tier.Unit.USERS, 2)));
        assertEquals(Tier.rate(400), json.readValue("\"400 req/s\"", Tier.class));
    }

    @Test
    void textThatNamesNoTierIsRefusedNamingIt() {
        for (String text : List.of("warm-up", "500 user", "500 users #", "users 500", "")) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> Tier.parse(text));
            assertEquals("not a tier: \"" + text + "\" (a tier reads \"500 users\", \"2000 req/s\" or \"500 users #2\")", error.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new Tier(100, Tier.Unit.USERS, 0));
    }
}
