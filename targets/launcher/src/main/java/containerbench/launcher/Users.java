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
 * role} lines (the form of Jetty's realm.properties; {@code #} starts a comment line). Each launcher
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
    // Jetty reads a password that starts with one of these as obfuscated or hashed, Liberty one in
    // braces as encoded: the same text would be a different password on each.
    private static final List<String> ENCODED = List.of("OBF:", "MD5:", "CRYPT:", "{");

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
