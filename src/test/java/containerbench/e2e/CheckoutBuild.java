package containerbench.e2e;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The right to run Maven in this checkout, held by one test at a time across the test JVMs. Every
 * {@code mvn gatling:test} (a test's own, or one that ./bench starts per run) walks every module's
 * compile again, and a build that decides a module changed deletes its classes and writes them anew
 * while another may be reading them. CI on 2026-12-07 failed so: FaultsIT's build, compiling
 * tomcat-target's tests, found its TomcatTarget.class gone. What made a build recompile there is not
 * known (four pairs of builds at once here recompiled nothing); one build at a time rules it out.
 */
final class CheckoutBuild implements AutoCloseable {

    private static final Path LOCK = Runs.ROOT.resolve("target/e2e/maven.lock");

    // A file lock is held by the JVM, not the thread: within one JVM a semaphore keeps the turns.
    private static final Semaphore IN_THIS_JVM = new Semaphore(1);

    private final FileChannel channel;
    private final AtomicBoolean released = new AtomicBoolean();

    private CheckoutBuild(FileChannel channel) {
        this.channel = channel;
    }

    /** Waits until no other test runs Maven in the checkout, then holds the right until {@link #close}. */
    static CheckoutBuild hold(String what) throws IOException, InterruptedException {
        long start = System.nanoTime();
        IN_THIS_JVM.acquire();
        try {
            Files.createDirectories(LOCK.getParent());
            FileChannel channel = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                FileLock ignored = channel.lock();
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
            long waited = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            if (waited > 0) {
                System.out.println(what + " waited " + waited + " s for another test's Maven build of the checkout");
            }
            return new CheckoutBuild(channel);
        } catch (IOException | RuntimeException e) {
            IN_THIS_JVM.release();
            throw e;
        }
    }

    /** Releases the right (once, however often called): closing the channel releases its lock. */
    @Override
    public void close() throws IOException {
        if (released.getAndSet(true)) {
            return;
        }
        try {
            channel.close();
        } finally {
            IN_THIS_JVM.release();
        }
    }
}
