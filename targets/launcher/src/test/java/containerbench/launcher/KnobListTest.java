package containerbench.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KnobListTest {

    @Test
    void aFileThatSaysTheSameIsLeftAloneAndAChangedOneReplacedWhole(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("knobs.txt");
        KnobList.writeIfChanged(file, "a\n");
        FileTime old = FileTime.fromMillis(0);
        Files.setLastModifiedTime(file, old);
        KnobList.writeIfChanged(file, "a\n");
        assertEquals(old, Files.getLastModifiedTime(file), "not written again");
        KnobList.writeIfChanged(file, "b\n");
        assertEquals("b\n", Files.readString(file));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no file of the write left beside it");
        }
    }
}
