package containerbench.measure;

/**
 * The load generator's side: Gatling and its JVM.
 *
 * @param transport Netty's I/O under Gatling: {@code io_uring}, {@code epoll} or {@code nio}
 * @param eventLoops Netty event loop threads, Gatling's two per CPU seen at start unless set
 */
public record Injector(String gatlingVersion, String java, int cpus, String jvmArgs, String transport, int eventLoops) {
}
