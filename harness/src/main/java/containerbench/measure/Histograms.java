package containerbench.measure;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Latency histograms as the results JSON keeps them: HdrHistogram's compressed encoding in Base64,
 * values in milliseconds, so that runs of several injectors can be merged exactly (counts add up,
 * percentiles come from the merged histogram, not from averaging percentiles).
 */
public final class Histograms {

    /** Response times up to an hour, three significant digits: what every recorder records into. */
    public static final long HIGHEST_MS = 3_600_000L;
    public static final int DIGITS = 3;

    private Histograms() {
    }

    public static Histogram empty() {
        return new Histogram(HIGHEST_MS, DIGITS);
    }

    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** The histogram an {@link #encode} wrote; a clear error for anything else. */
    public static Histogram decode(String encoded) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)), 0);
        } catch (DataFormatException | IllegalArgumentException | java.nio.BufferUnderflowException e) {
            throw new IllegalArgumentException("not a latency histogram (HdrHistogram, compressed, Base64): " + e.getMessage(), e);
        }
    }

    /** Mean, percentiles and maximum of OK responses, with the histogram itself; {@code null} when it is empty. */
    public static TierResult.Latency latency(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return null;
        }
        return new TierResult.Latency(Decimals.two(histogram.getMean()), histogram.getValueAtPercentile(50),
                histogram.getValueAtPercentile(95), histogram.getValueAtPercentile(99), histogram.getMaxValue(),
                encode(histogram));
    }
}
