package dev.argoforensics.rules;

import dev.argoforensics.correlate.ControllerStop;
import dev.argoforensics.wording.Message;

/** How a report names the controller's own stop or restart of a Pod ({@link ControllerStop}), in the same words for every rule. */
final class StopWords {
    private StopWords() {
    }

    /** The stop: "its Workflow was shut down with strategy Stop…", "its Workflow's activeDeadlineSeconds had passed", an on-exit Pod. */
    static Message how(ControllerStop stop) {
        return switch (stop.kind()) {
            case SHUTDOWN -> Message.of("common.stopLine.shutdown", "strategy", stop.strategy() == null ? "?" : stop.strategy());
            case DEADLINE -> Message.of("common.stopLine.deadline");
            case ON_EXIT -> Message.of("common.stopLine.onExit");
            case RESTART -> restart(stop);
        };
    }

    /** The automatic restart, with the Pod's reason and the restart count when logged. */
    static Message restart(ControllerStop restart) {
        return Message.of("common.stopLine.restart", "reason", restart.reason() == null || restart.reason().isEmpty() ? "?" : restart.reason(),
                "count", restart.restartCount() == null ? "?" : String.valueOf(restart.restartCount()), "at", restart.line().time().format());
    }
}
