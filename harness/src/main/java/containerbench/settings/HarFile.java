package containerbench.settings;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A HAR file saved from a browser's network panel: its requests to the origin of its first request,
 * each with the status the browser recorded as the one every target must answer. A request to any
 * other origin (a CDN, an API elsewhere) stops the run naming it: it would load a server that is
 * not under test.
 */
final class HarFile {

    // Set by the client for the connection, by the cookie jar, or per hop: never replayed as recorded.
    private static final Set<String> NOT_REPLAYED = Set.of("host", "content-length", "connection", "cookie", "keep-alive",
            "transfer-encoding", "upgrade", "te", "trailer", "proxy-connection");

    private HarFile() {
    }

    static AppRequests read(Path file) {
        JsonNode entries = RequestFile.json(file).path("log").path("entries");
        if (!entries.isArray() || entries.isEmpty()) {
            throw new SettingException("the HAR file " + file + " has no log.entries: save it from the browser's network"
                    + " panel with its requests (\"Save all as HAR\")");
        }
        String origin = null;
        List<AppRequest> requests = new ArrayList<>();
        Map<String, Integer> names = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode request = entries.get(i).path("request");
            URI url = url(file, i, request.path("url").asText());
            String entryOrigin = url.getScheme() + "://" + url.getAuthority();
            if (origin == null) {
                origin = entryOrigin;
            } else if (!origin.equals(entryOrigin)) {
                throw new SettingException("the HAR file " + file + ": entry " + (i + 1) + " (" + request.path("method").asText()
                        + " " + url + ") goes to " + entryOrigin + ", not to " + origin + " where its first request went;"
                        + " only requests to the server under test can be replayed: remove it from the HAR");
            }
            requests.add(request(file, i, request, url, entries.get(i).path("response").path("status").asInt(), names));
        }
        return new AppRequests(requests, null, true, requests.get(0), file.toString());
    }

    private static AppRequest request(Path file, int index, JsonNode request, URI url, int status, Map<String, Integer> names) {
        if (status < 100 || status > 599) {
            throw new SettingException("the HAR file " + file + ": entry " + (index + 1) + " (" + url + ") has no recorded"
                    + " status (" + status + "): the browser got no answer; remove it from the HAR");
        }
        String method = request.path("method").asText("GET").toUpperCase();
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        List<AppRequest.Param> query = new ArrayList<>();
        request.path("queryString").forEach(p -> query.add(new AppRequest.Param(p.path("name").asText(), p.path("value").asText())));
        List<AppRequest.Param> headers = new ArrayList<>();
        request.path("headers").forEach(h -> {
            String name = h.path("name").asText();
            if (!name.startsWith(":") && !NOT_REPLAYED.contains(name.toLowerCase())) {
                headers.add(new AppRequest.Param(name, h.path("value").asText()));
            }
        });
        AppRequest.Body body = null;
        JsonNode post = request.path("postData");
        if (!post.isMissingNode()) {
            String type = post.path("mimeType").asText("application/octet-stream");
            if (post.has("text")) {
                body = new AppRequest.Text(type, post.path("text").asText());
            } else if (post.path("params").isArray()) {
                List<AppRequest.Param> fields = new ArrayList<>();
                post.path("params").forEach(p -> fields.add(new AppRequest.Param(p.path("name").asText(), p.path("value").asText())));
                body = new AppRequest.Form(fields);
            }
            // The body's own content type goes with it: a recorded one would be sent twice.
            headers.removeIf(h -> h.name().equalsIgnoreCase("content-type"));
        }
        String name = method + " " + path;
        int seen = names.merge(name, 1, Integer::sum);
        return new AppRequest(seen == 1 ? name : name + " #" + seen, method, path, query, headers, body, status, 1);
    }

    private static URI url(Path file, int index, String text) {
        try {
            URI url = new URI(text);
            if (url.getScheme() == null || url.getAuthority() == null || !url.getScheme().startsWith("http")) {
                throw new URISyntaxException(text, "not an http(s) URL");
            }
            return url;
        } catch (URISyntaxException e) {
            throw new SettingException("the HAR file " + file + ": entry " + (index + 1) + " has the URL '" + text
                    + "', which is not an http(s) URL");
        }
    }
}
