package containerbench.settings;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One request of the application under test, as every target gets it: the login of the studies,
 * or one of a user's request file or HAR. Texts may hold {@code #{column}} from the CSV feeder,
 * filled per request ({@link #fill}).
 *
 * @param name how results, Gatling's report and every message name it
 * @param path the path on the server, the context path included ({@code /shop/cart})
 * @param query the query's parameters, in order, not yet encoded
 * @param body what it sends, or {@code null}
 * @param status the status every target must answer
 * @param weight its share of the mix, relative to the others'
 */
public record AppRequest(String name, String method, String path, List<Param> query, List<Param> headers, Body body,
        int status, double weight) {

    /** A name and a value: of the query, a header or a form. */
    public record Param(String name, String value) {
    }

    /** What a request sends; named in a settings file by its kind. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.SIMPLE_NAME)
    @JsonSubTypes({@JsonSubTypes.Type(Form.class), @JsonSubTypes.Type(Text.class)})
    public sealed interface Body permits Form, Text {
    }

    /** Form fields, sent as {@code application/x-www-form-urlencoded}. */
    public record Form(List<Param> fields) implements Body {
    }

    /** A body as it is, JSON or anything else, with its content type. */
    public record Text(String contentType, String text) implements Body {
    }

    /** The studies' request: {@code GET /loginServlet?username=1&password=1}, answered 200. */
    public static final AppRequest LOGIN = new AppRequest("login", "GET", "/loginServlet",
            List.of(new Param("username", "1"), new Param("password", "1")), List.of(), null, 200, 1);

    public AppRequest {
        query = List.copyOf(query);
        headers = List.copyOf(headers);
    }

    private static final Pattern FIELD = Pattern.compile("#\\{([^}]+)}");

    /** Whether a text of it names a feeder column, {@code #{column}}, to fill per request. */
    public boolean fed() {
        List<String> texts = new ArrayList<>(List.of(path));
        for (List<Param> params : List.of(query, headers, body instanceof Form form ? form.fields() : List.<Param>of())) {
            params.forEach(p -> texts.addAll(List.of(p.name(), p.value())));
        }
        if (body instanceof Text text) {
            texts.add(text.text());
        }
        return texts.stream().anyMatch(t -> FIELD.matcher(t).find());
    }

    /** Its path and encoded query, with {@code #{column}} filled from {@code values}. */
    public String pathAndQuery(Function<String, String> values) {
        String filled = fill(path, values);
        if (query.isEmpty()) {
            return filled;
        }
        return filled + "?" + query.stream().map(p -> encode(fill(p.name(), values)) + "=" + encode(fill(p.value(), values)))
                .collect(Collectors.joining("&"));
    }

    /** {@code text} with every {@code #{column}} replaced by its value; a column {@code values} lacks is an error naming it. */
    public static String fill(String text, Function<String, String> values) {
        if (text.indexOf('#') < 0) {
            return text;
        }
        Matcher field = FIELD.matcher(text);
        StringBuilder filled = new StringBuilder();
        while (field.find()) {
            String value = values.apply(field.group(1));
            if (value == null) {
                throw new IllegalArgumentException("no value for #{" + field.group(1) + "}: the feeder has no such column");
            }
            field.appendReplacement(filled, Matcher.quoteReplacement(value));
        }
        return field.appendTail(filled).toString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The form's fields or the text, as sent with {@code values} filled in: for the check before the load. */
    public String bodyText(Function<String, String> values) {
        if (body instanceof Form form) {
            return form.fields().stream().map(p -> URLEncoder.encode(fill(p.name(), values), StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(fill(p.value(), values), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        }
        return body instanceof Text text ? fill(text.text(), values) : null;
    }

    /** The body's content type, or {@code null} without a body. */
    public String contentType() {
        if (body instanceof Form) {
            return "application/x-www-form-urlencoded";
        }
        return body instanceof Text text ? text.contentType() : null;
    }

    /** How messages name it: {@code 'read heap' (POST /jolokia)}. */
    public String described() {
        return "'" + name + "' (" + method + " " + path + ")";
    }
}
