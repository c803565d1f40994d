package containerbench.report;

import java.util.List;
import java.util.stream.Stream;

/**
 * Why a figure of a verdict table is not judged, or what a judged one is of: said once, as a
 * numbered note ("Brief: text"), on the page, in summary.md and on the console, and marked in every
 * cell and sentence it concerns, instead of a sentence repeated under every comparison.
 */
enum Caveat {
    INJECTOR_LIMITED("injector-limited", "Gatling itself limited the load",
            "its CPU was at the cores it may use, or one of its threads at a full core; at a tier where it limited a quarter of"
                    + " either target's blocks or more, TPS is shown, not judged, and response times are not compared. Give"
                    + " Gatling CPUs it does not share (another machine, or the targets under -Dtarget.cpuLimit)."),
    MACHINE_FULL("machine-full", "The machine was full",
            "a TPS ratio here is of container and injector together on this machine, nearer 1 than the containers' own (a"
                    + " container that spends less per response leaves Gatling more); the CPU per response ratio is the"
                    + " containers' at this operating point (this client, this load, this full machine), and moves with them"
                    + " (docs/method.md, \"Whose verdict is it\"). For the containers' own TPS give Gatling CPUs it does not"
                    + " share (another machine, or the targets under -Dtarget.cpuLimit)."),
    SLOW_BLOCKS("slow-blocks", "A block without an OK response",
            "a round had a block without an OK response within it (responses slower than a block; for a request of a mix,"
                    + " none to that request, or all of them under a millisecond); leaving it out would favour the slower target,"
                    + " so the ratio is shown from the other rounds and not judged."),
    TIER_FAILED("tier-failed", "A target failed the tier",
            "it failed more than 1% of its requests there, or a block of it answered none OK: the failure is the verdict, and"
                    + " the ratios are shown, not judged (no response times are compared)."),
    TOO_FEW("too-few", "Too few rounds",
            "fewer than two rounds in which both targets answered, or were read: no interval, and no verdict."),
    NO_LATENCIES("no-latencies", "No response times to compare",
            "the blocks kept no response times (results before schema 4), or too few rounds had OK responses of both"
                    + " targets within their blocks.");

    private final String anchor;
    private final String brief;
    private final String text;

    Caveat(String anchor, String brief, String text) {
        this.anchor = anchor;
        this.brief = brief;
        this.text = text;
    }

    /** The notes a run's tables and its machine's figures cite, each once, in the order first cited. */
    static List<Caveat> notes(List<VerdictTable> tables, MachineShare machine) {
        return Stream.concat(tables.stream().flatMap(table -> table.caveats().stream()), machine.caveats().stream()).distinct()
                .toList();
    }

    /** " [1] [2]": the numbers of the notes {@code cited} among {@code notes}, as text marks them. */
    static String marks(List<Caveat> cited, List<Caveat> notes) {
        return String.join("", cited.stream().map(caveat -> " [" + (notes.indexOf(caveat) + 1) + "]").toList());
    }

    /** The id of the note on the page, which every cell it concerns links to. */
    String anchor() {
        return "note-" + anchor;
    }

    /** A few words, the note's head and a cell's tooltip. */
    String brief() {
        return brief;
    }

    /** What follows the brief after a colon, or the figures that bring the caveat up. */
    String text() {
        return text;
    }
}
