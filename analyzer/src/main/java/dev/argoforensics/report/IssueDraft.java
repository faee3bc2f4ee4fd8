package dev.argoforensics.report;

import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.UpstreamIssues;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.util.List;

/**
 * What a draft of Argo's bug report holds for one finding, every string already redacted when the
 * draft is: {@link GithubIssueRenderer} only formats it.
 *
 * @param report          the report the finding is from (redacted when the draft is)
 * @param finding         the finding the draft is about
 * @param number          its number among the report's findings, from 1
 * @param expected        what was expected instead, in plain words (null if the rule has no such sentence)
 * @param versions        every Argo release the evidence shows, each with how it was read
 * @param workflow        the minimal Workflow rebuilt from the export, or null
 * @param noWorkflow      why there is none, when {@code workflow} is null
 * @param controllerLines the controller's lines about the Workflow and its Pods around the finding, in time order
 * @param workflowName    the Workflow's name to grep for (redacted when the draft is), null if unknown
 * @param waitLines       the wait container's lines the evidence holds, in time order
 * @param matches         the upstream issues the finding's rule finds
 * @param related         the other upstream links of the rule
 * @param redacted        names are pseudonyms
 */
public record IssueDraft(Report report, Finding finding, int number, String expected, List<Version> versions, Reconstructed workflow,
                         String noWorkflow, List<Quoted> controllerLines, String workflowName, List<Quoted> waitLines,
                         List<UpstreamIssues.Link> matches, List<UpstreamIssues.Link> related, boolean redacted) {

    public IssueDraft {
        versions = List.copyOf(versions);
        controllerLines = List.copyOf(controllerLines);
        waitLines = List.copyOf(waitLines);
        matches = List.copyOf(matches);
        related = List.copyOf(related);
    }

    /**
     * An Argo release and the evidence it was read from.
     *
     * @param release "v4.1.3", or a range
     * @param how     where and how it was read ("start banner in …", "executor image of …")
     */
    public record Version(String release, String how) {
    }

    /**
     * A Workflow rebuilt from an export.
     *
     * @param yaml  the Workflow, YAML, without comments
     * @param from  the export it was rebuilt from
     * @param notes what was left out or changed, one {@code note.reconstruction.*} message each
     */
    public record Reconstructed(String yaml, SourceRef from, List<Message> notes) {
        public Reconstructed {
            notes = List.copyOf(notes);
        }
    }

    /** A log line quoted as written. */
    public record Quoted(SourceRef source, Timestamp time, String text) {
    }
}
