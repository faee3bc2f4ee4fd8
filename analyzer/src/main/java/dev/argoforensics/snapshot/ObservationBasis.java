package dev.argoforensics.snapshot;

/** How the analyzer knows when an export was taken; reports name it next to the time. */
public enum ObservationBasis {
    /** Nothing said when: the latest time inside the object, so the export was taken no earlier. */
    LATEST_INSIDE("no earlier than the latest time inside the object"),
    /** A {@code # taken-at: <RFC 3339>} comment at the top of the file. */
    TAKEN_AT_COMMENT("the file's # taken-at comment"),
    /**
     * {@code date}'s answer at the top of pasted output ({@code $ date -u; kubectl get events -A}, or {@code $ date -u} on a prompt
     * of its own first), where it states its offset ({@code UTC}, {@code GMT}, {@code +0000}).
     */
    DATE_COMMAND("the date command's answer printed before it"),
    /** {@code --snapshot-time FILE=TIME} on the command line. */
    COMMAND_LINE("--snapshot-time on the command line"),
    /**
     * A Workflow export placed on the controller's clock: its {@code metadata.resourceVersion} is the one a
     * {@code Workflow update successful} line says the controller wrote, so its status is what the controller stored then.
     */
    RESOURCE_VERSION("the controller's Workflow update successful that wrote its resourceVersion");

    private final String description;

    ObservationBasis(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
