package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.argoforensics.source.SourceRef;
import org.junit.jupiter.api.Test;

/**
 * Session 55 (s54 breaker): a Pod export read from the API server without {@code status} (which every Pod has and kubectl prints last)
 * was cut after its last line ({@link ObjectDecoder#endCut}): what followed is unknown, not absent.
 */
class PodEndCutTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static PodSnapshot read(String yaml) throws Exception {
        return ObjectDecoder.pod(new ObjectDocument(new SourceRef("pod.yaml", 1), YAML.readTree(yaml)));
    }

    private static final String HEAD = "apiVersion: v1\nkind: Pod\nmetadata:\n  annotations: {workflows.argoproj.io/pod-gc-strategy: OnPodSuccess/30m}\n"
            + "  creationTimestamp: \"2026-09-19T16:27:10Z\"\n  deletionGracePeriodSeconds: 30\n  deletionTimestamp: \"2026-09-19T16:31:41Z\"\n"
            + "  finalizers:\n  - example.com/protect\n";

    @Test
    void aPasteEndingInTheFinalizersListShowsNoFinalizers() throws Exception {
        PodSnapshot p = read(HEAD);
        assertFalse(p.finalizersKnown());
        assertTrue(p.deletionShown(), "the deletionTimestamp stands before the cut");
        assertTrue(p.podGcKnown(), "the annotations stand before the cut, in kubectl's order");
        assertTrue(p.trimmed().hides("status", "conditions"));
        assertTrue(p.trimmed().hides("metadata", "uid"), "keys after finalizers may have been cut");
        assertEquals("lines left out at its end (under metadata.finalizers)", p.trimmed().describe());
    }

    /** Control: the same list followed by the rest of the object: whole. */
    @Test
    void theListFollowedByStatusIsWhole() throws Exception {
        PodSnapshot p = read(HEAD + "  name: p\n  namespace: ns\n  uid: u-1\nspec: {}\nstatus: {}\n");
        assertTrue(p.finalizersKnown());
        assertFalse(p.trimmed().any());
    }

    /** Control: a manifest (no uid, no creationTimestamp: not read from the server) has no status to miss. */
    @Test
    void aManifestIsNotReadAsCut() throws Exception {
        PodSnapshot p = read("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  finalizers:\n  - example.com/protect\n");
        assertFalse(p.trimmed().any());
    }

    /** Keys not in kubectl's order: any key of the mapping may have followed, the deletion too. */
    @Test
    void keysOutOfKubectlsOrderMayAllHaveBeenCut() throws Exception {
        PodSnapshot p = read("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  uid: u-1\n  finalizers:\n  - example.com/protect\n");
        assertFalse(p.finalizersKnown());
        assertFalse(p.deletionShown());
    }
}
