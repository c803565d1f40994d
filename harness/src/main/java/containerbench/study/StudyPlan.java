package containerbench.study;

import containerbench.settings.SettingException;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A study file: which containers, which knob values (every combination is a cell), how many
 * repetitions, and the run properties every cell shares. For example:
 * <pre>
 * containers = tomcat, undertow
 * matrix.threads = 512, 1024, 2048
 * matrix.backlog = 512, 1024
 * repetitions = 3
 * run.tiers = 100,200,300,500,1000,2000
 * </pre>
 *
 * @param matrix knob name to the values it takes, in file order
 * @param run -D properties given to every cell (tiers, tierSeconds, warmupSeconds, CPU placement...)
 */
public record StudyPlan(String name, String description, List<String> containers, Map<String, List<String>> matrix,
        int repetitions, Map<String, String> run, Design design, int maxMinutes) {

    /**
     * How the configurations meet the machine: {@code interleaved} (with two or more, the default)
     * makes them the targets of one interleaved run per repetition, each paired with the first;
     * {@code separate} runs each cell on its own, one after another, as a study of one configuration must.
     */
    public enum Design {
        INTERLEAVED, SEPARATE
    }

    /** The longest a study may plan to take unless asked for more: about an evening. */
    static final int MAX_MINUTES = 120;

    /** One cell: a container with one combination of knob values, run once. */
    public record Cell(String container, Map<String, String> knobs, int repetition) {

        /** The cell as a target of an interleaved run: {@code tomcat[threads=512,backlog=1024]}. */
        public String target() {
            return container + (knobs.isEmpty() ? "" : "[" + String.join(",", knobs.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).toList()) + "]");
        }

        /** The cell without its repetition number: what repetitions are grouped by. */
        public String configuration() {
            return container + (knobs.isEmpty() ? "" : " " + knobs.toString().replace("{", "").replace("}", ""));
        }
    }

    public static StudyPlan read(Path file) {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            properties.load(in);
        } catch (IOException e) {
            throw new SettingException("cannot read the study file " + file + ": " + e.getMessage());
        }
        String name = file.getFileName().toString().replaceFirst("\\.properties$", "");
        List<String> containers = list(properties, "containers", file);
        Map<String, List<String>> matrix = new LinkedHashMap<>();
        Map<String, String> run = new LinkedHashMap<>();
        int repetitions = 1;
        Design design = null;
        int maxMinutes = MAX_MINUTES;
        for (String key : properties.stringPropertyNames().stream().sorted().toList()) {
            String value = properties.getProperty(key).trim();
            if (key.startsWith("matrix.")) {
                matrix.put(key.substring("matrix.".length()), list(properties, key, file));
            } else if (key.startsWith("run.")) {
                run.put(key.substring("run.".length()), value);
            } else if (key.equals("repetitions")) {
                repetitions = wholeNumber(file, key, value);
            } else if (key.equals("design")) {
                design = java.util.Arrays.stream(Design.values()).filter(d -> d.name().equalsIgnoreCase(value)).findFirst()
                        .orElseThrow(() -> new SettingException(file + ": design accepts interleaved or separate, not '" + value + "'"));
            } else if (key.equals("maxMinutes")) {
                maxMinutes = wholeNumber(file, key, value);
            } else if (!key.equals("containers") && !key.equals("description")) {
                throw new SettingException(file + ": unknown key '" + key + "'; a study file has containers, description,"
                        + " design, repetitions, maxMinutes, matrix.KNOB and run.PROPERTY");
            }
        }
        StudyPlan plan = new StudyPlan(name, properties.getProperty("description", ""), containers, matrix, repetitions, run,
                Design.SEPARATE, maxMinutes);
        boolean several = plan.configurations().size() > 1;
        if (design == Design.INTERLEAVED && !several) {
            throw new SettingException(file + ": design = interleaved needs two configurations or more; this study has one");
        }
        return new StudyPlan(plan.name(), plan.description(), containers, matrix, repetitions, run,
                design != null ? design : several ? Design.INTERLEAVED : Design.SEPARATE, maxMinutes);
    }

    private static int wholeNumber(Path file, String key, String value) {
        try {
            int number = Integer.parseInt(value);
            if (number >= 1) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SettingException(file + ": " + key + " accepts a whole number >= 1, not '" + value + "'");
    }

    /** Every configuration once, in the file's order: the first is the baseline. */
    public List<Cell> configurations() {
        return cells().stream().filter(cell -> cell.repetition() == 1).toList();
    }

    /** Every cell, repetitions of a configuration interleaved round by round, so that drift spreads over all. */
    public List<Cell> cells() {
        List<Map<String, String>> combinations = new ArrayList<>();
        combinations.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> knob : matrix.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : combinations) {
                for (String value : knob.getValue()) {
                    Map<String, String> extended = new LinkedHashMap<>(partial);
                    extended.put(knob.getKey(), value);
                    next.add(extended);
                }
            }
            combinations = next;
        }
        List<Cell> cells = new ArrayList<>();
        for (int repetition = 1; repetition <= repetitions; repetition++) {
            for (String container : containers) {
                for (Map<String, String> knobs : combinations) {
                    cells.add(new Cell(container, knobs, repetition));
                }
            }
        }
        return cells;
    }

    private static List<String> list(Properties properties, String key, Path file) {
        String value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new SettingException(file + ": '" + key + "' is missing or empty; it takes a comma-separated list");
        }
        return List.of(value.trim().split("\\s*,\\s*"));
    }
}
