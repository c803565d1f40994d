package containerbench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A differential flame graph (Brendan Gregg's, as his {@code difffolded.pl} and {@code flamegraph.pl}
 * draw it) of one target against the baseline in one tier: the other's stacks, each frame as wide as
 * the other's CPU per response in it, red where the other spends more per response than the baseline
 * in that frame, blue where less, the deeper the colour the larger the difference; frames of the
 * baseline alone are not drawn (they are in its own graph). Both sides are per response, not raw
 * samples, so that a target that served more is not drawn wider for it. One self-contained SVG page,
 * no script: each frame's figures are in its tooltip.
 */
final class DifferentialFlameGraph {

    private static final int WIDTH = 1200;
    private static final int ROW = 16;
    // Frames narrower than this share of the width are left out, as flamegraph.pl's --minwidth does.
    private static final double MIN_SHARE = 0.001;

    /** A frame with its CPU per response on either side, and its callees. */
    private static final class Node {
        final String name;
        double other;
        double baseline;
        final Map<String, Node> children = new TreeMap<>();

        Node(String name) {
            this.name = name;
        }

        Node child(String frame) {
            return children.computeIfAbsent(frame, Node::new);
        }
    }

    private DifferentialFlameGraph() {
    }

    /**
     * The page: {@code other} and {@code baseline} as folded stacks with their samples, each sample worth
     * {@code microsPerSample} of CPU per response on its side.
     */
    static String page(String title, Map<String, Long> other, double otherMicrosPerSample, Map<String, Long> baseline,
            double baselineMicrosPerSample) {
        Node root = new Node("all");
        add(root, other, otherMicrosPerSample, true);
        add(root, baseline, baselineMicrosPerSample, false);
        double maxDifference = 1e-9;
        List<Node> pending = new ArrayList<>(List.of(root));
        while (!pending.isEmpty()) {
            Node node = pending.remove(pending.size() - 1);
            maxDifference = Math.max(maxDifference, Math.abs(node.other - node.baseline));
            pending.addAll(node.children.values());
        }
        StringBuilder rects = new StringBuilder();
        int depth = draw(rects, root, 0, WIDTH, 0, maxDifference);
        int height = (depth + 1) * ROW + 40;
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escape(title) + "</title></head><body style=\"margin:0\">\n"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + WIDTH + "\" height=\"" + height + "\" font-family=\"monospace\""
                + " font-size=\"11\">\n<text x=\"4\" y=\"16\" font-size=\"14\">" + escape(title) + "</text>\n"
                + "<text x=\"4\" y=\"32\">width: the other's CPU per response; red: more than the baseline in that frame, blue: less"
                + " (hover a frame for its figures)</text>\n<g transform=\"translate(0,40)\">\n" + rects + "</g>\n</svg>\n</body></html>\n";
    }

    private static void add(Node root, Map<String, Long> stacks, double micros, boolean other) {
        stacks.forEach((stack, samples) -> {
            double value = samples * micros;
            Node node = root;
            if (other) {
                root.other += value;
            } else {
                root.baseline += value;
            }
            for (String frame : stack.split(";")) {
                node = node.child(frame);
                if (other) {
                    node.other += value;
                } else {
                    node.baseline += value;
                }
            }
        });
    }

    /** Draws {@code node} at {@code x} of {@code width} pixels and depth {@code depth}, then its callees; returns the deepest row drawn. */
    private static int draw(StringBuilder out, Node node, double x, double width, int depth, double maxDifference) {
        if (width < WIDTH * MIN_SHARE || node.other <= 0) {
            return depth - 1;
        }
        double difference = node.other - node.baseline;
        double strength = Math.min(1, Math.abs(difference) / maxDifference);
        int fade = (int) Math.round(255 - 200 * strength);
        String fill = difference >= 0 ? "rgb(255," + fade + "," + fade + ")" : "rgb(" + fade + "," + fade + ",255)";
        String tip = String.format(Locale.ROOT, "%s: %.2f µs per response, baseline %.2f (%+.2f)", node.name, node.other, node.baseline,
                difference);
        out.append(String.format(Locale.ROOT, "<g><title>%s</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\""
                + " stroke=\"#fff\" stroke-width=\"0.5\"/>", escape(tip), x, depth * ROW, width, ROW - 1, fill));
        int chars = (int) (width / 7);
        if (chars >= 3) {
            String label = node.name.length() <= chars ? node.name : node.name.substring(0, chars - 2) + "..";
            out.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>", x + 2, depth * ROW + 12, escape(label)));
        }
        out.append("</g>\n");
        int deepest = depth;
        double offset = x;
        for (Node child : node.children.values()) {
            double childWidth = width * child.other / node.other;
            deepest = Math.max(deepest, draw(out, child, offset, childWidth, depth + 1, maxDifference));
            offset += childWidth;
        }
        return deepest;
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
