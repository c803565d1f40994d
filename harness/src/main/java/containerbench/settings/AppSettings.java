package containerbench.settings;

import static containerbench.settings.RunProperties.APP_CONTEXT_PATH;
import static containerbench.settings.RunProperties.APP_HEALTH;
import static containerbench.settings.RunProperties.APP_REQUESTS;
import static containerbench.settings.RunProperties.APP_USERS;
import static containerbench.settings.RunProperties.APP_WAR;

import containerbench.launcher.Users;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The application every target serves and what is sent to it: the studies' login servlet, or a
 * user's WAR ({@code -Dapp.war}) with its requests ({@code -Dapp.requests}).
 *
 * @param war the WAR's file, or {@code null} for the login servlet; for a Maven coordinate, where
 *     the local repository keeps it (fetched at launch when it is not there yet)
 * @param coordinate the Maven coordinate it was given as, {@code group:artifact:version}, or {@code null}
 * @param contextPath {@code ""} for ROOT, else {@code /name}
 * @param users the file of users the WAR's security constraints let in ({@code -Dapp.users}), read
 *     and checked here, or {@code null} for none
 */
public record AppSettings(Path war, String coordinate, String contextPath, AppRequests requests, Path users) {

    /** The studies' application. */
    public static final AppSettings LOGIN = new AppSettings(null, null, "", AppRequests.LOGIN, null);

    private static final Pattern COORDINATE = Pattern.compile("([\\w.-]+):([\\w.-]+):([\\w.-]+)");
    private static final Pattern CONTEXT_PATH = Pattern.compile("/|(/[\\w.~-]+)+");

    public static AppSettings from(Given given, boolean launched) {
        return from(given, launched, null);
    }

    /** @param targetsWar the WAR the targets name in their brackets, standing for {@code -Dapp.war} when it is not given */
    public static AppSettings from(Given given, boolean launched, Path targetsWar) {
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
        if (given.has(APP_HEALTH)) {
            String health = APP_HEALTH.given(given);
            if (!health.startsWith("/")) {
                throw given.bad(APP_HEALTH, health);
            }
            requests = requests.withHealth(health);
        }
        refuseUnfilled(requests);
        if (war == null) {
            return new AppSettings(null, null, contextPath, requests, null);
        }
        Path users = users(given);
        Path file = Path.of(war);
        if (Files.isRegularFile(file)) {
            return new AppSettings(file.toAbsolutePath().normalize(), null, contextPath, requests, users);
        }
        Matcher coordinate = COORDINATE.matcher(war);
        if (!coordinate.matches()) {
            throw new SettingException("bad value " + given.spelled(APP_WAR) + "=" + war + ": " + (war.endsWith(".war")
                    ? "there is no such file" : APP_WAR.name() + " accepts " + APP_WAR.accepts()));
        }
        Path local = localRepository().resolve(coordinate.group(1).replace('.', '/')).resolve(coordinate.group(2))
                .resolve(coordinate.group(3)).resolve(coordinate.group(2) + "-" + coordinate.group(3) + ".war");
        return new AppSettings(local, war, contextPath, requests, users);
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

    /** Maven's local repository: as Maven told this JVM, else the default. */
    public static Path localRepository() {
        String told = System.getProperty("maven.repo.local");
        return told == null || told.isBlank() ? Path.of(System.getProperty("user.home"), ".m2", "repository") : Path.of(told);
    }
}
