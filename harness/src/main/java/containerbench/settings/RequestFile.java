package containerbench.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A request file ({@code -Dapp.requests=requests.json}): the requests of a mix, each with what it
 * sends and the status it must get. Read whole before anything starts; every error names the file,
 * the request and the field, and what would be right. docs/applications.md shows the format.
 */
public final class RequestFile {

    private static final Set<String> TOP = Set.of("requests", "feeder", "cookies", "basicAuth");
    private static final Set<String> REQUEST = Set.of("name", "method", "path", "query", "headers", "form", "json", "body",
            "contentType", "status", "weight", "basicAuth");
    private static final Set<String> CREDENTIALS = Set.of("username", "password");
    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");

    private final Path file;

    private RequestFile(Path file) {
        this.file = file;
    }

    /** The requests of {@code file}: a HAR when its name ends in .har, else this project's JSON. */
    public static AppRequests read(Path file) {
        if (!Files.isReadable(file) || Files.isDirectory(file)) {
            throw new SettingException("cannot read the request file " + file + ": "
                    + (Files.exists(file) ? "it is not a readable file" : "there is no such file"));
        }
        if (file.getFileName().toString().toLowerCase().endsWith(".har")) {
            return HarFile.read(file);
        }
        return new RequestFile(file).parse(json(file));
    }

