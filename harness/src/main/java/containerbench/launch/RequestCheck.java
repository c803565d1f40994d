package containerbench.launch;

import containerbench.settings.AppRequest;
import containerbench.settings.AppRequests;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Each request of a user's application sent once to every target before the warm-up: a status other
 * than the one expected stops the run, naming the request and the container, since its load would
 * measure an error page; bodies that differ between targets are reported, since a comparison of
 * different answers is not a comparison of containers.
 */
public final class RequestCheck {

    /** What one request answered on every target (statuses, body lengths in characters), and how the answers differ. */
    public record Checked(String request, List<Integer> statuses, List<Integer> bodyLengths, String difference) {
    }

    private RequestCheck() {
    }

    /**
     * @return one entry per request, in the order of the mix; none for the studies' login
     * @throws IllegalStateException naming the request, the target and the status, at the first wrong status
     */
    public static List<Checked> run(AppRequests app, Targets targets) {
        if (app.login()) {
            // The login's contract is checked on every container by the tests, and its probe saw the echo.
            return List.of();
        }
        HttpClient client = AppHttp.client();
        Function<String, String> row = app.firstRow()::get;
        List<Checked> checked = new ArrayList<>();
        for (AppRequest request : app.requests()) {
            List<Integer> statuses = new ArrayList<>();
            List<String> bodies = new ArrayList<>();
            for (RunningTarget target : targets.all()) {
                HttpResponse<String> response = send(client, target, request, row);
                if (response.statusCode() != request.status()) {
                    throw new IllegalStateException("the request " + request.described() + " answered " + response.statusCode()
                            + " on " + target.settings().label() + ", not " + request.status() + " as expected; the load would"
                            + " measure that answer. The start of its body: " + start(response.body()));
                }
                statuses.add(response.statusCode());
                bodies.add(response.body());
            }
            checked.add(new Checked(request.name(), statuses, bodies.stream().map(String::length).toList(),
                    difference(bodies, targets)));
        }
        return checked;
    }

    private static HttpResponse<String> send(HttpClient client, RunningTarget target, AppRequest request,
            Function<String, String> row) {
        try {
            return client.send(AppHttp.of(target.baseUrl(), request, row), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("the request " + request.described() + " got no answer from "
                    + target.settings().label() + " before the load: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking " + request.described(), e);
        }
    }

    /** Where the first target's body and another's part, or {@code null} when every body is the same. */
    static String difference(List<String> bodies, Targets targets) {
        String first = bodies.get(0);
        for (int i = 1; i < bodies.size(); i++) {
            String other = bodies.get(i);
            if (!first.equals(other)) {
                int at = 0;
                while (at < Math.min(first.length(), other.length()) && first.charAt(at) == other.charAt(at)) {
                    at++;
                }
                return targets.all().get(0).settings().label() + " and " + targets.all().get(i).settings().label()
                        + " differ from character " + at + " (" + first.length() + " and " + other.length() + " characters): "
                        + excerpt(first, at) + " against " + excerpt(other, at);
            }
        }
        return null;
    }

    private static String excerpt(String body, int at) {
        return "'" + body.substring(at, Math.min(body.length(), at + 40)).replace("\n", "\\n") + "'";
    }

    private static String start(String body) {
        String line = body.strip().replace("\n", " ");
        return line.isEmpty() ? "(empty)" : line.substring(0, Math.min(line.length(), 200));
    }

    /** The check's lines for the run's output. */
    public static List<String> lines(List<Checked> checked) {
        List<String> lines = new ArrayList<>();
        for (Checked one : checked) {
            lines.add("'" + one.request() + "' answered " + one.statuses().get(0) + " on every target"
                    + (one.difference() == null ? ", the same body" : "; the bodies differ: " + one.difference()));
        }
        return lines;
    }
}
