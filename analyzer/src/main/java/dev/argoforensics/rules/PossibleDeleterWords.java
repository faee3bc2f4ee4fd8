package dev.argoforensics.rules;

import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.wording.Message;

/**
 * Session 51: what an account says of a Pod whose deleter no record names, where a deletecollection of its namespace's Pods may have
 * deleted it ({@link PodLifecycle#collectionDeletes}): a possible deleter, named with what its record lacks (whether its selector
 * matched the Pod, or what its selectors show of it: {@link dev.argoforensics.correlate.CollectionSelection}, session 52). The three readings stay apart: a known deleter is told by the rule as before, none possible says nothing here.
 * It changes no confidence.
 */
final class PossibleDeleterWords {
    private PossibleDeleterWords() {
    }

    /** The sentence for {@code life}'s first possible collection deleter, or nothing where a deleter is known or none is possible. */
    static Message of(PodLifecycle life) {
        if (life == null || life.deleter().isPresent() || life.collectionDeletes().isEmpty()) {
            return Message.NOTHING;
        }
        AuditRecord a = life.collectionDeletes().get(0);
        int more = life.collectionDeletes().size() - 1;
        return Message.of("common.possibleCollectionDeleter", "namespace", a.namespace(), "who", a.user(), "at", a.requestTime().format(),
                "selector", a.selector().isEmpty() ? Message.of("common.noSelector") : a.selector(),
                "selection", dev.argoforensics.correlate.CollectionSelection.wordsFor(life, a),
                "more", more == 0 ? Message.NOTHING : Message.of("common.moreCollections", "count", String.valueOf(more)));
    }
}
