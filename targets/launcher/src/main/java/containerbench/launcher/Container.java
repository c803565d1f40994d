package containerbench.launcher;

import java.util.List;
import java.util.Map;

/**
 * A servlet container serving the login servlet or a WAR of the user's. Each launcher module provides exactly
 * one, registered for {@link java.util.ServiceLoader}, so one {@link TargetMain} starts them all.
 */
public interface Container {

    /** The name used on the command line and in results: {@code tomcat}, {@code undertow}. */
    String name();

    /** The container's own version, read from its jars. */
    String version();

    /** Every knob this container accepts, in the order {@code --help} lists them. */
    List<Knob> knobs();

    /** Whether it deploys a WAR of the user's ({@code -Dapp.war}); embedded Undertow serves servlets registered in code only. */
    default boolean deploysWars() {
        return true;
    }

    /**
     * Whether it serves the login servlet: every container but the one that runs an executable jar of
     * the user's, which is its own server.
     */
    default boolean servesLogin() {
        return true;
    }

    /**
     * Whether it is a standalone server: a distribution started with its own scripts, in a process
     * group of its own, whose JVM is not the launcher's ({@code server.pid}).
     */
    default boolean standalone() {
        return false;
    }

    /**
     * What the container is on disk, for its size: an embedded container's class path (this JVM's,
     * which holds only its own jars); a standalone server's distribution.
     */
    default java.util.List<java.nio.file.Path> installed() {
        return java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(entry -> !entry.isEmpty()).map(java.nio.file.Path::of).toList();
    }

    /**
     * Starts serving the application; returns once it is deployed, and fails when it is not.
     *
     * @param knobs a value for every knob that has one (given or default), already checked
     * @throws java.net.BindException when the address or port cannot be bound
     */
    Server start(String host, int port, Map<String, String> knobs, Application application) throws Exception;

    /**
     * Starts serving over {@code transport}. Only a container that declares {@link Transport#knob()}
     * is ever asked for TLS (the option parser refuses {@code --http} elsewhere); it overrides this.
     */
    default Server start(String host, int port, Map<String, String> knobs, Application application, Transport transport)
            throws Exception {
        if (transport.tls()) {
            throw new IllegalArgumentException(name() + " serves cleartext HTTP/1.1 only here, not " + transport.http());
        }
        return start(host, port, knobs, application);
    }

    /** A started container. */
    interface Server extends AutoCloseable {

        /** The port it listens on (the real one when 0 was asked for). */
        int port();

        /** Every knob as the container now holds it, including defaults it chose itself. */
        Map<String, String> effectiveSettings();

        /**
         * What else the harness should know, printed with the launcher's own facts and winning over
         * them: for a standalone server, {@code server.pid} (the JVM to sample) and its Java.
         */
        default Map<String, String> facts() {
            return Map.of();
        }

        @Override
        void close() throws Exception;
    }
}
