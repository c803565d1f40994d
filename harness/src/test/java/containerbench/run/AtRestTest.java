package containerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtRestTest {

    @Test
    void aContainersSizeOnDiskIsEveryFileUnderItsPaths(@TempDir Path dir) throws Exception {
        Path jar = Files.write(dir.resolve("a.jar"), new byte[1000]);
        Path classes = Files.createDirectories(dir.resolve("classes/containerbench"));
        Files.write(classes.resolve("A.class"), new byte[200]);
        Files.write(classes.resolve("B.class"), new byte[30]);
        String installed = String.join(File.pathSeparator, jar.toString(), dir.resolve("classes").toString(),
                dir.resolve("gone.jar").toString());
        assertEquals(1230L, AtRest.diskBytes(installed), "a jar, a folder's files, and nothing for a path that is not there");
        assertNull(AtRest.diskBytes(null), "a target that did not say what it is on disk");
        assertNull(AtRest.diskBytes(" "));
    }

    @Test
    void eachLaunchStartsItsTargetsOneAtATimeTheOrderTurnedByOne() {
        assertEquals(List.of(0, 1, 2), Launches.startOrder(3, 0));
        assertEquals(List.of(1, 2, 0), Launches.startOrder(3, 1));
        assertEquals(List.of(2, 0, 1), Launches.startOrder(3, 2));
        assertEquals(List.of(1, 0), Launches.startOrder(2, 1));
        assertEquals(List.of(0), Launches.startOrder(1, 2));
    }
}
