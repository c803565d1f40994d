package containerbench.cli;

import containerbench.settings.ProjectRoot;
import containerbench.settings.Property;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetKnob;
import java.util.ArrayList;
import java.util.List;

/** The help text of the commands, from the declarations the parsers read. */
final class Help {

    private Help() {
    }

    /** Two lines per option: name and meaning, then what it accepts and its default. */
    static List<String> options(List<Property> properties) {
        List<String> lines = new ArrayList<>();
        for (Property property : properties) {
            lines.add(String.format("  --%-22s %s", property.name(), property.meaning().replace("`", "")));
            lines.add(String.format("  %-24s accepts %s; default %s", "", property.accepts(),
                    property.defaultShown(false).replace("`", "")));
        }
        return lines;
    }

    /** Every container's knobs, by the names each container's documentation uses. */
    static List<String> knobs() {
        List<String> lines = new ArrayList<>();
        lines.add("knobs (as --name value; --threads, --backlog, --idleTimeout, --virtualThreads set the matching knob of any container):");
        try {
            TargetCatalog catalog = TargetCatalog.read(ProjectRoot.find());
            for (String container : catalog.names()) {
                List<String> knobs = new ArrayList<>();
                for (TargetKnob knob : catalog.knobsOf(container)) {
                    knobs.add(knob.name() + "=" + (knob.defaultValue() == null ? "(" + container + "'s)" : knob.defaultValue()));
                }
                lines.add(String.format("  %-9s %s", container + ":", String.join(", ", knobs)));
            }
        } catch (SettingException e) {
            lines.add("  (not listed: " + e.getMessage() + ")");
        }
        return lines;
    }
}
