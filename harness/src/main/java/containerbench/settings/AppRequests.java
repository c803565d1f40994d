package containerbench.settings;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;

/**
 * What the run sends to every target: one request or a weighted mix, read from a request file or a
 * HAR ({@link RequestFile}, {@link HarFile}), or the studies' login.
 *
 * @param feeder a CSV file whose columns fill {@code #{column}}, a row per request, circling; or {@code null}
 * @param cookies whether each virtual user keeps the cookies it is sent (a session), as a browser does
 * @param health what must answer before any load: a request of its own, or the first of the mix
 * @param source where they were read from, for messages and results; {@code null} for the login
 */
public record AppRequests(List<AppRequest> requests, Path feeder, boolean cookies, AppRequest health, String source) {

    /** The studies' one request, as every run sent it before request files existed. */
    public static final AppRequests LOGIN = new AppRequests(List.of(AppRequest.LOGIN), null, true, AppRequest.LOGIN, null);

    public AppRequests {
        requests = List.copyOf(requests);
    }

    /** Whether this is the studies' login rather than a user's requests. */
    public boolean login() {
        return source == null;
    }

    /**
     * The feeder's first row by column, empty without a feeder: what the check before the load fills
     * {@code #{column}} with. A plain CSV: a header line, then values separated by commas.
     */
    public Map<String, String> firstRow() {
        if (feeder == null) {
            return Map.of();
        }
        try (BufferedReader in = Files.newBufferedReader(feeder)) {
            String header = in.readLine();
            String first = in.readLine();
            if (header == null || first == null) {
                throw new SettingException("the feeder " + feeder + " needs a header line and at least one row of values");
            }
            String[] names = header.split(",", -1);
            String[] values = first.split(",", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < names.length; i++) {
                row.put(names[i].strip(), i < values.length ? values[i].strip() : "");
            }
            return row;
        } catch (IOException e) {
            throw new SettingException("cannot read the feeder " + feeder + ": " + e.getMessage());
        }
    }

    /** The same requests, ready once {@code GET path} answers 200. */
    public AppRequests withHealth(String path) {
        return new AppRequests(requests, feeder, cookies, new AppRequest("health", "GET", path, List.of(), List.of(), null, 200, 1),
                source);
    }

    /** A user's WAR without a request file: {@code GET} of its context root, answered 200. */
    public static AppRequests root(String contextPath) {
        AppRequest root = new AppRequest("root", "GET", contextPath + "/", List.of(), List.of(), null, 200, 1);
        return new AppRequests(List.of(root), null, true, root, "the WAR's context root");
    }
}
