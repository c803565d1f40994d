package containerbench.launch;

import containerbench.settings.SettingException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Pins this JVM (Gatling's) to CPUs with Linux {@code taskset}, every thread; later threads inherit the mask. */
public final class Pinning {

    private Pinning() {
    }

    /** @param option the setting as the user wrote it ({@code -Dinjector.cpus}), for the message */
    public static void pinThisJvm(String cpus, String option) {
        try {
            Process taskset = new ProcessBuilder("taskset", "-a", "-c", "-p", cpus,
                    Long.toString(ProcessHandle.current().pid())).redirectErrorStream(true).start();
            String output = new String(taskset.getInputStream().readAllBytes());
            if (!taskset.waitFor(10, TimeUnit.SECONDS) || taskset.exitValue() != 0) {
                throw new SettingException("cannot pin Gatling to CPUs " + cpus + " (" + option + "): " + output.trim());
            }
        } catch (IOException e) {
            throw new SettingException(option + " needs taskset (Debian package util-linux): " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
