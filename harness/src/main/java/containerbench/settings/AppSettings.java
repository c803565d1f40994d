package containerbench.settings;

import static containerbench.settings.RunProperties.APP_CONTEXT_PATH;
import static containerbench.settings.RunProperties.APP_HEALTH;
import static containerbench.settings.RunProperties.APP_JAR;
import static containerbench.settings.RunProperties.APP_JAR_ARGS;
import static containerbench.settings.RunProperties.APP_START_TIMEOUT;
import static containerbench.settings.RunProperties.APP_REQUESTS;
import static containerbench.settings.RunProperties.APP_USERS;
import static containerbench.settings.RunProperties.APP_WAR;

import containerbench.launcher.Users;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The application every target serves and what is sent to it: the studies' login servlet, a user's
 * WAR ({@code -Dapp.war}) or executable jar ({@code -Dapp.jar}), with its requests ({@code -Dapp.requests}).
 *
 * @param war the WAR's file, or {@code null} for the login servlet; for a Maven coordinate, where
 *     the local repository keeps it (fetched at launch when it is not there yet)
 * @param coordinate the Maven coordinate it was given as, {@code group:artifact:version}, or {@code null}
 * @param contextPath {@code ""} for ROOT, else {@code /name}
 * @param users the file of users the WAR's security constraints let in ({@code -Dapp.users}), read
 *     and checked here, or {@code null} for none
 * @param jar the executable jar the jar target runs ({@code -Dapp.jar}), or {@code null} for none
 */
public record AppSettings(Path war, String coordinate, String contextPath, AppRequests requests, Path users, Jar jar) {

    /** The studies' application. */
    public static final AppSettings LOGIN = new AppSettings(null, null, "", AppRequests.LOGIN, null, null);

    /** The target that runs a user's executable jar: the one container that does not serve the login servlet. */
    public static final String JAR_TARGET = "jar";

    /**
     * A user's executable jar, which is its own server.
     *
     * @param file the run's jar; a target may name its own ({@link TargetBuild#jar()})
     * @param args its arguments, {@code {host}} and {@code {port}} standing for where it must listen
     * @param startTimeoutSeconds how long it may take to listen
     */
    public record Jar(Path file, String args, int startTimeoutSeconds) {
    }

    private static final Pattern COORDINATE = Pattern.compile("([\\w.-]+):([\\w.-]+):([\\w.-]+)");
    private static final Pattern CONTEXT_PATH = Pattern.compile("/|(/[\\w.~-]+)+");

    public static AppSettings from(Given given, boolean launched) {
        return from(given, launched, null);
    }

    /** @param targetsWar the WAR the targets name in their brackets, standing for {@code -Dapp.war} when it is not given */
    public static AppSettings from(Given given, boolean launched, Path targetsWar) {
        return from(given, launched, targetsWar, null);
    }

    /** @param targetsJar the same for {@code -Dapp.jar} */
    public static AppSettings from(Given given, boolean launched, Path targetsWar, Path targetsJar) {
        Jar jar = jar(given, targetsJar);
        if (jar != null) {
            return ofJar(given, launched, jar);
        }
        for (var property : List.of(APP_JAR_ARGS, APP_START_TIMEOUT)) {
            if (given.has(property)) {
                throw new SettingException(given.spelled(property) + " is for an executable jar: give " + given.spelled(APP_JAR) + " too");
            }
        }
        String war = APP_WAR.given(given);
        if (war == null && targetsWar != null) {
            war = targetsWar.toString();
        }
        String requestsFile = APP_REQUESTS.given(given);
        if (war == null) {
            if (given.has(APP_CONTEXT_PATH) || given.has(APP_USERS)) {
                throw new SettingException(given.spelled(given.has(APP_CONTEXT_PATH) ? APP_CONTEXT_PATH : APP_USERS)
                        + (given.has(APP_CONTEXT_PATH) ? " places a WAR" : " are let in by a WAR's security constraints")
                        + ": give " + given.spelled(APP_WAR) + " too");
            }
            if (requestsFile == null && !given.has(APP_HEALTH)) {
                return LOGIN;
            }
            if (launched) {
                throw new SettingException(given.spelled(APP_REQUESTS) + " and " + given.spelled(APP_HEALTH) + " are sent to a"
                        + " user's application: give " + given.spelled(APP_WAR) + " (or " + given.spelled(RunProperties.TARGET_URL)
                        + " for one running elsewhere); the login servlet takes only its login");
            }
        } else if (!launched) {
            throw new SettingException(given.spelled(APP_WAR) + " is deployed on the targets this run launches, not on one"
                    + " running at " + given.spelled(RunProperties.TARGET_URL) + ": deploy it there yourself");
        }
        String contextPath = APP_CONTEXT_PATH.text(given, "/");
        if (!CONTEXT_PATH.matcher(contextPath).matches()) {
            throw given.bad(APP_CONTEXT_PATH, contextPath);
        }
        contextPath = contextPath.equals("/") ? "" : contextPath;
        AppRequests requests = requestsFile == null ? AppRequests.root(contextPath) : RequestFile.read(Path.of(requestsFile));
        requests = withHealth(given, requests);
        refuseUnfilled(requests);
        if (war == null) {
            return new AppSettings(null, null, contextPath, requests, null, null);
        }
        Path users = users(given);
        Path file = Path.of(war);
        if (Files.isRegularFile(file)) {
            return new AppSettings(file.toAbsolutePath().normalize(), null, contextPath, requests, users, null);
        }
        Matcher coordinate = COORDINATE.matcher(war);
        if (!coordinate.matches()) {
            throw new SettingException("bad value " + given.spelled(APP_WAR) + "=" + war + ": " + (war.endsWith(".war")
                    ? "there is no such file" : APP_WAR.name() + " accepts " + APP_WAR.accepts()));
        }
        Path local = localRepository().resolve(coordinate.group(1).replace('.', '/')).resolve(coordinate.group(2))
                .resolve(coordinate.group(3)).resolve(coordinate.group(2) + "-" + coordinate.group(3) + ".war");
        return new AppSettings(local, war, contextPath, requests, users, null);
    }

