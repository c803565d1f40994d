package containerbench.launch;

import containerbench.settings.AppSettings;
import containerbench.settings.ProjectRoot;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A target's container at a version other than the one built ({@code tomcat[version=11.0.24]}),
 * resolved by this project's Maven before any target starts, and kept in the module's
 * {@code target/versions/VERSION} for the next run. What a version replaces is read from the
 * module's pom: an embedded container's dependencies written at a {@code ${NAME.version}} property
 * (their jars swapped in its classpath, the transitive ones with them), or a server's distribution
 * ({@code server.groupId}, {@code server.artifactId}, {@code server.type}, unpacked and named to the
 * launcher by a {@code server.properties} ahead of the built one). A version Maven cannot resolve is
 * refused naming it; one whose API the launcher does not fit fails the target's start with its log.
 */
public final class TargetVersions {

    private static final String DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1";
    private static final Pattern VERSION_PROPERTY = Pattern.compile("\\$\\{([\\w.-]+\\.version)}");
    private static final int TIMEOUT_MINUTES = 10;

    private TargetVersions() {
    }

    /** Resolves every target's version not yet resolved, one after another, before any of them starts. */
    public static void resolveAll(List<TargetSettings> targets, TargetCatalog catalog, PrintStream out) {
        for (TargetSettings target : targets) {
            if (target.launched() && target.build().version() != null) {
                module(catalog, target, out);
            }
        }
    }

