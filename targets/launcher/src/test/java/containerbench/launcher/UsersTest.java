package containerbench.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The users file: Jetty's realm.properties form, and every line a container could not take refused by its number. */
class UsersTest {

    @TempDir
    Path dir;

    @Test
    void readsNamesPasswordsAndRolesSkippingCommentsAndBlankLines() throws Exception {
        Path file = Files.writeString(dir.resolve("users.txt"), "# who may log in\n\nalice: s3cr=t&<x>, bench, admin\nbob:pw\n");
        List<Users.User> users = Users.read(file);
        assertEquals(List.of(new Users.User("alice", "s3cr=t&<x>", List.of("bench", "admin")), new Users.User("bob", "pw", List.of())),
                users);
        assertEquals(Set.of("admin", "bench"), Users.roles(users));
    }

    @Test
    void aLineAContainerCouldNotTakeIsNamedByFileAndLine() throws Exception {
        assertEquals("the users file " + dir.resolve("a") + ", line 2: 'carol' is not name: password, role, ...", error("alice: x\ncarol"));
        assertEquals("the users file " + dir.resolve("a") + ", line 1: 'two words' is not a name or role every container takes:"
                + " use letters, digits, '.', '_' and '-'", error("two words: x"));
        assertEquals("the users file " + dir.resolve("a") + ", line 1: 'a\"b' is not a name or role every container takes:"
                + " use letters, digits, '.', '_' and '-'", error("alice: x, a\"b"));
        assertEquals("the users file " + dir.resolve("a") + ", line 1: alice has no password", error("alice: , bench"));
        assertEquals("the users file " + dir.resolve("a") + ", line 1: alice's password starts with OBF:, which some containers"
                + " read as encoded: give it as plain text without that prefix", error("alice: OBF:1v2j1uum1xtv1zej1zer1xtn1uvk1v1v"));
        assertEquals("the users file " + dir.resolve("a") + ", line 2: alice is given twice: one line a user", error("alice: x\nalice: y"));
        assertEquals("the users file " + dir.resolve("a") + ", line 1: alice's password holds ${, which the Tomcat server and Liberty"
                + " replace by a property's value: every container must read the same password", error("alice: pa${user.name}"));
        assertEquals("the users file " + dir.resolve("a") + ", line 1: alice's password has a character beyond printable ASCII, which"
                + " containers decode differently: every container must read the same password", error("alice: p\u00e4sswort"));
        assertEquals("cannot read the users file " + dir.resolve("none") + ": there is no such file",
                assertThrows(IllegalArgumentException.class, () -> Users.read(dir.resolve("none"))).getMessage());
    }

    private String error(String content) throws Exception {
        Path file = Files.writeString(dir.resolve("a"), content);
        return assertThrows(IllegalArgumentException.class, () -> Users.read(file)).getMessage();
    }
}
