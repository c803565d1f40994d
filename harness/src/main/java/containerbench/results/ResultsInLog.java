package containerbench.results;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Results files carried in a process's standard output, for an injector whose files nobody can
 * reach once it ends (a pod on Kubernetes: its log outlives it, its disk does not). Each file is
 * gzipped, in base64 lines between a begin line that gives its name, size and SHA-256 and an end
 * line; a log cut short (the kubelet rotates large logs) or altered is refused, not half read.
 */
public final class ResultsInLog {

    static final String BEGIN = "container-bench-results-begin ";
    static final String END = "container-bench-results-end ";
    private static final int LINE = 76;

    private ResultsInLog() {
    }

    /** Prints {@code file} as one block. */
    public static void print(Path file, PrintStream out) throws IOException {
        byte[] content = Files.readAllBytes(file);
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write(content);
        }
        String name = file.getFileName().toString();
        StringBuilder block = new StringBuilder(BEGIN).append(name).append(' ').append(content.length).append(' ')
                .append(sha256(content)).append('\n');
        String encoded = Base64.getEncoder().encodeToString(zipped.toByteArray());
        for (int i = 0; i < encoded.length(); i += LINE) {
            block.append(encoded, i, Math.min(encoded.length(), i + LINE)).append('\n');
        }
        out.print(block.append(END).append(name).append('\n'));
        out.flush();
    }

    /**
     * Every file printed in {@code log}, by name, in the order printed; other lines are skipped.
     *
     * @throws IllegalStateException for a block without its end, or whose size or checksum differ
     */
    public static Map<String, byte[]> read(String log) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        String[] header = null;
        StringBuilder encoded = new StringBuilder();
        for (String line : log.split("\r?\n")) {
            if (header == null) {
                if (line.startsWith(BEGIN)) {
                    header = line.substring(BEGIN.length()).split(" ");
                    encoded.setLength(0);
                }
            } else if (line.startsWith(END)) {
                files.put(header[0], decoded(header, encoded.toString()));
                header = null;
            } else {
                encoded.append(line.strip());
            }
        }
        if (header != null) {
            throw new IllegalStateException("the results file " + header[0] + " is cut short in the log (no end line)");
        }
        return files;
    }

    private static byte[] decoded(String[] header, String encoded) {
        if (header.length != 3) {
            throw new IllegalStateException("a results block's first line is not 'name size sha256': " + String.join(" ", header));
        }
        byte[] content;
        try (GZIPInputStream gzip = new GZIPInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(encoded)))) {
            content = gzip.readAllBytes();
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("the results file " + header[0] + " cannot be decoded from the log: " + e.getMessage(), e);
        }
        if (content.length != Long.parseLong(header[1]) || !sha256(content).equals(header[2])) {
            throw new IllegalStateException("the results file " + header[0] + " differs from what was printed (" + content.length
                    + " bytes against " + header[1] + ", or another checksum)");
        }
        return content;
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new UncheckedIOException(new IOException("no SHA-256 in this JVM", e));
        }
    }
}
