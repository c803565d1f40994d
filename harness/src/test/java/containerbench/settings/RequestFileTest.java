package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The request file and the HAR: what they hold, and every way they can be wrong, named. */
class RequestFileTest {

    @TempDir
    Path dir;

    @Test
    void aMixOfAGetAndAPostWithAFeederAndWeights() throws IOException {
        Files.writeString(dir.resolve("users.csv"), "user,pass\nann,secret\nbob,hidden\n");
        AppRequests app = RequestFile.read(write("""
                {"feeder": "users.csv", "cookies": false, "requests": [
                  {"name": "search", "path": "/shop/search", "query": {"q": "red shoes", "page": 2}, "weight": 3,
                   "headers": {"Accept": "application/json"}},
                  {"name": "login", "method": "post", "path": "/shop/login", "status": 302,
                   "form": {"username": "#{user}", "password": "#{pass}"}},
                  {"name": "order", "method": "POST", "path": "/shop/api/orders", "status": 201, "json": {"item": 7, "by": "#{user}"}}
                ]}"""));
        assertEquals(List.of("search", "login", "order"), app.requests().stream().map(AppRequest::name).toList());
        assertEquals(dir.resolve("users.csv"), app.feeder());
        assertEquals(false, app.cookies());
        assertEquals(Map.of("user", "ann", "pass", "secret"), app.firstRow());
        AppRequest search = app.requests().get(0);
        assertEquals("/shop/search?q=red%20shoes&page=2", search.pathAndQuery(app.firstRow()::get));
        assertEquals(3, search.weight());
        assertEquals(200, search.status());
        AppRequest login = app.requests().get(1);
        assertEquals("POST", login.method());
        assertEquals("username=ann&password=secret", login.bodyText(app.firstRow()::get));
        assertEquals("application/x-www-form-urlencoded", login.contentType());
        AppRequest order = app.requests().get(2);
        assertEquals("{\"item\":7,\"by\":\"ann\"}", order.bodyText(app.firstRow()::get));
        assertEquals("application/json", order.contentType());
        assertTrue(order.fed());
        assertEquals(search, app.health(), "the first request is the health request unless told otherwise");
    }

    @Test
    void basicAuthForEveryRequestIsTheHeaderABrowserSendsAndARequestCanSendOtherOrNone() throws IOException {
        AppRequests app = RequestFile.read(write("""
                {"basicAuth": {"username": "alice", "password": "s3cret"}, "requests": [
                  {"name": "mine", "path": "/app/me"},
                  {"name": "anonymous", "path": "/app/me", "basicAuth": null, "status": 401},
                  {"name": "bob", "path": "/app/me", "basicAuth": {"username": "bob", "password": "pw"}, "status": 403}
                ]}"""));
        // Base64 of alice:s3cret and bob:pw, as RFC 7617 writes them.
        assertEquals(List.of(new AppRequest.Param("Authorization", "Basic YWxpY2U6czNjcmV0")), app.requests().get(0).headers());
        assertEquals(List.of(), app.requests().get(1).headers());
        assertEquals(List.of(new AppRequest.Param("Authorization", "Basic Ym9iOnB3")), app.requests().get(2).headers());
        assertEquals(prefix() + "request 'x''s \"basicAuth\" must be {\"username\": \"...\", \"password\": \"...\"}, or null for no"
                + " credentials", error(write("{\"requests\": [{\"name\": \"x\", \"path\": \"/\", \"basicAuth\": \"alice\"}]}")));
        assertEquals(prefix() + "the file's \"basicAuth\" takes fixed credentials, not #{column} from the feeder",
                error(write("{\"basicAuth\": {\"username\": \"#{user}\", \"password\": \"x\"}, \"requests\": [{\"path\": \"/\"}]}")));
        assertEquals(prefix() + "request 'x' has an Authorization header and \"basicAuth\": give one", error(write(
                "{\"basicAuth\": {\"username\": \"a\", \"password\": \"b\"}, \"requests\": [{\"name\": \"x\", \"path\": \"/\","
                        + " \"headers\": {\"authorization\": \"Bearer t\"}}]}")));
    }

