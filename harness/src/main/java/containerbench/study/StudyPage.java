package containerbench.study;

import containerbench.report.Html;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The study view: one table per tier, every configuration with its repetitions' TPS spread and its
 * TPS over the baseline's, paired round by round with its 95% interval; the best mean marked, and
 * "not different from baseline" where that interval holds 1.
 */
final class StudyPage {

    private StudyPage() {
    }

    static String html(StudyResult study) {
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>study ")
                .append(Html.text(study.study())).append("</title>\n<style>\n").append(Html.resource("page.css"))
                .append("</style>\n</head>\n<body>\n<h1>Study ").append(Html.text(study.study()))
                .append("</h1>\n<p>").append(Html.text(study.description())).append("</p>\n<p>")
                .append(study.cells().size()).append(" cells from ").append(Html.text(study.startedAt())).append(" to ")
                .append(Html.text(study.finishedAt())).append("; ").append(study.failedCells())
                .append(" failed. TPS: mean over the repetitions, sample standard deviation, coefficient of variation and")
                .append(" Student-t 95% interval of the mean; to baseline: the TPS over the first configuration's, paired")
                .append(" repetition by repetition, with its 95% interval and the number of pairs. Not different from the")
                .append(" baseline: that interval holds 1.</p>\n");
        Map<Integer, List<StudyRow>> tiers = StudyRow.of(study).stream()
                .collect(Collectors.groupingBy(StudyRow::users, LinkedHashMap::new, Collectors.toList()));
        tiers.forEach((users, rows) -> {
            h.append("<h2>").append(users).append(" users</h2>\n<table class=\"tier\" data-users=\"").append(users)
                    .append("\">\n<tr><th class=\"l\">configuration</th>");
            StudyRow.HEADERS.forEach(header -> h.append("<th>").append(Html.text(header)).append("</th>"));
            h.append("<th class=\"l\"></th></tr>\n");
            for (StudyRow row : rows) {
                h.append(row.mark().startsWith(StudyRow.BEST) ? "<tr class=\"best\">" : row.mark().isEmpty() ? "<tr>" : "<tr class=\"same\">")
                        .append("<td class=\"l\">").append(Html.text(row.configuration())).append("</td>");
                row.cells().forEach(cell -> h.append("<td>").append(Html.text(cell)).append("</td>"));
                h.append("<td class=\"l\">").append(Html.text(row.mark())).append("</td></tr>\n");
            }
            h.append("</table>\n");
        });
        study.summary().stream().filter(s -> s.failed() > 0).forEach(s -> h.append("<p>").append(Html.text(s.configuration()))
                .append(": ").append(s.failed()).append(" cell(s) failed.</p>\n"));
        return h.append("</body>\n</html>\n").toString();
    }
}