    /** The module the target runs: the built one, or the one of its version (resolved now if it is not yet). */
    public static TargetModule module(TargetCatalog catalog, TargetSettings target, PrintStream out) {
        TargetModule built = TargetModule.of(catalog, target.container());
        String version = target.build().version();
        if (version == null) {
            return built;
        }
        Path folder = built.directory().resolve("target/versions").resolve(version);
        Path classpath = folder.resolve("classpath.txt");
        if (!Files.isRegularFile(classpath)) {
            resolve(built, target, folder, classpath, out);
        }
        try {
            return built.withClasspath(Files.readString(classpath).trim());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + classpath + ": " + e.getMessage(), e);
        }
    }

    private static void resolve(TargetModule built, TargetSettings target, Path folder, Path classpath, PrintStream out) {
        Document pom = read(built.directory().resolve("pom.xml"));
        Map<String, String> properties = properties(pom);
        Path log = folder.resolve("maven.log");
        out.println("container-bench: resolving " + target.container() + " " + target.build().version() + " with Maven, log in " + log);
        try {
            Files.createDirectories(folder);
            if (properties.containsKey("server.artifactId")) {
                Path server = folder.resolve("server");
                String coordinate = properties.get("server.groupId") + ":" + properties.get("server.artifactId") + ":"
                        + target.build().version() + ":" + properties.getOrDefault("server.type", "zip");
                Files.writeString(folder.resolve("pom.xml"), pomOf(List.of(), target.build().version()));
                maven(target, folder, log, List.of("-f", folder.resolve("pom.xml").toString(), DEPENDENCY_PLUGIN + ":unpack",
                        "-Dartifact=" + coordinate,
                        "-DoutputDirectory=" + server, "-DmarkersDirectory=" + folder.resolve("markers")));
                String home = properties.get("server.home").replace("${server.version}", target.build().version());
                Path files = folder.resolve("classes/containerbench/server.properties");
                Files.createDirectories(files.getParent());
                Files.writeString(files, "# Written by container-bench for " + target.label() + ": the distribution at its version.\n"
                        + "home=" + escape(server.resolve(home)) + "\nwar=" + escape(builtWar(built)) + "\nversion="
                        + target.build().version() + "\n");
                write(classpath, folder.resolve("classes") + File.pathSeparator + built.classpath());
                return;
            }
            List<String> artifacts = versioned(pom, target);
            Path resolved = folder.resolve("resolved-classpath.txt");
            Files.writeString(folder.resolve("pom.xml"), pomOf(artifacts, target.build().version()));
            maven(target, folder, log, List.of("-f", folder.resolve("pom.xml").toString(), DEPENDENCY_PLUGIN + ":build-classpath",
                    "-Dmdep.outputFile=" + resolved, "-Dmdep.includeScope=runtime"));
            write(classpath, merged(built.classpath(), Files.readString(resolved).trim(), AppSettings.localRepository()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot resolve " + target.label() + " in " + folder + ": " + e.getMessage(), e);
        }
    }

    /**
     * The built classpath with each jar the version's resolution also holds (the same artifact, by
     * its folder in the local repository) replaced by the resolved one, and the resolved ones it
     * lacks added at the end: the launcher's own classes and jars stay as built.
     */
    static String merged(String built, String resolved, Path repository) {
        Map<String, String> byArtifact = new LinkedHashMap<>();
        for (String jar : resolved.split(File.pathSeparator)) {
            if (!jar.isBlank()) {
                byArtifact.put(artifactOf(jar, repository), jar);
            }
        }
        List<String> entries = new ArrayList<>();
        for (String jar : built.split(File.pathSeparator)) {
            String replacement = byArtifact.remove(artifactOf(jar, repository));
            entries.add(replacement == null ? jar : replacement);
        }
        entries.addAll(byArtifact.values());
        return String.join(File.pathSeparator, entries);
    }

    /** A jar's artifact: its folder in the repository without the version ({@code org/apache/tomcat/embed/tomcat-embed-core}). */
    private static String artifactOf(String jar, Path repository) {
        Path path = Path.of(jar).toAbsolutePath().normalize();
        Path root = repository.toAbsolutePath().normalize();
        return path.startsWith(root) && path.getNameCount() - root.getNameCount() >= 3
                ? root.relativize(path).getParent().getParent().toString() : path.toString();
    }

    /** The module's dependencies written at a version property of their own, such as {@code ${tomcat.version}}. */
    private static List<String> versioned(Document pom, TargetSettings target) {
        List<String> artifacts = new ArrayList<>();
        NodeList dependencies = pom.getElementsByTagName("dependency");
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            Matcher property = VERSION_PROPERTY.matcher(text(dependency, "version"));
            if (property.matches() && !property.group(1).startsWith("project.") && !"test".equals(text(dependency, "scope"))) {
                artifacts.add(text(dependency, "groupId") + ":" + text(dependency, "artifactId"));
            }
        }
        if (artifacts.isEmpty()) {
            throw new SettingException(target.label() + ": " + target.container() + " has no version to choose (its pom names"
                    + " no container dependency by a version property nor a server distribution)");
        }
        return artifacts;
    }

    private static String pomOf(List<String> artifacts, String version) {
        StringBuilder pom = new StringBuilder("""
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- Written by container-bench: the container's jars at one version, for their classpath (or none, for a distribution). -->
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>io.github.containerbench.versions</groupId>
                  <artifactId>resolve</artifactId>
                  <version>1</version>
                  <packaging>pom</packaging>
                  <dependencies>
                """);
        for (String artifact : artifacts) {
            String[] parts = artifact.split(":");
            pom.append("    <dependency><groupId>").append(parts[0]).append("</groupId><artifactId>").append(parts[1])
                    .append("</artifactId><version>").append(version).append("</version></dependency>\n");
        }
        return pom.append("  </dependencies>\n</project>\n").toString();
    }

    private static void maven(TargetSettings target, Path folder, Path log, List<String> goal) throws IOException {
        Path root = ProjectRoot.find();
        List<String> command = new ArrayList<>(List.of(ProjectRoot.maven(root), "-B", "-ntp", "-q"));
        if (System.getProperty("maven.repo.local") != null) {
            command.add("-Dmaven.repo.local=" + System.getProperty("maven.repo.local"));
        }
        command.addAll(goal);
        Process maven = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            if (!maven.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                maven.destroyForcibly();
                throw new IllegalStateException("resolving " + target.label() + " took over " + TIMEOUT_MINUTES + " minutes; see " + log);
            }
        } catch (InterruptedException e) {
            maven.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while resolving " + target.label(), e);
        }
        if (maven.exitValue() != 0) {
            throw new SettingException(target.label() + ": Maven cannot resolve " + target.container() + " at version "
                    + target.build().version() + " (is it a version of it on the repositories Maven uses?). The end of its output, "
                    + log + ":\n" + TargetProcess.tail(log));
        }
    }

    /** The WAR the built launcher deploys (a server's), as its own server.properties names it. */
    private static Path builtWar(TargetModule built) throws IOException {
        java.util.Properties properties = new java.util.Properties();
        try (var in = Files.newInputStream(built.directory().resolve("target/classes/containerbench/server.properties"))) {
            properties.load(in);
        }
        return Path.of(properties.getProperty("war"));
    }

    private static String escape(Path path) {
        return path.toString().replace("\\", "\\\\");
    }

    private static void write(Path file, String text) throws IOException {
        Path written = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(written, text);
        Files.move(written, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static Map<String, String> properties(Document pom) {
        Map<String, String> properties = new LinkedHashMap<>();
        NodeList blocks = pom.getDocumentElement().getElementsByTagName("properties");
        for (int b = 0; b < blocks.getLength(); b++) {
            Element block = (Element) blocks.item(b);
            if (block.getParentNode() != pom.getDocumentElement()) {
                continue;
            }
            NodeList children = block.getChildNodes();
            for (int i = 0; i < children.getLength(); i++) {
                if (children.item(i) instanceof Element property) {
                    properties.put(property.getTagName(), property.getTextContent().trim());
                }
            }
        }
        return properties;
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
    }

    private static Document read(Path pom) {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + pom + ": " + e.getMessage(), e);
        }
    }
}
