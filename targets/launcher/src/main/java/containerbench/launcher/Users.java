package containerbench.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The users a WAR's security constraints let in, read from a file of {@code name: password, role,
 * role} lines (the form of Jetty's realm.properties; {@code #} starts a comment line; a comma ends
 * the password). Each launcher
 * gives them to its container in the container's own form: a realm, a login service, a user
 * registry. The harness reads the file with this class too, before anything starts, so that a bad
 * line is refused once, naming the file and the line.
 */
public final class Users {

    /**
     * One user.
     *
     * @param roles the roles the user holds, as the WAR's web.xml names them
     */
    public record User(String name, String password, List<String> roles) {

        public User {
            roles = List.copyOf(roles);
        }
    }

    // Names and roles go into every container's own file format (properties keys, XML attributes,
    // comma-separated role lists): a word of these characters is safe in all of them.
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9._-]+");
    // Liberty reads a password in braces as encoded, Jetty's realm files one that starts with these as
    // obfuscated or hashed, and the Tomcat server's digester and Liberty replace ${...} in a value:
    // the same text would be a different password on each.
    private static final List<String> ENCODED = List.of("OBF:", "MD5:", "CRYPT:", "{");
    // Printable US-ASCII: Tomcat and Jetty decode HTTP Basic credentials as ISO-8859-1, WildFly hashes
    // as UTF-8, so a character beyond ASCII would log in on some containers only.
    private static final Pattern PRINTABLE = Pattern.compile("[\\x21-\\x7E]([\\x20-\\x7E]*[\\x21-\\x7E])?");

    private Users() {
    }

    /** The users of {@code file}; an {@link IllegalArgumentException} names the file and the line that is wrong. */
    public static List<User> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the users file " + file + ": " + (Files.exists(file)
                    ? e.getMessage() : "there is no such file"));
        }
        List<User> users = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = "the users file " + file + ", line " + (i + 1) + ": ";
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(where + "'" + line + "' is not name: password, role, ...");
            }
            String name = line.substring(0, colon).strip();
            String[] rest = line.substring(colon + 1).split(",", -1);
            String password = rest[0].strip();
            List<String> roles = new ArrayList<>();
            for (int r = 1; r < rest.length; r++) {
                roles.add(rest[r].strip());
            }
            for (String word : concat(name, roles)) {
                if (!WORD.matcher(word).matches()) {
                    throw new IllegalArgumentException(where + "'" + word + "' is not a name or role every container takes:"
                            + " use letters, digits, '.', '_' and '-'");
                }
            }
            if (password.isEmpty() || ENCODED.stream().anyMatch(password::startsWith)) {
                throw new IllegalArgumentException(where + (password.isEmpty() ? name + " has no password"
                        : name + "'s password starts with " + ENCODED.stream().filter(password::startsWith).findFirst().orElseThrow()
                        + ", which some containers read as encoded: give it as plain text without that prefix"));
            }
            if (!PRINTABLE.matcher(password).matches() || password.contains("${")) {
                throw new IllegalArgumentException(where + name + "'s password " + (password.contains("${")
                        ? "holds ${, which the Tomcat server and Liberty replace by a property's value"
                        : "has a character beyond printable ASCII, which containers decode differently")
                        + ": every container must read the same password");
            }
            if (!names.add(name)) {
                throw new IllegalArgumentException(where + name + " is given twice: one line a user");
            }
            users.add(new User(name, password, roles));
        }
        return List.copyOf(users);
    }

    /** Every role any of {@code users} holds, sorted. */
    public static Set<String> roles(List<User> users) {
        Set<String> roles = new TreeSet<>();
        users.forEach(user -> roles.addAll(user.roles()));
        return roles;
    }

    private static List<String> concat(String name, List<String> roles) {
        List<String> all = new ArrayList<>(List.of(name));
        all.addAll(roles);
        return all;
    }
}