    @Test
    void everyMistakeNamesTheFileTheRequestAndWhatWouldBeRight() throws IOException {
        assertEquals("cannot read the request file " + dir.resolve("none.json") + ": there is no such file",
                error(dir.resolve("none.json")));
        assertEquals("cannot read the request file " + dir + ": it is not a readable file", error(dir));
        Path notJson = write("{\"requests\": [");
        assertTrue(error(notJson).startsWith("the request file " + notJson + " is not JSON: "), error(notJson));
        assertEquals(prefix() + "\"requests\" must be a list of at least one request", error(write("{\"requests\": []}")));
        assertEquals(prefix() + "the file has the unknown field \"request\"; known: basicAuth, cookies, feeder, requests",
                error(write("{\"request\": []}")));
        assertEquals(prefix() + "request 1 has no \"path\" (the path on the server, such as /shop/cart)",
                error(write("{\"requests\": [{\"name\": \"x\"}]}")));
        assertEquals(prefix() + "request 1's \"path\" is 'shop?x=1'; it must be a path on the server starting with / (the"
                + " context path included), without a query (give \"query\") or a host",
                error(write("{\"requests\": [{\"path\": \"shop?x=1\"}]}")));
        assertEquals(prefix() + "request 1 has the method FETCH; accepted: DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT",
                error(write("{\"requests\": [{\"path\": \"/\", \"method\": \"fetch\"}]}")));
        assertEquals(prefix() + "request 'x' has the status 2000; accepted: a whole number from 100 to 599",
                error(write("{\"requests\": [{\"name\": \"x\", \"path\": \"/\", \"status\": 2000}]}")));
        assertEquals(prefix() + "request 'x' has the weight 0; accepted: a number above 0, its share relative to the others'",
                error(write("{\"requests\": [{\"name\": \"x\", \"path\": \"/\", \"weight\": 0}]}")));
        assertEquals(prefix() + "request 'x' has more than one of \"form\", \"json\" and \"body\": a request sends one body",
                error(write("{\"requests\": [{\"name\": \"x\", \"path\": \"/\", \"form\": {}, \"json\": {}}]}")));
        assertEquals(prefix() + "two requests are named 'GET /': each needs a name of its own",
                error(write("{\"requests\": [{\"path\": \"/\"}, {\"path\": \"/\"}]}")));
        assertEquals(prefix() + "the feeder " + dir.resolve("gone.csv") + " cannot be read",
                error(write("{\"feeder\": \"gone.csv\", \"requests\": [{\"path\": \"/\"}]}")));
    }

    @Test
    void aHarKeepsTheRequestsToItsFirstOriginWithTheirRecordedStatus() throws IOException {
        Path har = Files.writeString(dir.resolve("shop.har"), har("""
                {"request": {"method": "GET", "url": "http://127.0.0.1:8080/shop/?x=1", "queryString": [{"name": "x", "value": "1"}],
                  "headers": [{"name": "Host", "value": "127.0.0.1:8080"}, {"name": "Accept", "value": "text/html"},
                              {"name": "Cookie", "value": "JSESSIONID=1"}]},
                 "response": {"status": 200}},
                {"request": {"method": "POST", "url": "http://127.0.0.1:8080/shop/login",
                  "headers": [{"name": "Content-Type", "value": "application/x-www-form-urlencoded"}],
                  "postData": {"mimeType": "application/x-www-form-urlencoded", "text": "user=ann"}},
                 "response": {"status": 302}},
                {"request": {"method": "GET", "url": "http://127.0.0.1:8080/shop/"}, "response": {"status": 200}}"""));
        AppRequests app = RequestFile.read(har);
        assertEquals(List.of("GET /shop/", "POST /shop/login", "GET /shop/ #2"), app.requests().stream().map(AppRequest::name).toList());
        AppRequest first = app.requests().get(0);
        assertEquals("/shop/?x=1", first.pathAndQuery(column -> null));
        assertEquals(List.of(new AppRequest.Param("Accept", "text/html")), first.headers(), "Host and Cookie are not replayed");
        AppRequest login = app.requests().get(1);
        assertEquals(302, login.status());
        assertEquals("user=ann", login.bodyText(column -> null));
        assertTrue(login.headers().isEmpty(), "the body's content type is sent once, with the body");
        assertNull(app.feeder());
    }

    @Test
    void aHarWithARequestToAnotherOriginIsRefusedNamingIt() throws IOException {
        Path har = Files.writeString(dir.resolve("cdn.har"), har("""
                {"request": {"method": "GET", "url": "http://127.0.0.1:8080/shop/"}, "response": {"status": 200}},
                {"request": {"method": "GET", "url": "https://cdn.example.com/app.js"}, "response": {"status": 200}}"""));
        assertEquals("the HAR file " + har + ": entry 2 (GET https://cdn.example.com/app.js) goes to https://cdn.example.com,"
                + " not to http://127.0.0.1:8080 where its first request went; only requests to the server under test can be"
                + " replayed: remove it from the HAR", error(har));
        Path empty = Files.writeString(dir.resolve("empty.har"), "{\"log\": {\"entries\": []}}");
        assertTrue(error(empty).contains("has no log.entries"), error(empty));
    }

    private static String har(String entries) {
        return "{\"log\": {\"version\": \"1.2\", \"entries\": [" + entries + "]}}";
    }

    private Path write(String json) throws IOException {
        return Files.writeString(dir.resolve("requests.json"), json);
    }

    private String prefix() {
        return "the request file " + dir.resolve("requests.json") + ": ";
    }

    private static String error(Path file) {
        return assertThrows(SettingException.class, () -> RequestFile.read(file)).getMessage();
    }
}
