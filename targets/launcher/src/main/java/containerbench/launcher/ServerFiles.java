package containerbench.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * What a standalone server's launcher needs around the server: where the build unpacked it and
 * copied the WAR (a properties file the build writes), a copy of its configuration to edit, and
 * the facts the harness reads.
 *
 * @param home the unpacked distribution
 * @param war the login WAR, as targets/webapp packages it
 */
public record ServerFiles(Path home, Path war, String version) {

    /** The properties resource targets/server-parent writes into every server module: {@code home}, {@code war}, {@code version}. */
    public static final String RESOURCE = "containerbench/server.properties";

    /** Reads the build's {@link #RESOURCE}. */
    public static ServerFiles of() {
        String resource = RESOURCE;
        Properties properties = new Properties();
        try (InputStream in = ServerFiles.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no " + resource + " on the classpath: the target is not built");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ServerFiles(Path.of(properties.getProperty("home")), Path.of(properties.getProperty("war")).normalize(),
                properties.getProperty("version"));
    }

    /**
     * Fails, saying how to get them, unless the distribution and the WAR are there: a build fetches
     * the distribution only with the container's profile, or when it goes past compiling.
     */
    public void require(String container) {
        if (!Files.isDirectory(home)) {
            throw new IllegalStateException("the " + container + " distribution is not unpacked in " + home + ": the build"
                    + " fetches it with the container's profile (mvn gatling:test -P" + container + "; with -Dcontainers, -P"
                    + " with the same containers too), with ./bench, or with mvn verify");
        }
        if (!Files.isRegularFile(war)) {
            throw new IllegalStateException(war + " is missing: build the targets (mvn -q process-classes)");
        }
    }

    /**
     * A fresh directory for one server's own configuration, named
     * {@code java.io.tmpdir/container-bench-servers/NAME-LAUNCHERPID-N}. The launcher deletes it when
     * the server stops; one left by a launcher that was killed first is deleted by the next one.
     */
    public static Path newBase(String name) throws IOException {
        Path parent = Path.of(System.getProperty("java.io.tmpdir"), "container-bench-servers");
        Files.createDirectories(parent);
        try (Stream<Path> bases = Files.list(parent)) {
            for (Path base : bases.toList()) {
                if (orphaned(base)) {
                    deleteTree(base);
                }
            }
        }
        return Files.createTempDirectory(parent, name + "-" + ProcessHandle.current().pid() + "-");
    }

    /** Writes a server's own files into its base directory. */
    @FunctionalInterface
    public interface BaseWriter {
        void write(Path base) throws Exception;
    }

    /**
     * {@link #newBase(String)}, filled by {@code writer}: the server's configuration, edited for the
     * run, and the WAR. The directory is deleted again if writing it fails, or if the launcher is
     * stopped meanwhile (the harness giving up on a slow start): then the commands the writer runs
     * (the Jetty distribution's {@code start.jar --add-modules}), this launcher's only children
     * before the server starts, are killed first, so that none of them outlives it or writes the
     * directory again once it is deleted.
     */
    public static Path newBase(String name, BaseWriter writer) throws Exception {
        Path base = newBase(name);
        Thread stopped = new Thread(() -> {
            List<ProcessHandle> children = ProcessHandle.current().children().toList();
            children.forEach(ProcessHandle::destroyForcibly);
            children.forEach(child -> child.onExit().join());
            deleteQuietly(base);
        }, "base-cleanup");
        Runtime.getRuntime().addShutdownHook(stopped);
        try {
            writer.write(base);
            return base;
        } catch (Exception e) {
            deleteTree(base);
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopped);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs, or has run: it cleans up
            }
        }
    }

    /** Deletes a directory, saying on standard error what could not be deleted rather than failing. */
    static void deleteQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException | RuntimeException e) {
            System.err.println("cannot delete " + dir + ": " + e);
        }
    }

    /** Whether the launcher a base directory is named after is gone; a name not of that form is left alone. */
    private static boolean orphaned(Path base) {
        String[] parts = base.getFileName().toString().split("-");
        try {
            return parts.length >= 3 && ProcessHandle.of(Long.parseLong(parts[parts.length - 2])).isEmpty();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * This launcher's own JVM options, for the server's JVM: the harness starts the launcher with the
     * target's options ({@code -Dtarget.jvmArgs}), and they belong to the server.
     */
    public static String jvmOptions() {
        return String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /**
     * Puts the application's archive into a server's deployment folder: the login WAR as ROOT.war,
     * a user's WAR under the name its context path gives ({@link Application.War#deployedName()}).
     * Returns the archive's name there.
     */
    public String deploy(Application application, Path folder) throws IOException {
        if (application instanceof Application.War user) {
            Files.copy(user.file(), folder.resolve(user.deployedName()));
            return user.deployedName();
        }
        Files.copy(war, folder.resolve("ROOT.war"));
        return "ROOT.war";
    }

    public static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path copy = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(file, copy);
                }
            }
        }
    }

    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        }
    }

    public static Document readXml(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(file.toFile());
    }

    /** A new document of one root element, to build a server's configuration file with its values escaped. */
    public static Document newXml(String namespace, String root) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder().newDocument();
        document.appendChild(document.createElementNS(namespace, root));
        return document;
    }

    public static void writeXml(Document document, Path file) throws Exception {
        writeXml(document, file, null, null);
    }

    /** The document with a DOCTYPE of these public and system ids, for a server whose parser validates against it. */
    public static void writeXml(Document document, Path file, String publicId, String systemId) throws Exception {
        var transformer = TransformerFactory.newInstance().newTransformer();
        transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
        if (publicId != null) {
            transformer.setOutputProperty(OutputKeys.DOCTYPE_PUBLIC, publicId);
            transformer.setOutputProperty(OutputKeys.DOCTYPE_SYSTEM, systemId);
        }
        transformer.transform(new DOMSource(document), new StreamResult(file.toFile()));
    }

    /** Every element of that local name, in document order. */
    public static List<Element> elements(Document document, String localName) {
        return list(document.getElementsByTagNameNS("*", localName));
    }

    /** Every element of that local name inside {@code parent}, in document order. */
    public static List<Element> elements(Element parent, String localName) {
        return list(parent.getElementsByTagNameNS("*", localName));
    }

    private static List<Element> list(NodeList nodes) {
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            elements.add((Element) nodes.item(i));
        }
        return elements;
    }
}
