package containerbench.study;

import java.util.Formatter;

/** The study's summary as text: per tier, each configuration's TPS spread, the best marked. */
final class StudyTable {

    private StudyTable() {
    }

    static String render(StudyResult study) {
        Formatter out = new Formatter();
        out.format("study %s: %d cells%n", study.study(), study.cells().size());
        out.format("%6s  %-44s", "users", "configuration");
        StudyRow.HEADERS.forEach(header -> out.format(" %" + Math.max(14, header.length()) + "s", header));
        out.format("%n");
        for (StudyRow row : StudyRow.of(study)) {
            out.format("%6d  %-44s", row.users(), row.configuration());
            for (int i = 0; i < row.cells().size(); i++) {
                out.format(" %" + Math.max(14, StudyRow.HEADERS.get(i).length()) + "s", row.cells().get(i));
            }
            out.format(" %s%n", row.mark());
        }
        study.summary().stream().filter(s -> s.failed() > 0).forEach(s ->
                out.format("%s: %d of its cells failed%n", s.configuration(), s.failed()));
        return out.toString();
    }

    static String markdown(StudyResult study) {
        StringBuilder m = new StringBuilder("| users | configuration | ").append(String.join(" | ", StudyRow.HEADERS))
                .append(" | |\n|---:|---|").append("---:|".repeat(StudyRow.HEADERS.size())).append("---|\n");
        for (StudyRow row : StudyRow.of(study)) {
            m.append("| ").append(row.users()).append(" | ").append(row.configuration()).append(" | ")
                    .append(String.join(" | ", row.cells())).append(" | ")
                    .append(row.mark().replaceFirst("^" + StudyRow.BEST, "**" + StudyRow.BEST + "**")).append(" |\n");
        }
        return m.toString();
    }
}
