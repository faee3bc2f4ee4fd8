package dev.argoforensics.rules;

import dev.argoforensics.correlate.ReadCut;
import dev.argoforensics.wording.Message;

/**
 * How a report says where a controller run's lines may be cut ({@link ReadCut}), in the same words for every rule whose verdict rests
 * on a line's absence over a stretch: which run, and which of its lines the tool could not read.
 */
final class ReadCutWords {
    private ReadCutWords() {
    }

    /** "controller run X holds no line naming nothing …", "… from A to B …", "… its lines end at A and its later log …". */
    static Message where(ReadCut cut) {
        String run = cut.run().label();
        return switch (cut.kind()) {
            case NO_RECORDS -> Message.of("common.readCut.noRecords", "run", run, "from", cut.from().format(), "to", cut.to().format());
            case NONE_BEFORE -> Message.of("common.readCut.noneBefore", "run", run, "from", cut.from().format(), "to", cut.to().format());
            case GAP -> Message.of("common.readCut.gap", "run", run, "from", cut.from().format(), "to", cut.to().format());
            case NONE_AFTER -> Message.of("common.readCut.noneAfter", "run", run, "from", cut.from().format(), "to", cut.to().format());
            case LATER_LOG_MISSING -> Message.of("common.readCut.laterLog", "run", run, "from", cut.from().format(),
                    "how", cut.run().continuesIn() != null ? Message.of("common.readCut.laterPiece", "piece", cut.run().continuesIn())
                            : Message.of("common.readCut.selected", "how", String.valueOf(cut.run().selectedBy())));
        };
    }
}
