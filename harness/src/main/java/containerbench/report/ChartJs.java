package containerbench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/** Chart.js as the webjar on the classpath ships it, found by the version that jar declares (the pom's). */
final class ChartJs {

    private static final String WEBJAR = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";

    private ChartJs() {
    }

    static String version() {
        Properties pom = new Properties();
        try (InputStream in = resource(WEBJAR)) {
            pom.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pom.getProperty("version");
    }

    /** The UMD build, which defines {@code Chart} when inlined in a page. */
    static String script() {
        try (InputStream in = resource("META-INF/resources/webjars/chart.js/" + version() + "/dist/chart.umd.js")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream resource(String path) {
        InputStream in = ChartJs.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            throw new IllegalStateException("Chart.js is not on the classpath: no " + path);
        }
        return in;
    }
}
