package containerbench.report;

/** Escaping for text placed in HTML, and for JSON placed inside a script element. */
public final class Html {

    private Html() {
    }

    public static String text(Object value) {
        String s = String.valueOf(value);
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** JSON that cannot close the script element it sits in. */
    public static String scriptJson(String json) {
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
    }
}
