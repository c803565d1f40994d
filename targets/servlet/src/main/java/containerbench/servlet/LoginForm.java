package containerbench.servlet;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The two fields of the login form, decoded strictly from an {@code application/x-www-form-urlencoded}
 * string (a query string or a request body).
 *
 * <p>The servlet decodes the form itself rather than through {@code getParameter}: containers
 * disagree on malformed percent-encoding and invalid UTF-8 (some drop the pair, some fail), and
 * every container must give the same answer to the same bytes. On the valid request of the
 * benchmark this costs one pass over about 30 characters.
 */
public record LoginForm(String username, String password) {

    /** Longest accepted value, in characters after decoding. */
    public static final int MAX_VALUE_LENGTH = 256;

    /** Why a form was refused; the message names the parameter or the rule, never the value. */
    public static final class InvalidFormException extends Exception {
        InvalidFormException(String message) {
            super(message, null, false, false);
        }
    }

    public static LoginForm parse(String form) throws InvalidFormException {
        String username = null;
        String password = null;
        if (form != null && !form.isEmpty()) {
            int start = 0;
            while (start <= form.length()) {
                int end = form.indexOf('&', start);
                if (end < 0) {
                    end = form.length();
                }
                int equals = form.indexOf('=', start);
                String name = decode(form, start, equals >= 0 && equals < end ? equals : end, "a parameter name");
                if (name.equals("username")) {
                    username = once(username, name, value(form, equals, end, name));
                } else if (name.equals("password")) {
                    password = once(password, name, value(form, equals, end, name));
                }
                start = end + 1;
            }
        }
        return new LoginForm(required(username, "username"), required(password, "password"));
    }

    /** The response body: both values echoed, one per line. */
    public String echo() {
        return "username: " + username + "\npassword: " + password + "\n";
    }

    private static String value(String form, int equals, int end, String name) throws InvalidFormException {
        if (equals < 0 || equals > end) {
            return "";
        }
        String value = decode(form, equals + 1, end, "parameter " + name);
        if (value.length() > MAX_VALUE_LENGTH) {
            throw new InvalidFormException("parameter " + name + " is longer than " + MAX_VALUE_LENGTH + " characters");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw new InvalidFormException("parameter " + name + " contains a control character");
            }
        }
        return value;
    }

    private static String once(String previous, String name, String value) throws InvalidFormException {
        if (previous != null) {
            throw new InvalidFormException("parameter " + name + " is given more than once");
        }
        return value;
    }

    private static String required(String value, String name) throws InvalidFormException {
        if (value == null) {
            throw new InvalidFormException("missing parameter: " + name);
        }
        if (value.isEmpty()) {
            throw new InvalidFormException("empty parameter: " + name);
        }
        return value;
    }

    /** Percent-decodes form[from, to) as UTF-8, '+' meaning space; rejects anything ambiguous. */
    private static String decode(String form, int from, int to, String what) throws InvalidFormException {
        boolean plain = true;
        for (int i = from; i < to; i++) {
            char c = form.charAt(i);
            if (c <= 0x20 || c >= 0x7f) {
                throw new InvalidFormException(what + " is not percent-encoded ASCII");
            }
            plain &= c != '%' && c != '+';
        }
        if (plain) {
            return form.substring(from, to);
        }
        ByteBuffer bytes = ByteBuffer.allocate(to - from);
        for (int i = from; i < to; i++) {
            char c = form.charAt(i);
            if (c == '+') {
                bytes.put((byte) ' ');
            } else if (c != '%') {
                bytes.put((byte) c);
            } else {
                int high = i + 2 < to ? Character.digit(form.charAt(i + 1), 16) : -1;
                int low = high >= 0 ? Character.digit(form.charAt(i + 2), 16) : -1;
                if (low < 0) {
                    throw new InvalidFormException(what + " has malformed percent-encoding");
                }
                bytes.put((byte) (high << 4 | low));
                i += 2;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(bytes.flip())
                    .toString();
        } catch (CharacterCodingException e) {
            throw new InvalidFormException(what + " is not valid UTF-8");
        }
    }
}
