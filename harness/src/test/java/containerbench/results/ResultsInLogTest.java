package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results files through a log: whole among other lines, refused when cut short or altered. */
class ResultsInLogTest {

    @Test
    void filesComeBackWholeFromAmongTheLogsOtherLines(@TempDir Path dir) throws Exception {
        byte[] big = new byte[200_000];
        new Random(7).nextBytes(big);
        Path first = Files.write(dir.resolve("tomcat-injector0-20261203-100000.json"), "{\"schema\": 9}".getBytes(StandardCharsets.UTF_8));
        Path second = Files.write(dir.resolve("other.json"), big);
        String log = "Gatling starts\n" + printed(first) + "a line between\n" + printed(second) + "Gatling ends\n";

        Map<String, byte[]> read = ResultsInLog.read(log);

        assertEquals(List.of(first.getFileName().toString(), "other.json"), List.copyOf(read.keySet()));
        assertArrayEquals(Files.readAllBytes(first), read.get(first.getFileName().toString()));
        assertArrayEquals(big, read.get("other.json"));
        assertTrue(ResultsInLog.read("no results here\n").isEmpty());
    }

    @Test
    void aLogCutShortOrAlteredIsRefused(@TempDir Path dir) throws Exception {
        byte[] content = new byte[10_000];
        new Random(3).nextBytes(content);
        String printed = printed(Files.write(dir.resolve("run.json"), content));

        String cut = printed.substring(0, printed.length() / 2);
        assertEquals("the results file run.json is cut short in the log (no end line)",
                assertThrows(IllegalStateException.class, () -> ResultsInLog.read(cut)).getMessage());

        String[] header = printed.lines().findFirst().orElseThrow().split(" ");
        String altered = printed.replace(header[3], "0".repeat(64));
        assertTrue(assertThrows(IllegalStateException.class, () -> ResultsInLog.read(altered)).getMessage()
                .startsWith("the results file run.json differs from what was printed"));
    }

    private static String printed(Path file) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResultsInLog.print(file, new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}
