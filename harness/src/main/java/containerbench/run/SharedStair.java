package containerbench.run;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import containerbench.measure.BlockResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * A capacity search that several injectors on this machine share, in the folder they met in
 * ({@link StartBarrier}): each of the others writes its blocks of every step once the step is over
 * ({@code stair-<step>-<index>.json}); injector 0 joins them with its own and decides, once for all,
 * whether the stair is done, and says so in {@code stair-stop}, which the others watch. Each injector
 * sends only its share of the rate, so no one of them sees the target's p99 at the step's rate alone.
 */
final class SharedStair {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STOP = "stair-stop";

    private final Path folder;
    private final int index;
    private final int count;
    private final IntPredicate gone;

    /** @param gone which of the others has ended (its JVM exited): not waited for */
    SharedStair(Path folder, int index, int count, IntPredicate gone) {
        this.folder = folder;
        this.index = index;
        this.count = count;
        this.gone = gone;
    }

    /** Whether this injector decides for all: injector 0. */
    boolean decides() {
        return index == 0;
    }

    /** One of the others: its blocks of step {@code step}, once the step is over and its last requests are in. */
    void publish(int step, List<BlockResult> blocks) {
        Path file = file(step, index);
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try {
            JSON.writeValue(partial.toFile(), blocks);
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            System.out.println("container-bench: WARNING injector " + index + " cannot share its blocks of the capacity search: "
                    + e.getMessage());
        }
    }

    /**
     * Injector 0: every injector's blocks of step {@code step}, its own first; {@code null} while one
     * that is still running has not written them. One that has ended is left out.
     */
    List<List<BlockResult>> collect(int step, List<BlockResult> own) {
        List<List<BlockResult>> all = new ArrayList<>(List.of(own));
        for (int other = 1; other < count; other++) {
            Path file = file(step, other);
            if (!Files.exists(file)) {
                if (gone.test(other)) {
                    continue;
                }
                return null;
            }
            try {
                all.add(JSON.readValue(file.toFile(), new TypeReference<List<BlockResult>>() { }));
            } catch (IOException e) {
                throw new IllegalStateException("injector " + other + "'s blocks of the capacity search cannot be read: " + e.getMessage(),
                        e);
            }
        }
        return all;
    }

    /** Injector 0: the stair is done; the others stop too. */
    void stop() {
        try {
            Files.writeString(folder.resolve(STOP), "searched");
        } catch (IOException e) {
            System.out.println("container-bench: WARNING the other injectors cannot be told the capacity search is over: "
                    + e.getMessage());
        }
    }

    /** One of the others: whether injector 0 has said the stair is done. */
    boolean stopped() {
        return Files.exists(folder.resolve(STOP));
    }

    private Path file(int step, int injector) {
        return folder.resolve("stair-" + step + "-" + injector + ".json");
    }
}