    /** The file's JSON, or an error naming where it stops being JSON. */
    static JsonNode json(Path file) {
        try {
            return new ObjectMapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new SettingException("the request file " + file + " is not JSON: " + e.getOriginalMessage() + " (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        } catch (IOException e) {
            throw new SettingException("cannot read the request file " + file + ": " + e);
        }
    }

    private AppRequests parse(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw error("it must hold one JSON object with a \"requests\" list");
        }
        only(root, TOP, "the file");
        JsonNode list = root.get("requests");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw error("\"requests\" must be a list of at least one request");
        }
        List<AppRequest> requests = new ArrayList<>();
        Set<String> names = new HashSet<>();
        AppRequest.Param everyRequest = root.has("basicAuth") ? basicAuth(root.get("basicAuth"), "the file's \"basicAuth\"") : null;
        for (int i = 0; i < list.size(); i++) {
            AppRequest request = request(list.get(i), "request " + (i + 1), everyRequest);
            if (!names.add(request.name())) {
                throw error("two requests are named '" + request.name() + "': each needs a name of its own");
            }
            requests.add(request);
        }
        Path feeder = null;
        if (root.has("feeder")) {
            feeder = file.toAbsolutePath().getParent().resolve(text(root, "feeder", "the file"));
            if (!Files.isReadable(feeder)) {
                throw error("the feeder " + feeder + " cannot be read");
            }
        }
        boolean cookies = !root.has("cookies") || bool(root.get("cookies"), "\"cookies\"");
        return new AppRequests(requests, feeder, cookies, requests.get(0), file.toString());
    }

    private AppRequest request(JsonNode node, String where, AppRequest.Param basicAuth) {
        if (!node.isObject()) {
            throw error(where + " must be a JSON object");
        }
        only(node, REQUEST, where);
        String method = node.has("method") ? text(node, "method", where).toUpperCase() : "GET";
        if (!METHODS.contains(method)) {
            throw error(where + " has the method " + method + "; accepted: " + String.join(", ", METHODS.stream().sorted().toList()));
        }
        if (!node.has("path")) {
            throw error(where + " has no \"path\" (the path on the server, such as /shop/cart)");
        }
        String path = checkedPath(text(node, "path", where), where + "'s \"path\"");
        String name = node.has("name") ? text(node, "name", where) : method + " " + path;
        String named = "request '" + name + "'";
        int bodies = (node.has("form") ? 1 : 0) + (node.has("json") ? 1 : 0) + (node.has("body") ? 1 : 0);
        if (bodies > 1) {
            throw error(named + " has more than one of \"form\", \"json\" and \"body\": a request sends one body");
        }
        AppRequest.Body body = null;
        if (node.has("form")) {
            body = new AppRequest.Form(params(node.get("form"), named + "'s \"form\""));
        } else if (node.has("json")) {
            body = new AppRequest.Text("application/json", node.get("json").toString());
        } else if (node.has("body")) {
            body = new AppRequest.Text(node.has("contentType") ? text(node, "contentType", named) : "text/plain",
                    text(node, "body", named));
        }
        if (node.has("contentType") && !node.has("body")) {
            throw error(named + " has a \"contentType\" without a \"body\" (\"form\" and \"json\" set their own)");
        }
        int status = 200;
        if (node.has("status")) {
            JsonNode given = node.get("status");
            if (!given.canConvertToInt() || given.asInt() < 100 || given.asInt() > 599 || !given.isIntegralNumber()) {
                throw error(named + " has the status " + given + "; accepted: a whole number from 100 to 599");
            }
            status = given.asInt();
        }
        double weight = 1;
        if (node.has("weight")) {
            JsonNode given = node.get("weight");
            if (!given.isNumber() || given.asDouble() <= 0) {
                throw error(named + " has the weight " + given + "; accepted: a number above 0, its share relative to the others'");
            }
            weight = given.asDouble();
        }
        List<AppRequest.Param> query = node.has("query") ? params(node.get("query"), named + "'s \"query\"") : List.of();
        List<AppRequest.Param> headers = new ArrayList<>(node.has("headers") ? params(node.get("headers"), named + "'s \"headers\"")
                : List.of());
        AppRequest.Param authorization = node.has("basicAuth") ? basicAuth(node.get("basicAuth"), named + "'s \"basicAuth\"")
                : basicAuth;
        if (authorization != null) {
            if (headers.stream().anyMatch(header -> header.name().equalsIgnoreCase(AUTHORIZATION))) {
                throw error(named + " has an Authorization header and \"basicAuth\": give one");
            }
            headers.add(authorization);
        }
        return new AppRequest(name, method, path, query, headers, body, status, weight);
    }

    private static final String AUTHORIZATION = "Authorization";

    /**
     * {@code {"username": ..., "password": ...}} as the header a browser sends for HTTP Basic
     * authentication, built once; {@code null} (a request's own) sends none.
     */
    private AppRequest.Param basicAuth(JsonNode node, String where) {
        if (node.isNull()) {
            return null;
        }
        if (!node.isObject() || !node.has("username") || !node.has("password")) {
            throw error(where + " must be {\"username\": \"...\", \"password\": \"...\"}, or null for no credentials");
        }
        only(node, CREDENTIALS, where);
        String username = text(node, "username", where);
        String password = text(node, "password", where);
        if (username.contains(":")) {
            throw error(where + " has a username with ':', which HTTP Basic authentication cannot send");
        }
        if ((username + password).contains("#{")) {
            throw error(where + " takes fixed credentials, not #{column} from the feeder");
        }
        if (!(username + password).chars().allMatch(c -> c >= 0x20 && c <= 0x7E)) {
            // Tomcat and Jetty decode them as ISO-8859-1, WildFly and Liberty as UTF-8 (Users refuses such passwords too).
            throw error(where + " has a character beyond printable ASCII, which containers decode differently");
        }
        return new AppRequest.Param(AUTHORIZATION, "Basic " + Base64.getEncoder().encodeToString((username + ":" + password)
                .getBytes(StandardCharsets.UTF_8)));
    }

    private String checkedPath(String path, String where) {
        if (!path.startsWith("/") || path.contains("?") || path.contains("://")) {
            throw error(where + " is '" + path + "'; it must be a path on the server starting with / (the context path"
                    + " included), without a query (give \"query\") or a host");
        }
        return path;
    }

    /** An object of names to texts (numbers and booleans taken as their text). */
    private List<AppRequest.Param> params(JsonNode node, String where) {
        if (!node.isObject()) {
            throw error(where + " must be an object of names to values, such as {\"username\": \"#{user}\"}");
        }
        List<AppRequest.Param> params = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!field.getValue().isValueNode() || field.getValue().isNull()) {
                throw error(where + " gives " + field.getKey() + " the value " + field.getValue() + "; accepted: a text or a number");
            }
            params.add(new AppRequest.Param(field.getKey(), field.getValue().asText()));
        }
        return params;
    }

    private String text(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw error(where + "'s \"" + field + "\" is " + value + "; it must be a text");
        }
        return value.asText();
    }

    private boolean bool(JsonNode value, String where) {
        if (!value.isBoolean()) {
            throw error(where + " is " + value + "; it must be true or false");
        }
        return value.asBoolean();
    }

    private void only(JsonNode node, Set<String> known, String where) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                throw error(where + " has the unknown field \"" + name + "\"; known: " + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    private SettingException error(String problem) {
        return new SettingException("the request file " + file + ": " + problem);
    }
}
