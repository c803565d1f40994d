package containerbench.settings;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/** Which known name a mistyped one was meant to be: {@code tierSecond} for {@code tierSeconds}. */
public final class Spelling {

    private Spelling() {
    }

    /**
     * The known name closest to {@code name}, if it is close enough to be a slip: the same letters in
     * another case or with other punctuation, or a few letters added, dropped, changed or swapped
     * (one in a short name, up to three in a long one).
     */
    public static Optional<String> closest(String name, Collection<String> known) {
        String typed = letters(name);
        int allowed = typed.length() <= 5 ? 1 : typed.length() <= 12 ? 2 : 3;
        return known.stream().filter(candidate -> distance(typed, letters(candidate)) <= allowed)
                .min(Comparator.comparingInt((String candidate) -> distance(typed, letters(candidate)))
                        .thenComparing(Comparator.naturalOrder()));
    }

    private static String letters(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]", "");
    }

    /** Edits (insert, delete, replace, swap two neighbours) that turn {@code a} into {@code b}. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
