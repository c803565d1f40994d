package containerbench.measure;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.csv;
import static io.gatling.javaapi.core.CoreDsl.doSwitch;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.onCase;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.http.HttpDsl.flushCookieJar;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import containerbench.settings.AppRequest;
import containerbench.settings.AppRequests;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Choice;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * The application's requests as Gatling sends them: one request (the studies' login), or a mix in
 * which each of a virtual user's loops sends one request, drawn by weight. Texts are filled from
 * the feeder's columns by this class, not by Gatling's expression language, so that what is sent
 * is what the check before the load sent.
 */
public final class RequestMix {

    /** Where the simulation keeps a request's response time and status for the recording. */
    public static final String RESPONSE_TIME = "rt";
    public static final String STATUS = "status";

    private final AppRequests app;
    private final double[] cumulative;

    public RequestMix(AppRequests app) {
        this.app = app;
        List<AppRequest> requests = app.requests();
        cumulative = new double[requests.size()];
        double sum = 0;
        for (int i = 0; i < cumulative.length; i++) {
            sum += requests.get(i).weight();
            cumulative[i] = sum;
        }
    }

    /** The requests' names, in the order of the mix: what the results break a tier down by. */
    public List<String> names() {
        return app.requests().stream().map(AppRequest::name).toList();
    }

    /** Every name Gatling's report gives the requests of blocks named {@code blocks}: for the gates. */
    public List<String> gatlingNames(List<String> blocks) {
        List<String> names = new ArrayList<>();
        blocks.forEach(block -> names.addAll(java.util.stream.IntStream.range(0, app.requests().size())
                .mapToObj(i -> gatlingName(block, i)).toList()));
        return names;
    }

    /** How Gatling's report names a request of a block: the block's name, and the request's within a mix. */
    public String gatlingName(String block, int request) {
        return app.requests().size() == 1 ? block : block + " " + app.requests().get(request).name();
    }

    /**
     * One loop of a virtual user: a request to the base URL the session names, checked for its
     * expected status, then {@code recorded} with its index in the mix (unless {@code null}: nothing recorded).
     *
     * @param saveTimes whether the response time and status are kept for the recording ({@link #RESPONSE_TIME}, {@link #STATUS})
     */
    public ChainBuilder chain(List<String> bases, ToIntFunction<Session> target, Function<Session, String> block,
            boolean saveTimes, BiFunction<Session, Integer, Session> recorded) {
        List<Choice.WithKey> each = new ArrayList<>();
        for (int i = 0; i < app.requests().size(); i++) {
            int index = i;
            ChainBuilder one = exec(request(app.requests().get(i), session -> gatlingName(block.apply(session), index), bases,
                    target, saveTimes));
            if (recorded != null) {
                one = one.exec(session -> recorded.apply(session, index));
            }
            each.add(onCase(i).then(app.cookies() ? one : exec(flushCookieJar()).exec(one)));
        }
        ChainBuilder pick = each.size() == 1 ? each.get(0).chain : doSwitch(session -> pick()).on(each);
        return app.feeder() == null ? pick : feed(csv(app.feeder().toString()).circular()).exec(pick);
    }

    /** A request index drawn with the probability of its weight. */
    private int pick() {
        int found = Arrays.binarySearch(cumulative, ThreadLocalRandom.current().nextDouble(cumulative[cumulative.length - 1]));
        return found >= 0 ? found + 1 : -found - 1;
    }

    private static HttpRequestActionBuilder request(AppRequest request, Function<Session, String> name, List<String> bases,
            ToIntFunction<Session> target, boolean saveTimes) {
        // Built once per target where no column fills it (the login): no string work per request.
        List<String> fixed = request.fed() ? null
                : bases.stream().map(base -> base + request.pathAndQuery(column -> null)).toList();
        HttpRequestActionBuilder http = http(name).httpRequest(request.method(), fixed != null
                ? session -> fixed.get(target.applyAsInt(session))
                : session -> bases.get(target.applyAsInt(session)) + request.pathAndQuery(columns(session)));
        for (AppRequest.Param header : request.headers()) {
            http = http.header(header.name(), session -> AppRequest.fill(header.value(), columns(session)));
        }
        if (request.body() instanceof AppRequest.Form form) {
            for (AppRequest.Param field : form.fields()) {
                http = http.formParam(session -> AppRequest.fill(field.name(), columns(session)),
                        session -> AppRequest.fill(field.value(), columns(session)));
            }
        } else if (request.body() instanceof AppRequest.Text text) {
            http = http.header("Content-Type", text.contentType())
                    .body(StringBody(session -> AppRequest.fill(text.text(), columns(session))));
        }
        return saveTimes
                ? http.check(responseTimeInMillis().saveAs(RESPONSE_TIME), status().saveAs(STATUS), status().is(request.status()))
                : http.check(status().is(request.status()));
    }

    private static Function<String, String> columns(Session session) {
        return column -> session.contains(column) ? session.getString(column) : null;
    }
}
