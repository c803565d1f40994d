package containerbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The comparison of a set of runs, written as a page ({@code index.html}) and its Markdown twin
 * ({@code summary.md}), both laid out from one {@link ComparisonDocument}. Links are relative, so a
 * copied folder keeps them.
 */
public final class ComparisonPage {

    private ComparisonPage() {
    }

    /** Writes index.html and summary.md into {@code dir}; returns the page. */
    public static Path write(Path dir, RunSet set) {
        try {
            Files.createDirectories(dir);
            ComparisonDocument doc = ComparisonDocument.of(set, dir);
            Path page = dir.resolve("index.html");
            Files.writeString(page, HtmlView.render(doc));
            Files.writeString(dir.resolve("summary.md"), MarkdownView.render(doc));
            return page;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the comparison page in " + dir, e);
        }
    }
}
