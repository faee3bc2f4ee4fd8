package dev.argoforensics.analysis;

import dev.argoforensics.accounting.Furniture;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finding that rests on lines of a log that is an excerpt or damaged (lines that are not whole
 * records, lines cut for length, damage that ended the reading, a shell prompt whose command
 * filtered the lines, an omission mark such as {@code ...}) says so in its confidence reason:
 * whatever those lines held, and whatever lay between the lines cited, is unknown to the rule. The
 * confidence itself is the rule's; this is what a reader must weigh it with.
 */
final class ExcerptCaveats {
    private ExcerptCaveats() {
    }

    static List<RuleOutcome> apply(List<RuleOutcome> outcomes, List<InputSummary> inputs) {
        Map<String, InputSummary> byFile = new LinkedHashMap<>();
        for (InputSummary s : inputs) {
            if (s != null && s.file() != null) {
                byFile.put(s.file().displayPath(), s);
            }
        }
        List<RuleOutcome> out = new ArrayList<>(outcomes.size());
        for (RuleOutcome o : outcomes) {
            if (o.findings().isEmpty()) {
                out.add(o);
                continue;
            }
            List<Finding> findings = new ArrayList<>(o.findings().size());
            for (Finding f : o.findings()) {
                findings.add(withCaveat(f, byFile));
            }
            out.add(new RuleOutcome(o.rule(), o.title(), o.evaluated(), o.missing(), o.lackingOptional(), findings, o.cleared()));
        }
        return out;
    }

    private static Finding withCaveat(Finding f, Map<String, InputSummary> byFile) {
        List<String> notes = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        List<String> cut = new ArrayList<>();
        List<EvidenceLine> evidence = new ArrayList<>(f.evidence().size());
        for (EvidenceLine e : f.evidence()) {
            InputSummary in = e.time() == null || e.source() == null ? null : byFile.get(e.source().file());
            String lost = in == null ? null : in.cutShort().get(e.source().line());
            if (lost != null) {
                // The line was pasted or copied cut short: the finding rests on what was whole before the cut.
                cut.add(e.source() + " is " + lost);
                e = new EvidenceLine(e.source(), e.time(), e.role() + "; line " + lost, e.text(), e.controller());
            }
            evidence.add(e);
        }
        for (EvidenceLine e : f.evidence()) {
            if (e.time() == null || e.source() == null || seen.contains(e.source().file())) {
                continue; // an exported object, or a file already looked at
            }
            seen.add(e.source().file());
            InputSummary s = byFile.get(e.source().file());
            if (s == null) {
                continue;
            }
            long unreadable = s.unparsed() + s.problems().size();
            List<String> why = new ArrayList<>();
            if (unreadable > 0) {
                why.add(unreadable + (unreadable == 1 ? " line or place" : " lines or places") + " could not be read as whole records");
            }
            Furniture furniture = s.furniture();
            for (String command : furniture.commands()) {
                if (Furniture.filters(command)) {
                    why.add("filtered by `" + command + "`");
                }
            }
            if (furniture.filteringPrompts() > 0 && why.stream().noneMatch(w -> w.startsWith("filtered by"))) {
                why.add("filtered by a command"); // one beyond the commands kept
            }
            if (furniture.omissions() > 0) {
                why.add(furniture.omissions() + (furniture.omissions() == 1 ? " omission mark" : " omission marks") + " such as ... (lines left out)");
            }
            if (!why.isEmpty()) {
                notes.add(e.source().file() + (unreadable > 0 ? " is an excerpt or damaged (" : " is an excerpt (") + String.join("; ", why) + ")");
            }
        }
        if (notes.isEmpty() && cut.isEmpty()) {
            return f;
        }
        List<Message> reason = new ArrayList<>(List.of(f.reason()));
        if (!cut.isEmpty()) {
            reason.add(Message.of("caveat.cutShort", "cuts", String.join("; ", cut)));
        }
        if (!notes.isEmpty()) {
            reason.add(Message.of("caveat.gaps", "notes", String.join("; ", notes)));
        }
        return new Finding(f.rule(), f.title(), f.severity(), f.confidence(), Message.sequence(reason), f.pod(), f.podUid(), f.workflow(), f.node(),
                f.about(), f.account(), f.facts(), evidence);
    }
}