    /** The run's jar, checked: {@code -Dapp.jar}, else the one the targets name in their brackets; {@code null} for none. */
    private static Jar jar(Given given, Path targetsJar) {
        String named = APP_JAR.given(given);
        if (named == null && targetsJar == null) {
            return null;
        }
        Path file = named == null ? targetsJar : Path.of(named).toAbsolutePath().normalize();
        if (named != null && (!named.endsWith(".jar") || !Files.isRegularFile(file))) {
            throw new SettingException("bad value " + given.spelled(APP_JAR) + "=" + named + ": " + (named.endsWith(".jar")
                    ? "there is no such file" : APP_JAR.name() + " accepts " + APP_JAR.accepts()));
        }
        String args = APP_JAR_ARGS.text(given, APP_JAR_ARGS.defaultValue());
        if (!args.contains("{port}")) {
            throw given.bad(APP_JAR_ARGS, args);
        }
        return new Jar(file, args.trim(), APP_START_TIMEOUT.atLeast(given, 1, Integer.parseInt(APP_START_TIMEOUT.defaultValue())));
    }

    /** A jar's settings: its requests, sent to it at its root; what places or protects a WAR is refused. */
    private static AppSettings ofJar(Given given, boolean launched, Jar jar) {
        for (var property : List.of(APP_WAR, APP_CONTEXT_PATH, APP_USERS)) {
            if (given.has(property)) {
                throw new SettingException(given.spelled(property) + " is for a WAR, and " + given.spelled(APP_JAR)
                        + " runs an executable jar, which is its own server: keep one");
            }
        }
        if (!launched) {
            throw new SettingException(given.spelled(APP_JAR) + " runs on the targets this run launches, not on one running at "
                    + given.spelled(RunProperties.TARGET_URL) + ": start it there yourself");
        }
        String requestsFile = APP_REQUESTS.given(given);
        AppRequests requests = requestsFile == null ? AppRequests.root("") : RequestFile.read(Path.of(requestsFile));
        requests = withHealth(given, requests);
        refuseUnfilled(requests);
        return new AppSettings(null, null, "", requests, null, jar);
    }

    /** The users file, read as each launcher will read it, so that a bad line stops the run before any target starts. */
    private static Path users(Given given) {
        if (!given.has(APP_USERS)) {
            return null;
        }
        Path file = Path.of(APP_USERS.given(given)).toAbsolutePath().normalize();
        try {
            Users.read(file);
        } catch (IllegalArgumentException e) {
            throw new SettingException("bad value " + given.spelled(APP_USERS) + "=" + APP_USERS.given(given) + ": " + e.getMessage());
        }
        return file;
    }

    /** The requests with {@code -Dapp.health} as what must answer before a target counts as started, where given. */
    private static AppRequests withHealth(Given given, AppRequests requests) {
        if (!given.has(APP_HEALTH)) {
            return requests;
        }
        String health = APP_HEALTH.given(given);
        if (!health.startsWith("/")) {
            throw given.bad(APP_HEALTH, health);
        }
        return requests.withHealth(health);
    }

    /** A {@code #{column}} the feeder does not have (or with no feeder) would fail every request of the load: refused now. */
    private static void refuseUnfilled(AppRequests requests) {
        Map<String, String> row = requests.firstRow();
        for (AppRequest request : requests.requests()) {
            try {
                request.pathAndQuery(row::get);
                request.headers().forEach(header -> AppRequest.fill(header.value(), row::get));
                request.bodyText(row::get);
            } catch (IllegalArgumentException e) {
                throw new SettingException("the request " + request.described() + " of " + requests.source() + ": "
                        + e.getMessage().replace("the feeder has no such column", requests.feeder() == null
                                ? "there is no \"feeder\" to take it from" : "the feeder " + requests.feeder() + " has no such column"));
            }
        }
    }

    /** Whether the targets serve a user's WAR rather than the login servlet. */
    public boolean userWar() {
        return war != null;
    }

    /** Whether the targets run a user's executable jar. */
    public boolean userJar() {
        return jar != null;
    }

    /** Maven's local repository: as Maven told this JVM, else the default. */
    public static Path localRepository() {
        String told = System.getProperty("maven.repo.local");
        return told == null || told.isBlank() ? Path.of(System.getProperty("user.home"), ".m2", "repository") : Path.of(told);
    }
}
