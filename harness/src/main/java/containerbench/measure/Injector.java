package containerbench.measure;

/**
 * The load generator's side: Gatling and its JVM.
 *
 * @param transport Netty's I/O under Gatling: {@code io_uring}, {@code epoll} or {@code nio}
 * @param eventLoops Netty event loop threads, Gatling's two per CPU seen at start unless set
 * @param client the other client that sent the measured load, as it names its version ({@code wrk debian/4.1.0-3+b2},
 *     {@code -Dclient}), its CPU counted as the injector's; {@code null} where Gatling sent it
 */
public record Injector(String gatlingVersion, String java, int cpus, String jvmArgs, String transport, int eventLoops,
        String client) {

    /** Gatling's JVM, which sent the load. */
    public Injector(String gatlingVersion, String java, int cpus, String jvmArgs, String transport, int eventLoops) {
        this(gatlingVersion, java, cpus, jvmArgs, transport, eventLoops, null);
    }

    /** The same JVM, the measured load sent by {@code client} instead. */
    public Injector withClient(String client) {
        return new Injector(gatlingVersion, java, cpus, jvmArgs, transport, eventLoops, client);
    }
}
