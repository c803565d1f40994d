import java.nio.file.Files;
import java.nio.file.Path;
import org.codehaus.cargo.container.ContainerType;
import org.codehaus.cargo.container.InstalledLocalContainer;
import org.codehaus.cargo.container.configuration.ConfigurationType;
import org.codehaus.cargo.container.configuration.LocalConfiguration;
import org.codehaus.cargo.container.property.ServletPropertySet;
import org.codehaus.cargo.generic.DefaultContainerFactory;
import org.codehaus.cargo.generic.configuration.DefaultConfigurationFactory;

/**
 * Issue 20's evaluation of Cargo for the installed servers: starts the Tomcat 11 distribution the
 * tomcat-server module unpacked through Cargo's installed local container, prints how long the start
 * took (or failed) and the server JVM's pid and process group, then waits, so that the caller can
 * kill this JVM and see whether the server outlives it. Run from the project root, see README.md here.
 *
 * Arguments: the Tomcat home, the port.
 */
public final class CargoCheck {

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        String port = args[1];
        Path config = Files.createTempDirectory("cargo-check");
        LocalConfiguration configuration = (LocalConfiguration) new DefaultConfigurationFactory().createConfiguration(
                "tomcat11x", ContainerType.INSTALLED, ConfigurationType.STANDALONE, config.toString());
        configuration.setProperty(ServletPropertySet.PORT, port);
        InstalledLocalContainer container = (InstalledLocalContainer) new DefaultContainerFactory().createContainer(
                "tomcat11x", ContainerType.INSTALLED, configuration);
        container.setHome(home.toString());
        container.setTimeout(30_000);
        container.setOutput(config.resolve("server.log").toString());
        long start = System.nanoTime();
        try {
            container.start();
            System.out.printf("started in %.1f s; this JVM %d, process group %s%n", (System.nanoTime() - start) / 1e9,
                    ProcessHandle.current().pid(), Files.readString(Path.of("/proc/self/stat")).split(" ")[4]);
            ProcessHandle.current().children().forEach(child -> System.out.println("server JVM " + child.pid() + ": "
                    + child.info().commandLine().orElse("?").substring(0, 80)));
            System.out.flush();
            Thread.sleep(600_000);
        } catch (Exception e) {
            System.out.printf("failed after %.1f s: %s%n", (System.nanoTime() - start) / 1e9, e.getMessage());
        }
    }
}
