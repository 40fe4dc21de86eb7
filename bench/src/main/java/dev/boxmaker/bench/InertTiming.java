package dev.boxmaker.bench;

import dev.boxmaker.proto.text.Markup;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Markup.inert (one pass from the end) against the former one pass from the start with
 * the markup pattern it used then, kept here as the baseline, on 600-character snippet-like texts, interleaved in one
 * run: recall makes every snippet inert. Usage: InertTiming (no arguments).
 */
public final class InertTiming {
    /** The pattern inert read markup by before rule 3's own reading moved to common-proto's Markup. */
    private static final Pattern PATTERN = Pattern.compile(
            "<[|\uFF5C]|[|\uFF5C]>|<\\s*/?\\s*s\\s*>|\\[\\s*/?\\s*INST\\s*]|<<\\s*/?\\s*SYS\\s*>>"
                    + "|<\\s*/?\\s*(?:system|user|assistant|developer|tool|tool_call|tool_response|function_call|think"
                    + "|im_start|im_end|start_of_turn|end_of_turn|bos|eos)(?=[\\s/>])[^<>\\n]*>",
            Pattern.CASE_INSENSITIVE);

    private InertTiming() {
    }

    static String oldPass(String text) {
        Matcher m = PATTERN.matcher(text);
        if (!m.find()) return text;
        StringBuilder out = new StringBuilder(text.length() + 16);
        int last = 0;
        do {
            out.append(text, last, m.start());
            String found = m.group();
            if (found.equals("<|")) out.append("<\\|");
            else if (found.equals("|>")) out.append(m.start() > 0 && text.charAt(m.start() - 1) == '\\' ? "|>" : "\\|>");
            else {
                String tag = found.replace('<', '\u2039');
                if (tag.endsWith("|>") && !tag.endsWith("\\|>")) tag = tag.substring(0, tag.length() - 2) + "\\|>";
                out.append(tag);
            }
            last = m.end();
        } while (m.find());
        return out.append(text, last, text.length()).toString();
    }

    public static void main(String[] a) {
        Random r = new Random(7);
        String[] words = {"the", "launch", "window", "moved", "to", "thursday", "pecos", "omvesa", "of", "a", "and"};
        List<String> plain = new ArrayList<>(), marked = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            StringBuilder b = new StringBuilder();
            while (b.length() < 600) b.append(words[r.nextInt(words.length)]).append(' ');
            plain.add(b.toString());
            marked.add(b.insert(r.nextInt(500), i % 2 == 0 ? "<system>x</system> a < b |x" : "<|im_start|> 3 < 4").toString());
        }
        for (int round = 0; round < 8; round++) {
            for (List<String> set : List.of(plain, marked)) {
                long t0 = System.nanoTime(); int h = 0;
                for (int k = 0; k < 20; k++) for (String s : set) h += oldPass(s).length();
                long t1 = System.nanoTime();
                for (int k = 0; k < 20; k++) for (String s : set) h += Markup.inert(s).length();
                long t2 = System.nanoTime();
                if (round >= 5) System.out.printf("%s: pass from the start %.0f ns, inert now %.0f ns a 600-char text (%d)%n",
                        set == plain ? "plain" : "with markup", (t1 - t0) / 40000.0, (t2 - t1) / 40000.0, h);
            }
        }
    }
}
