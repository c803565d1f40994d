package containerbench.boot;

import containerbench.launcher.Application;
import containerbench.launcher.Container;
import containerbench.launcher.Knob;
import containerbench.launcher.Transport;
import java.net.BindException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The login servlet in a Spring Boot application ({@link LoginApplication}) on one of Boot's embedded
 * servers, started in this launcher's JVM from the module's own classes and jars, as Boot runs an
 * extracted application ({@code java -Djarmode=tools -jar app.jar extract}, Boot's advice for
 * production) or from an IDE. Every knob is one of Boot's {@code server.*} properties under its own
 * name, handed to Boot as a command-line property, which no file or default of Boot's outranks.
 *
 * <p>Not {@code java -jar} of the module's executable jar (it packages one for that): a second JVM
 * would only add the nested-jar class loader, which costs at start-up and not per request, and each
 * of the run's builds would rewrite the jar while another run's target reads it.
 */
public abstract class BootTarget implements Container {

    private final String name;
    private final String server;
    private final List<Knob> knobs;
    /** What Boot and its server use for a knob given no value, as Boot's documentation states it. */
    private final Map<String, String> bootDefaults;

    protected BootTarget(String name, String server, List<Knob> knobs, Map<String, String> bootDefaults) {
        this.name = name;
        this.server = server;
        this.knobs = List.copyOf(knobs);
        this.bootDefaults = Map.copyOf(bootDefaults);
    }

    @Override
    public final String name() {
        return name;
    }

    /** Boot's version, then its server's: {@code 4.0.7 (Tomcat 11.0.22)}. */
    @Override
    public final String version() {
        return SpringBootVersion.getVersion() + " (" + server + " " + serverVersion() + ")";
    }

    /** The embedded server's version, read from its jars. */
    protected abstract String serverVersion();

    @Override
    public final List<Knob> knobs() {
        return knobs;
    }

    /** Boot builds the application from its own classes: no WAR of the user's. */
    @Override
    public final boolean deploysWars() {
        return false;
    }

    @Override
    public final Server start(String host, int port, Map<String, String> knobs, Application application) throws Exception {
        return start(host, port, knobs, application, Transport.CLEARTEXT);
    }

    @Override
    public final Server start(String host, int port, Map<String, String> knobs, Application application, Transport transport)
            throws Exception {
        if (application instanceof Application.War) {
            throw new IllegalArgumentException(name + " serves the Boot application it was built with, not a WAR; measure a"
                    + " Boot service of your own as -Dapp.jar");
        }
        if ("true".equals(knobs.get(VIRTUAL_THREADS)) && Runtime.version().feature() < 21) {
            // Boot itself would ignore it below Java 21: a knob is never ignored.
            throw new IllegalArgumentException("--" + VIRTUAL_THREADS + " true needs a Java 21+ target JVM; this one is Java "
                    + Runtime.version().feature() + " (set -Dtarget.java to a newer java)");
        }
        List<String> properties = new ArrayList<>();
        properties.add("--server.address=" + host);
        properties.add("--server.port=" + port);
        knobs.forEach((knob, value) -> {
            if (!knob.equals(Transport.KNOB)) {
                properties.add("--" + knob + "=" + value);
            }
        });
        if (transport.tls()) {
            // Boot's SSL properties, as a Boot service is given a key store of its own.
            properties.add("--server.ssl.key-store=" + transport.keyStore().toAbsolutePath());
            properties.add("--server.ssl.key-store-type=PKCS12");
            properties.add("--server.ssl.key-store-password=" + transport.password());
            properties.add("--server.ssl.key-password=" + transport.password());
            properties.add("--server.ssl.key-alias=" + Transport.ALIAS);
        }
        // Boot offers h2 by ALPN over TLS when asked; over cleartext it would mean h2c.
        properties.add("--server.http2.enabled=" + transport.h2());
        ConfigurableApplicationContext context;
        try {
            SpringApplication boot = new SpringApplication(LoginApplication.class);
            // Its log names the application, not the launcher's main class that started it.
            boot.setMainApplicationClass(LoginApplication.class);
            context = boot.run(properties.toArray(String[]::new));
        } catch (RuntimeException e) {
            throw portInUse(e, host, port);
        }
        int listening = Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
        Map<String, String> effective = new LinkedHashMap<>(bootDefaults);
        effective.putAll(knobs);
        effective.put(Transport.KNOB, transport.http());
        return new Server() {
            @Override
            public int port() {
                return listening;
            }

            @Override
            public Map<String, String> effectiveSettings() {
                return effective;
            }

            @Override
            public void close() {
                context.close();
            }
        };
    }

    /** Boot's common knob for virtual threads, on the servers it runs them on (Tomcat, Jetty). */
    protected static final String VIRTUAL_THREADS = "spring.threads.virtual.enabled";

    protected static Knob virtualThreads() {
        return Knob.bool(VIRTUAL_THREADS, false, "run requests on virtual threads (a Java 21+ target JVM)").as("virtualThreads");
    }

    /**
     * Boot reports a port it could not bind as its own exception (PortInUseException; Tomcat's as
     * ConnectorStartFailedException, without the cause): a BindException, as every launcher reports it.
     */
    private static Exception portInUse(RuntimeException e, String host, int port) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String type = t.getClass().getSimpleName();
            if (t instanceof BindException || type.equals("PortInUseException") || type.equals("ConnectorStartFailedException")) {
                BindException bind = new BindException("port " + port + " on " + host + ": " + t.getMessage());
                bind.initCause(e);
                return bind;
            }
        }
        return e;
    }
}
