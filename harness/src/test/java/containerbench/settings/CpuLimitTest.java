package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CpuLimitTest {

    @Test
    void aLimitInCpusBecomesAQuotaPerPeriod() {
        CpuLimit half = CpuLimit.from(Given.maven(Map.of("target.cpuLimit", "0.5")), 2);
        assertEquals(new CpuLimit(0.5, 100), half);
        assertEquals(50_000, half.quotaMicros());
        assertEquals(100_000, half.periodMicros());
        assertEquals(5_000, CpuLimit.from(Given.maven(Map.of("target.cpuLimit", "0.5", "target.cpuPeriodMs", "10")), 2).quotaMicros());
        assertNull(CpuLimit.from(Given.maven(Map.of()), 2), "no limit unless asked");
    }

    @ParameterizedTest(name = "{0} with period {1}")
    @CsvSource(delimiter = '|', value = {
        "half  | 100  | bad value -Dtarget.cpuLimit=half: target.cpuLimit accepts a number of CPUs above 0, such as 0.5 or 1.5",
        "0     | 100  | bad value -Dtarget.cpuLimit=0: target.cpuLimit accepts a number of CPUs above 0, such as 0.5 or 1.5, here at most 2, and at least 1 ms per period (100 ms)",
        "3     | 100  | bad value -Dtarget.cpuLimit=3: target.cpuLimit accepts a number of CPUs above 0, such as 0.5 or 1.5, here at most 2, and at least 1 ms per period (100 ms)",
        "0.5   | 1    | bad value -Dtarget.cpuLimit=0.5: target.cpuLimit accepts a number of CPUs above 0, such as 0.5 or 1.5, here at most 2, and at least 1 ms per period (1 ms)",
        "0.5   | 2000 | bad value -Dtarget.cpuPeriodMs=2000: target.cpuPeriodMs accepts a whole number of milliseconds from 1 to 1000",
    })
    void aBadLimitOrPeriodIsNamed(String limit, String period, String message) {
        assertEquals(message, assertThrows(SettingException.class,
                () -> CpuLimit.from(Given.maven(Map.of("target.cpuLimit", limit, "target.cpuPeriodMs", period)), 2)).getMessage());
    }

    @Test
    void aPeriodWithoutALimitIsRefused() {
        assertEquals("-Dtarget.cpuPeriodMs is the period of -Dtarget.cpuLimit, which is not set",
                assertThrows(SettingException.class, () -> CpuLimit.from(Given.maven(Map.of("target.cpuPeriodMs", "10")), 2)).getMessage());
    }
}
