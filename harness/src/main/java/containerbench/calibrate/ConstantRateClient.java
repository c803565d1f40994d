package containerbench.calibrate;

import containerbench.measure.Decimals;
import containerbench.settings.AppRequest;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * A constant-rate client measured the way wrk2 measures, against which the open workload is
 * checked (Debian serves no wrk2): request n is due {@code n / rate} seconds after the start; the
 * next free one of {@code connections} keep-alive connections takes it, waiting for its due time
 * if early, and it is timed from its due time to the end of its response. When every connection is
 * busy, requests wait their turn and the wait counts: nothing is omitted. Plain blocking sockets,
 * HTTP/1.1, the login's GET; no Gatling, no Netty.
 */
final class ConstantRateClient {

    /**
     * One run: its rate as offered and as answered, and its latency from due time in µs.
     *
     * @param errors requests without a 200 answer
     */
    record Result(double offeredRate, double achievedRate, long errors, Histogram correctedMicros) {

        double percentileMs(double percentile) {
            return Decimals.two(correctedMicros.getValueAtPercentile(percentile) / 1000.0);
        }
    }

    private ConstantRateClient() {
    }

    static Result run(URI base, double rate, int connections, int seconds) throws InterruptedException {
        byte[] request = ("GET " + AppRequest.LOGIN.pathAndQuery(column -> null) + " HTTP/1.1\r\nHost: " + base.getHost() + ":"
                + base.getPort() + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        long total = (long) (rate * seconds);
        AtomicLong next = new AtomicLong();
        LongAdder ok = new LongAdder();
        LongAdder errors = new LongAdder();
        Histogram corrected = new ConcurrentHistogram(3_600_000_000L, 3);
        long start = System.nanoTime() + 100_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            Thread thread = new Thread(() -> {
                Socket socket = null;
                for (long n = next.getAndIncrement(); n < total; n = next.getAndIncrement()) {
                    long due = start + (long) (n * 1e9 / rate);
                    for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                        LockSupport.parkNanos(wait);
                    }
                    try {
                        if (socket == null) {
                            socket = new Socket();
                            socket.setTcpNoDelay(true);
                            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
                            socket.setSoTimeout(30_000);
                        }
                        int status = exchange(socket, request);
                        long end = System.nanoTime();
                        if (status == 200) {
                            ok.increment();
                            corrected.recordValue(Math.max(0, (end - due) / 1000));
                        } else {
                            errors.increment();
                        }
                    } catch (IOException e) {
                        errors.increment();
                        closeQuietly(socket);
                        socket = null;
                    }
                }
                closeQuietly(socket);
            }, "constant-rate-" + c);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        return new Result(rate, Decimals.two(ok.sum() / elapsed), errors.sum(), corrected.copy());
    }

    /** One request and its whole response on a keep-alive connection: the status. */
    private static int exchange(Socket socket, byte[] request) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(request);
        out.flush();
        InputStream in = new BufferedInputStream(socket.getInputStream(), 8192);
        String head = head(in);
        int status = Integer.parseInt(head.substring(9, 12));
        long length = 0;
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Long.parseLong(line.substring(15).trim());
            }
        }
        in.skipNBytes(length);
        return status;
    }

    private static String head(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed in a response's head");
            }
            head.append((char) b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3)) ? matched + 1
                    : b == '\r' ? 1 : 0;
        }
        return head.toString();
    }

    private static void closeQuietly(Socket socket) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException e) {
            // closing: nothing more to do
        }
    }
}
