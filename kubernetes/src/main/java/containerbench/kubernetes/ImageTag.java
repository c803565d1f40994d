package containerbench.kubernetes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** The tag of the project's image: the commit of the checkout it is built from. */
final class ImageTag {

    private ImageTag() {
    }

    /**
     * The checkout's commit, 12 hex digits, as {@code mvn -Pimage package} tags the image.
     *
     * @throws IllegalStateException when {@code root} is not a git checkout: then {@code --image} must say which image
     */
    static String of(Path root) {
        try {
            Process git = new ProcessBuilder("git", "-C", root.toString(), "rev-parse", "--short=12", "HEAD")
                    .redirectErrorStream(true).start();
            String commit = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 && commit.matches("[0-9a-f]{12}")) {
                return commit;
            }
            throw new IllegalStateException("no commit to tag the image with (" + commit + "): give --image");
        } catch (IOException e) {
            throw new IllegalStateException("no git to tag the image with its commit (" + e.getMessage() + "): give --image", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
