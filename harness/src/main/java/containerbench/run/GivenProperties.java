package containerbench.run;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code -D} properties this JVM was started with: what the pom and the user gave the Gatling
 * JVM (the Maven plugin forwards every {@code -D} of the command line), without the properties the
 * JVM and its libraries set for themselves. Only these are checked for slips.
 */
final class GivenProperties {

    private GivenProperties() {
    }

    static Map<String, String> ofThisJvm() {
        Map<String, String> given = new LinkedHashMap<>();
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (argument.startsWith("-D") && argument.length() > 2) {
                int equals = argument.indexOf('=');
                // The last of two wins, as it does for the JVM.
                given.put(equals < 0 ? argument.substring(2) : argument.substring(2, equals),
                        equals < 0 ? "" : argument.substring(equals + 1));
            }
        }
        return given;
    }
}
