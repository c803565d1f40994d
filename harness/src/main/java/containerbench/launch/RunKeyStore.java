package containerbench.launch;

import containerbench.launcher.Transport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The run's one TLS key and certificate, which every target of the run serves (h1-tls, h2), so that
 * no container's own certificate decides what a handshake costs: RSA 2048, self-signed, named
 * localhost and 127.0.0.1 (Jetty checks the name a client asks for against it), made with the
 * JDK's keytool the first time a target of the run needs it, kept for every launch of the run,
 * and deleted when the run's JVM exits (one left by a killed JVM is made anew, never reused). Its password guards nothing: a throwaway key of a benchmark.
 */
public final class RunKeyStore {

    public static final String PASSWORD = "container-bench";

    /** The key, as the results name it. */
    public static final String KEY = "RSA 2048";

    private RunKeyStore() {
    }

    /** The key store of this run (this JVM) in {@code folder}, made if it is not there yet. */
    public static synchronized Path in(Path folder) {
        Path file = folder.resolve("tls-" + ProcessHandle.current().pid() + ".p12");
        if (Files.exists(file)) {
            if (madeByThisJvm(file)) {
                return file;
            }
            // Left by an earlier JVM of the same pid that was killed before it could delete it.
            try {
                Files.delete(file);
            } catch (IOException e) {
                throw new IllegalStateException("cannot remove an earlier run's TLS key " + file + ": " + e.getMessage(), e);
            }
        }
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair",
                "-alias", Transport.ALIAS, "-keyalg", "RSA", "-keysize", "2048", "-validity", "7", "-dname", "CN=localhost",
                "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12", "-keystore", file.toString(),
                "-storepass", PASSWORD, "-keypass", PASSWORD);
        try {
            Files.createDirectories(folder);
            Process keytool = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(keytool.getInputStream().readAllBytes());
            if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0 || !Files.exists(file)) {
                throw new IllegalStateException("keytool could not make the run's TLS key in " + file + ": " + output.strip());
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run the JDK's keytool to make the run's TLS key: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while making the run's TLS key", e);
        }
        file.toFile().deleteOnExit();
        return file;
    }

    private static boolean madeByThisJvm(Path file) {
        try {
            java.time.Instant started = ProcessHandle.current().info().startInstant().orElse(java.time.Instant.EPOCH);
            return !Files.getLastModifiedTime(file).toInstant().isBefore(started);
        } catch (IOException e) {
            return false;
        }
    }
}
