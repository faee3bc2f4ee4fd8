package dev.argoforensics.rules;

import dev.argoforensics.correlate.ControllerLeadership;
import dev.argoforensics.correlate.ControllerLeadership.State;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.TwoActiveControllers.Overlap;
import dev.argoforensics.rules.TwoActiveControllers.Pair;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** AF012's finding for one pair of controller runs: what it rests on and how sure, as messages (the words are in en.yaml). */
final class TwoActiveControllersFinding {
    private TwoActiveControllersFinding() {
    }

    static Finding of(Correlation correlation, ControllerLeadership leadership, Pair p) {
        Overlap first = p.overlaps.get(0);
        Timestamp from = first.start();
        Timestamp to = first.end();
        for (Overlap o : p.overlaps) {
            from = o.start().compareTo(from) < 0 ? o.start() : from;
            to = o.end().compareTo(to) > 0 ? o.end() : to;
        }
        State sa = leadership.at(p.a.id(), from);
        State sb = leadership.at(p.b.id(), from);
        Message roleA = during(sa, leadership.at(p.a.id(), to));
        Message roleB = during(sb, leadership.at(p.b.id(), to));
        LogEvent[] shared = null;
        List<LogEvent> conflicts = new ArrayList<>();
        List<LogEvent> reapplied = new ArrayList<>();
        List<LogEvent> existed = new ArrayList<>();
        for (Overlap o : p.overlaps) {
            if (shared == null) {
                shared = o.sharedVersion();
            }
            List<LogEvent> lines = new ArrayList<>(o.within(o.fromA()));
            lines.addAll(o.within(o.fromB()));
            for (LogEvent e : lines) {
                if (!TwoActiveControllers.contention(e)) {
                    continue;
                }
                String name = ((Signal) e.event()).name();
                (name.equals("workflow-update-error") ? conflicts : name.equals("pod-create-exists") ? existed : reapplied).add(e);
            }
        }
        boolean contended = !conflicts.isEmpty() || !existed.isEmpty() || !reapplied.isEmpty();
        boolean bothStated = TwoActiveControllers.known(sa) && TwoActiveControllers.known(sb);
        // Both runs name versions of the Workflow while both work on it and none is the other's: two controllers on one object
        // read each other's writes, two clusters' namesakes never do. A refused update then says nothing of a second controller:
        // one controller's own (a user's edit, a stale informer copy) reads the same.
        boolean versionsApart = shared == null && p.overlaps.stream().allMatch(o -> statesVersion(o.within(o.fromA())) && statesVersion(o.within(o.fromB())));
        contended = contended && !versionsApart;

        // Read across a Lease hand-over that, on one clock, may leave every overlap within the tolerance: the later run's clock
        // behind (or a holder frozen past its renew deadline that logged its stop late) reads the same (HandOvers).
        boolean clocks = p.overlaps.stream().allMatch(Overlap::clocksMayExplain);
        long clockLeast = p.overlaps.stream().mapToLong(Overlap::clockLeast).max().orElse(Long.MIN_VALUE); // <= 0: possibly none

        Confidence confidence;
        Message reason;
        if (clocks && p.untied && versionsApart) {
            confidence = Confidence.POSSIBLE; // untied clocks, and nothing says one object either: the stronger doubt named
            reason = Message.of("AF012.reason.versionsApart");
        } else if (clocks) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of(p.quiet ? "AF012.reason.quiet" : p.untied ? "AF012.reason.clocksUntied" : "AF012.reason.clocks",
                    "read", GoDuration.format(first.start().nanosUntil(first.end())), "handOver", TwoActiveControllers.ties(p, correlation),
                    "least", clockLeast <= 0 ? Message.of("AF012.reason.clocksNone")
                            : Message.of("AF012.reason.clocksLeast", "least", ReconciliationStalled.signed(clockLeast)),
                    "tolerance", GoDuration.format(TwoActiveControllers.HANDOVER_TOLERANCE_NANOS));
        } else if (bothStated && shared != null) {
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF012.reason.confirmed", "roleA", roleA, "roleB", roleB, "overlap", GoDuration.format(first.start().nanosUntil(first.end())));
        } else if ((bothStated && contended) || (!bothStated && (shared != null || contended))) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF012.reason.likely", "who", bothStated ? Message.of("AF012.reason.bothRanWorkers")
                    : Message.of("AF012.reason.electionMissing", "run", TwoActiveControllers.known(sa) ? p.b.label() : p.a.label()),
                    "tie", Message.of(shared != null ? "AF012.reason.sharedVersion" : "AF012.reason.refusedOnly"));
        } else if (versionsApart) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF012.reason.versionsApart");
        } else {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF012.reason.nothingTies");
        }

        Cite cite = new Cite(correlation);
        cite.line(sa.line(), "election state of " + p.a.label());
        cite.line(sb.line(), "election state of " + p.b.label());
        if (shared != null) {
            boolean written = shared[0].event() instanceof WorkflowUpdated;
            cite.line(shared[0], (written ? "writes" : "reads") + " resource version " + TwoActiveControllers.resourceVersion(shared[0]));
            cite.line(shared[1], "the other run reads " + (written ? "what it wrote" : "the same version"));
        }
        List<LogEvent> merged = new ArrayList<>(first.within(first.fromA()));
        merged.addAll(first.within(first.fromB()));
        merged.sort(Comparator.comparingLong(LogEvent::ordinal));
        merged = EventOrder.merged(merged); // by time, each run's lines in its order; ties not by file order
        LogEvent opener = merged.get(0);
        LogEvent other = merged.stream().filter(e -> e.stream() != opener.stream()).findFirst().orElse(null);
        LogEvent back = other == null ? null : merged.stream().filter(e -> e.stream() == opener.stream() && e.time().compareTo(other.time()) > 0)
                .findFirst().orElse(null);
        cite.line(opener, "one run works on " + first.workflow());
        cite.line(other, "the other run works on it too");
        cite.line(back, "the first run again, after the other started");
        cite.line(TwoActiveControllers.earliestOf(conflicts), "update refused: the object changed since it was read");
        cite.line(TwoActiveControllers.earliestOf(existed), "the Pod to create already existed");

        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("controllerA", "One controller run", p.a.label()));
        facts.add(new Fact("leadershipA", "Its leader election", Words.english().render(roleA)));
        facts.add(new Fact("controllerB", "The other run", p.b.label()));
        facts.add(new Fact("leadershipB", "Its leader election", Words.english().render(roleB)));
        facts.add(new Fact("overlapFrom", "Both active from", from.format()));
        facts.add(new Fact("overlapTo", "Both active until", to.format()));
        facts.add(new Fact("overlap", "Overlap", GoDuration.format(from.nanosUntil(to))));
        facts.add(new Fact("tolerance", "A hand-over may overlap", GoDuration.format(TwoActiveControllers.HANDOVER_TOLERANCE_NANOS)));
        if (clocks && p.untied) {
            facts.add(new Fact("clocksTiedBy", "What ties the two clocks", Words.english().render(TwoActiveControllers.ties(p, correlation))));
            facts.add(new Fact("overlapOnOneClockAtLeast", "Overlap on one clock at least", clockLeast <= 0 ? "none"
                    : ReconciliationStalled.signed(clockLeast)));
        } else if (clocks) {
            facts.add(new Fact("readAcrossHandOver", "Read across a Lease hand-over", Words.english().render(TwoActiveControllers.handOver(p.skew, correlation))));
            facts.add(new Fact("overlapOnOneClockAtLeast", "Overlap on one clock at least", clockLeast <= 0 ? "none"
                    : ReconciliationStalled.signed(clockLeast)));
        }
        // Besides the Workflows whose own lines overlap past the tolerance, those whose lines of the two runs overlap by less (a
        // short Workflow) inside a span in which the pair is shown to run at once (session 50: TwoActiveControllers.shortOnesAtOnce).
        List<String> touched = new ArrayList<>(p.overlaps.stream().map(o -> o.workflow().toString()).toList());
        List<String> shortOnes = new ArrayList<>();
        for (TwoActiveControllers.Sequence q : TwoActiveControllers.shortOnesAtOnce(p, leadership, from, to)) {
            if (!touched.contains(q.workflow().toString())) {
                touched.add(q.workflow().toString());
                // Its own window, which may lie outside the pair's "Both active" one above (that is the long overlaps').
                shortOnes.add(q.workflow() + " from " + q.start().format() + " to " + q.end().format() + " (" + GoDuration.format(Math.max(q.overlapNanos(), 0)) + ")");
            }
        }
        facts.add(new Fact("workflowsBothTouched", "Workflows both wrote about", String.join(", ", touched)));
        if (!shortOnes.isEmpty()) {
            facts.add(new Fact("shortWorkflowsAtOnce", "Of them, within a hand-over's overlap", String.join("; ", shortOnes)));
        }
        facts.add(new Fact("conflicts", "Updates refused as stale", conflicts.size()));
        facts.add(new Fact("reapplied", "Updates re-applied", reapplied.size()));
        facts.add(new Fact("podsAlreadyExisted", "Pod creations that found the Pod there", existed.size()));
        facts.add(new Fact("sharedResourceVersion", "Resource version both acted on", shared == null ? null : TwoActiveControllers.resourceVersion(shared[0])));

        Message workflows = p.overlaps.size() == 1 ? Message.of("AF012.workflowOne", "workflow", first.workflow().toString())
                : Message.of("AF012.workflowsMany", "count", p.overlaps.size(), "first", first.workflow().toString());
        Message summary = Message.of(clocks ? (p.untied ? "AF012.summaryUntied" : "AF012.summaryAsRead") : "AF012.summary", "a", p.a.label(), "b", p.b.label(), "workflows", workflows, "from", from.format(),
                "to", to.format(), "overlap", GoDuration.format(from.nanosUntil(to)),
                "tolerance", GoDuration.format(TwoActiveControllers.HANDOVER_TOLERANCE_NANOS));
        return new Finding(TwoActiveControllers.ID, "Two workflow controllers active at once", Severity.HIGH, confidence, reason, null, "",
                first.workflow(), null, summary, explain(p, roleA, roleB, conflicts.size(), reapplied.size(), existed.size()), facts, cite.evidence());
    }

    private static boolean statesVersion(List<LogEvent> lines) {
        return lines.stream().anyMatch(e -> TwoActiveControllers.resourceVersion(e) != null);
    }

    /**
     * The run's role when the overlap began, and, if it logged losing the Lease before the overlap
     * ended, that it went on writing after (a stalled or partitioned old leader).
     */
    private static Message during(State atStart, State atEnd) {
        String role = atStart.role().description();
        if (atStart.role() == ControllerLeadership.Role.LEADING && atEnd.role() == ControllerLeadership.Role.STOPPED && atEnd.line() != null) {
            return Message.of("AF012.roleLostLease", "role", role, "at", atEnd.line().time().format());
        }
        return Message.of("AF012.role", "role", role);
    }

    private static Message explain(Pair p, Message roleA, Message roleB, int conflicts, int reapplied, int existed) {
        List<Message> m = new ArrayList<>();
        m.add(Message.of("AF012.explain.oneController", "a", p.a.label(), "roleA", roleA, "b", p.b.label(), "roleB", roleB));
        if (conflicts + reapplied + existed > 0) {
            m.add(Message.of("AF012.explain.contention", "conflicts", conflicts, "reapplied", reapplied, "existed", existed));
        }
        m.add(Message.of("AF012.explain.consequences"));
        return Message.sequence(m);
    }
}
