package containerbench.cli;

import containerbench.settings.Spelling;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command's arguments: options {@code --name value} or {@code --name=value}, as the targets take
 * theirs, and the words that are not options, in order. A flag (an option without a value, such as
 * {@code --dry-run}) is taken as {@code true}.
 */
public record Arguments(Map<String, String> options, List<String> words, boolean help) {

    public static Arguments parse(List<String> args) {
        return parse(args, Set.of());
    }

    /** @param flags the options that take no value */
    public static Arguments parse(List<String> args, Set<String> flags) {
        Map<String, String> options = new LinkedHashMap<>();
        List<String> words = new ArrayList<>();
        boolean help = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--help") || arg.equals("-h")) {
                help = true;
            } else if (arg.startsWith("--") && flags.contains(arg.substring(2))) {
                options.put(arg.substring(2), "true");
            } else if (arg.startsWith("--") && arg.length() > 2) {
                int equals = arg.indexOf('=');
                if (equals > 0) {
                    options.put(arg.substring(2, equals), arg.substring(equals + 1));
                } else if (i + 1 < args.size()) {
                    options.put(arg.substring(2), args.get(++i));
                } else {
                    throw new UsageException("option " + arg + " needs a value");
                }
            } else if (arg.startsWith("-D")) {
                throw new UsageException(arg + ": ./bench takes options as --name value, for example --"
                        + arg.substring(2).replaceFirst("=", " "));
            } else {
                words.add(arg);
            }
        }
        return new Arguments(options, words, help);
    }

    /** Refuses any option not in {@code accepted}, naming the closest accepted one when there is one. */
    public void only(Collection<String> accepted, String command) {
        for (String name : options.keySet()) {
            if (!accepted.contains(name)) {
                throw new UsageException("unknown option --" + name + " for " + command
                        + Spelling.closest(name, accepted).map(near -> ": did you mean --" + near + "?").orElse("")
                        + " (./bench " + command + " --help lists them)");
            }
        }
    }
}
