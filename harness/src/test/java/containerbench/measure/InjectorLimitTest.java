package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class InjectorLimitTest {

    @Test
    void pinnedToItsOwnCoresGatlingIsLimitedWhenItFillsThem() {
        assertTrue(InjectorLimit.limited(95, 1, 30.0), "one core of its own at 95%: it could not have more");
        assertFalse(InjectorLimit.limited(70, 1, 30.0));
        assertTrue(InjectorLimit.limited(185, 2, null), "its threads unknown: its cores alone decide");
    }

    @Test
    void oneOfItsThreadsAtAFullCoreLimitsItHoweverIdleTheRestIs() {
        assertTrue(InjectorLimit.limited(110, 2, 92.0), "an event loop at 92% of a core, a core and a half idle");
        assertFalse(InjectorLimit.limited(110, 2, 89.0));
    }

    @Test
    void sharingAMachineThatTargetAndGatlingFillIsNotGatlingsLimit() {
        // This project's machine unpinned at 100 users: Gatling 115% of a core over four event loops, the
        // target the rest, 2% of 2 cores idle. The rule of schemas 7 to 10 called that limited.
        assertFalse(InjectorLimit.limited(115, 2, 34.0), "the machine is full, Gatling is not at its limit");
        assertTrue(InjectorLimit.tookAllItCould(115, 2, 4), "115 of the 119 it could have had, by the older rule");
        assertFalse(InjectorLimit.tookAllItCould(50, 2, 100), "50 of the 150 it could have had");
        assertFalse(InjectorLimit.tookAllItCould(0, 2, 0), "a Gatling that used no CPU sent nothing and limited nothing");
    }

    @Test
    void aTierIsLimitedFromAQuarterOfItsBlocks() {
        BlockResult free = new BlockResult(Tier.users(100), 100, 0, "tomcat", 0, 2000, 10, 10, 0, 5, BlockCpu.unknown(), false, null, null);
        BlockResult limited = free.withInjectorLimited(true);
        assertFalse(InjectorLimit.limitedTier(List.of(limited, free, free, free, free)), "one of five: a pause, not the tier");
        assertTrue(InjectorLimit.limitedTier(List.of(limited, free, free, free)), "one of four");
        assertFalse(InjectorLimit.limitedTier(List.of()));
    }
}
