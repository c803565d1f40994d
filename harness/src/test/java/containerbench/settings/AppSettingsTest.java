package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -Dapp.war, -Dapp.contextPath, -Dapp.requests and -Dapp.health: parsed once, each mistake named. */
class AppSettingsTest {

    @TempDir
    Path dir;

    @Test
    void withoutAWarTheTargetsServeTheLogin() {
        assertSame(AppSettings.LOGIN, AppSettings.from(Given.maven(Map.of()), true));
        assertTrue(AppSettings.LOGIN.requests().login());
    }

    @Test
    void aWarFileIsDeployedAtItsContextPathAndItsRootIsRequestedByDefault() throws IOException {
        Path war = Files.writeString(dir.resolve("shop.war"), "PK");
        AppSettings app = AppSettings.from(Given.maven(Map.of("app.war", war.toString(), "app.contextPath", "/shop")), true);
        assertEquals(war, app.war());
        assertNull(app.coordinate());
        assertEquals("/shop", app.contextPath());
        assertEquals("/shop/", app.requests().health().path());
        assertEquals(200, app.requests().health().status());
    }

    @Test
    void aMavenCoordinateIsLookedForInTheLocalRepository() {
        AppSettings app = AppSettings.from(Given.maven(Map.of("app.war", "org.example.shop:shop-web:1.2.0")), true);
        assertEquals("org.example.shop:shop-web:1.2.0", app.coordinate());
        assertEquals(AppSettings.localRepository().resolve("org/example/shop/shop-web/1.2.0/shop-web-1.2.0.war"), app.war());
        assertEquals("", app.contextPath(), "ROOT by default");
    }

    @Test
    void aHealthPathReplacesTheFirstRequestAsTheReadinessCheck() throws IOException {
        Path war = Files.writeString(dir.resolve("shop.war"), "PK");
        AppSettings app = AppSettings.from(Given.maven(Map.of("app.war", war.toString(), "app.health", "/health")), true);
        assertEquals("/health", app.requests().health().path());
        assertEquals("GET", app.requests().health().method());
    }

    @Test
    void aUsersFileIsReadBeforeAnythingStartsAndGoesWithTheWarOnly() throws IOException {
        Path war = Files.writeString(dir.resolve("shop.war"), "PK");
        Path users = Files.writeString(dir.resolve("users.txt"), "alice: s3cret, bench\n");
        assertEquals(users, AppSettings.from(Given.maven(Map.of("app.war", war.toString(), "app.users", users.toString())), true).users());
        assertNull(AppSettings.from(Given.maven(Map.of("app.war", war.toString())), true).users(), "none: a store of no users");
        assertEquals("-Dapp.users are let in by a WAR's security constraints: give -Dapp.war too",
                error(Map.of("app.users", users.toString()), true));
        Path bad = Files.writeString(dir.resolve("bad.txt"), "alice\n");
        assertEquals("bad value -Dapp.users=" + bad + ": the users file " + bad + ", line 1: 'alice' is not name: password, role, ...",
                error(Map.of("app.war", war.toString(), "app.users", bad.toString()), true));
    }

    @Test
    void everyMistakeNamesTheSettingAsWrittenAndWhatItAccepts() throws IOException {
        Path war = Files.writeString(dir.resolve("shop.war"), "PK");
        assertEquals("bad value -Dapp.war=missing.war: there is no such file", error(Map.of("app.war", "missing.war"), true));
        assertEquals("bad value -Dapp.war=shop: app.war accepts the path of a .war file, or a Maven coordinate"
                + " group:artifact:version of a war", error(Map.of("app.war", "shop"), true));
        assertEquals("bad value -Dapp.contextPath=shop: app.contextPath accepts / or a path such as /shop (WildFly: one segment)",
                error(Map.of("app.war", war.toString(), "app.contextPath", "shop"), true));
        assertEquals("-Dapp.contextPath places a WAR: give -Dapp.war too", error(Map.of("app.contextPath", "/shop"), true));
        assertEquals("-Dapp.requests and -Dapp.health are sent to a user's application: give -Dapp.war (or -Dtarget.url for"
                + " one running elsewhere); the login servlet takes only its login", error(Map.of("app.requests", "r.json"), true));
        assertEquals("-Dapp.war is deployed on the targets this run launches, not on one running at -Dtarget.url: deploy it"
                + " there yourself", error(Map.of("app.war", war.toString()), false));
        assertEquals("bad value -Dapp.health=health: app.health accepts a path on the server such as /shop/health",
                error(Map.of("app.war", war.toString(), "app.health", "health"), true));
    }

    @Test
    void aColumnNoFeederHasStopsTheRunBeforeAnythingStarts() throws IOException {
        Path war = Files.writeString(dir.resolve("shop.war"), "PK");
        Path requests = Files.writeString(dir.resolve("r.json"), "{\"requests\": [{\"name\": \"me\", \"path\": \"/users/#{id}\"}]}");
        assertEquals("the request 'me' (GET /users/#{id}) of " + requests + ": no value for #{id}: there is no \"feeder\" to take it from",
                error(Map.of("app.war", war.toString(), "app.requests", requests.toString()), true));
    }

    private static String error(Map<String, String> given, boolean launched) {
        return assertThrows(SettingException.class, () -> AppSettings.from(Given.maven(given), launched)).getMessage();
    }
}
