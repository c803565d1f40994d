package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InjectorLimitTest {

    @Test
    void pinnedToItsOwnCoresGatlingIsLimitedWhenItFillsThem() {
        assertTrue(InjectorLimit.limited(95, 1, 100), "one core of its own at 95%, the target's core idle: it could not have more");
        assertFalse(InjectorLimit.limited(70, 1, 100));
        assertTrue(InjectorLimit.limited(185, 2, -1), "the machine's idle unknown: its cores alone decide");
    }

    @Test
    void sharingTheTargetsCoresGatlingIsLimitedWhenTheMachineLeftItNoMore() {
        // This project's machine unpinned at 100 users: Gatling 95% of a core, the target the other, 2% of 2 cores idle.
        assertTrue(InjectorLimit.limited(95, 2, 4), "95 of the 99 it could have had");
        // The same with the target under a CPU limit of half a core: a core lay idle that Gatling did not take.
        assertFalse(InjectorLimit.limited(50, 2, 100), "50 of the 150 it could have had");
        assertFalse(InjectorLimit.limited(0, 2, 0), "a Gatling that used no CPU sent nothing and limited nothing");
    }
}
