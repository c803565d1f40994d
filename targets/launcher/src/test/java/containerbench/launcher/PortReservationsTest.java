package containerbench.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortReservationsTest {

    @Test
    void portsAreBelowTheEphemeralRangeBindableAndNeverHandedOutTwiceWhileTheirLauncherLives() throws Exception {
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            int port = ServerProcess.freePort("127.0.0.1", 0);
            assertTrue(port >= PortReservations.LOWEST && port < 32_768, "below the kernel's range: " + port);
            assertTrue(ports.add(port), "handed out twice: " + port);
            Path reservation = Path.of(System.getProperty("java.io.tmpdir"), "container-bench-ports", Integer.toString(port));
            assertEquals(Long.toString(ProcessHandle.current().pid()), Files.readString(reservation), "reserved for this launcher");
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
                assertEquals(port, socket.getLocalPort());
            }
        }
    }

    @Test
    void aRangeOnceFullRefusesNamingItAndAReservationWhoseLauncherEndedIsFreeAgain(@TempDir Path folder) throws Exception {
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            ports.add(PortReservations.reserve("127.0.0.1", folder, 23_470, 23_474));
        }
        assertEquals(Set.of(23_470, 23_471, 23_472, 23_473), ports, "each port of the range once");
        IOException full = assertThrows(IOException.class, () -> PortReservations.reserve("127.0.0.1", folder, 23_470, 23_474));
        assertEquals("no port free on 127.0.0.1 from 23470 to 23473 (reservations in " + folder + ")", full.getMessage());
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        Files.writeString(folder.resolve("23472"), Long.toString(ended.pid()));
        assertEquals(23_472, PortReservations.reserve("127.0.0.1", folder, 23_470, 23_474), "its launcher ended: free again");
        assertEquals(Long.toString(ProcessHandle.current().pid()), Files.readString(folder.resolve("23472")));
    }
}
