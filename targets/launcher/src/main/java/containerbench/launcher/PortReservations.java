package containerbench.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for a standalone server that must be told them before it starts, and binds them seconds
 * later (Payara 13 s into its start). A port found free by binding port 0 and letting it go is
 * neither safe from the kernel, which hands the same range to every outgoing connection (Gatling's
 * thousands, on loopback), nor from another launcher starting beside this one: a Payara started next
 * to three other servers failed with "Address already in use". So a port is taken below the kernel's
 * ephemeral range, and reserved for this launcher's life in a folder every launcher of the machine
 * consults under one file lock; a reservation whose launcher has ended is free again.
 */
final class PortReservations {

    /** The lowest port handed out: below it lie the well-known services' ports. */
    static final int LOWEST = 10_000;

    private static final Path FOLDER = Path.of(System.getProperty("java.io.tmpdir"), "container-bench-ports");

    private PortReservations() {
    }

    /** A port free on {@code host}, below the ephemeral range and reserved by no running launcher; now reserved by this one. */
    static int reserve(String host) throws IOException {
        int ceiling = ephemeralLow();
        if (ceiling - LOWEST < 1000) {
            return bindZero(host);
        }
        return reserve(host, FOLDER, LOWEST, ceiling);
    }

    /** A port from {@code lowest} to {@code ceiling - 1}, reserved in {@code folder}: tried from a random one on, so that launchers rarely meet. */
    static int reserve(String host, Path folder, int lowest, int ceiling) throws IOException {
        Files.createDirectories(folder);
        long self = ProcessHandle.current().pid();
        try (FileChannel channel = FileChannel.open(folder.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = channel.lock()) {
            int span = ceiling - lowest;
            int start = ThreadLocalRandom.current().nextInt(span);
            for (int i = 0; i < span; i++) {
                int port = lowest + (start + i) % span;
                Path reservation = folder.resolve(Integer.toString(port));
                if (held(reservation) || !bindable(host, port)) {
                    continue;
                }
                Files.writeString(reservation, Long.toString(self));
                return port;
            }
        }
        throw new IOException("no port free on " + host + " from " + lowest + " to " + (ceiling - 1) + " (reservations in " + folder + ")");
    }

    /** Whether a running launcher, this one included, holds the reservation; one whose launcher ended is deleted. */
    private static boolean held(Path reservation) throws IOException {
        try {
            long pid = Long.parseLong(Files.readString(reservation, StandardCharsets.US_ASCII).trim());
            if (ProcessHandle.of(pid).isPresent()) {
                return true;
            }
            Files.deleteIfExists(reservation);
            return false;
        } catch (NoSuchFileException e) {
            return false;
        } catch (NumberFormatException e) {
            Files.deleteIfExists(reservation);
            return false;
        }
    }

    private static boolean bindable(String host, int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(host))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int bindZero(String host) throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return socket.getLocalPort();
        }
    }

    /** The first port of the kernel's range for outgoing connections: 32768 unless the machine says otherwise. */
    private static int ephemeralLow() {
        try {
            // Read line by line: Files.readString of this /proc file returned its first byte alone (Java 17).
            return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }
}
