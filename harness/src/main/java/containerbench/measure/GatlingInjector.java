package containerbench.measure;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Describes the Gatling JVM this code runs in: Gatling's version, its JVM, and how Netty moves its bytes. */
public final class GatlingInjector {

    private GatlingInjector() {
    }

    public static Injector inspect() {
        String version = io.gatling.javaapi.core.Simulation.class.getPackage().getImplementationVersion();
        return new Injector(version == null ? "unknown" : version, System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(),
                String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()), transport(), eventLoops());
    }

    /** Gatling leaves the count to Netty: io.netty.eventLoopThreads, else two per CPU at its start. */
    public static int eventLoops() {
        return Integer.getInteger("io.netty.eventLoopThreads", 2 * io.netty.util.NettyRuntime.availableProcessors());
    }

    /**
     * What Gatling's Netty reads and writes sockets with: io_uring when gatling.conf asks for it
     * and the kernel allows it (its rings show among this JVM's files), else epoll, else Java NIO.
     * A ring is the kernel's anonymous inode: the io_uring jars on the class path, open too, are not.
     */
    private static String transport() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            if (fds.anyMatch(GatlingInjector::isIoUring)) {
                return "io_uring";
            }
        } catch (IOException | UnsupportedOperationException notLinux) {
            // no /proc: not Linux, so neither io_uring nor epoll
            return "nio";
        }
        return io.netty.channel.epoll.Epoll.isAvailable() ? "epoll" : "nio";
    }

    private static boolean isIoUring(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString().equals("anon_inode:[io_uring]");
        } catch (IOException closedMeanwhile) {
            return false;
        }
    }
}
