package dev.argoforensics.analysis;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.RunClocks;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * A finding that cites lines of a controller run whose clock is a zone off the objects' (its Created pod
 * lines against the Pods' creationTimestamps agree on a whole number of quarter hours, {@link RunClocks})
 * together with objects or other clocks' lines says that the run's times may be off by that much, and
 * how to rerun. Times are not shifted. A {@code confirmed} finding whose cited times would change order
 * under the run's offset is lowered to {@code likely}, unless the rule already reasoned on the offset
 * (its {@code controllerClock} fact).
 */
final class ClockCaveats {
    private ClockCaveats() {
    }

    /**
     * A run whose clock is a zone off the objects'.
     *
     * @param label its label, as evidence lines name their run (not unique: runs of files of one name in several folders share it)
     * @param files the files its lines come from, which with the label tell its lines apart
     */
    record Zoned(String label, Set<String> files, RunClocks.RunClock clock) {
        boolean wrote(EvidenceLine e) {
            return label.equals(e.controller()) && e.source() != null && files.contains(e.source().file());
        }
    }

    static List<RuleOutcome> apply(List<RuleOutcome> outcomes, Correlation correlation) {
        return apply(outcomes, zoned(correlation.clocks(), correlation.processes(), correlation.events()), correlation);
    }

    /** The runs whose clock is a zone off the objects', with the files of their lines: of the whole input, {@code events} every line. */
    static List<Zoned> zoned(RunClocks clocks, List<ControllerProcess> processes, List<LogEvent> events) {
        return zoned(clocks, processes, run -> {
            Set<String> files = new TreeSet<>();
            for (LogEvent e : events) {
                if (e.stream() == run) {
                    files.add(e.source().file());
                }
            }
            return files;
        });
    }

    /**
     * As {@link #zoned(RunClocks, List, List)}, the files of each run's lines given ({@code filesOfRun}: the files some line
     * of the run stands in, of the whole input), for an input whose lines are not in one place (the fleet's rounds).
     */
    static List<Zoned> zoned(RunClocks clocks, List<ControllerProcess> processes, java.util.function.IntFunction<Set<String>> filesOfRun) {
        List<Zoned> zoned = new ArrayList<>();
        for (RunClocks.RunClock run : clocks.localZones()) {
            ControllerProcess p = run.stream() < processes.size() ? processes.get(run.stream()) : null;
            if (p != null) {
                zoned.add(new Zoned(p.label(), new TreeSet<>(filesOfRun.apply(run.stream())), run));
            }
        }
        return zoned;
    }

    /** @param correlation the correlation (or the group of it) that holds the findings' Pods */
    static List<RuleOutcome> apply(List<RuleOutcome> outcomes, List<Zoned> zoned, Correlation correlation) {
        if (zoned.isEmpty()) {
            return outcomes;
        }
        List<RuleOutcome> out = new ArrayList<>(outcomes.size());
        for (RuleOutcome o : outcomes) {
            List<Finding> findings = new ArrayList<>(o.findings().size());
            for (Finding f : o.findings()) {
                findings.add(withCaveat(f, zoned, x -> x.pod() != null && correlation.podsNamed(x.pod().namespace(), x.pod().name()).stream()
                        .anyMatch(p -> !p.snapshots().isEmpty() || !p.auditRecords().isEmpty() || !p.clusterEvents().isEmpty())));
            }
            out.add(new RuleOutcome(o.rule(), o.title(), o.evaluated(), o.missing(), o.lackingOptional(), findings, o.cleared()));
        }
        return out;
    }

    /**
     * @param objectsOf whether the finding's Pod has objects dated on the objects' clock (exports, audit records, Events): a rule
     *                  that cites none of them may still have compared the run's lines with them, or set them aside by that comparison
     */
    static Finding withCaveat(Finding f, List<Zoned> zoned, Predicate<Finding> objectsOf) {
        List<Message> caveats = new ArrayList<>();
        boolean flips = false;
        for (Zoned z : zoned) {
            List<EvidenceLine> run = f.evidence().stream().filter(e -> z.wrote(e) && e.time() != null).toList();
            List<EvidenceLine> other = f.evidence().stream().filter(e -> !z.wrote(e)).toList();
            if (run.isEmpty() || other.isEmpty() && !objectsOf.test(f)) {
                continue; // the finding reads that run's clock alone, or not at all
            }
            RunClocks.RunClock c = z.clock();
            long offset = c.offsetNanos();
            for (EvidenceLine r : run) {
                for (EvidenceLine e : other) {
                    if (e.time() == null) {
                        continue;
                    }
                    long raw = r.time().nanosUntil(e.time());
                    if (Long.signum(raw) != Long.signum(raw - offset)) {
                        flips = true;
                    }
                }
            }
            caveats.add(Message.of("caveat.clockZone", "run", z.label(), "lag", GoDuration.format(Math.abs(offset)),
                    "dir", offset > 0 ? "behind" : "ahead of", "offset", c.logTz(), "pairing", c.pairing()));
        }
        if (caveats.isEmpty()) {
            return f;
        }
        Confidence confidence = f.confidence();
        List<Message> reason = new ArrayList<>(List.of(f.reason()));
        reason.addAll(caveats);
        if (confidence == Confidence.CONFIRMED && flips && f.fact("controllerClock").isEmpty()) {
            confidence = Confidence.LIKELY;
            reason.add(Message.of("caveat.clockLowered"));
        }
        return new Finding(f.rule(), f.title(), f.severity(), confidence, Message.sequence(reason), f.pod(), f.podUid(), f.workflow(), f.node(),
                f.about(), f.account(), f.facts(), f.evidence());
    }
}
