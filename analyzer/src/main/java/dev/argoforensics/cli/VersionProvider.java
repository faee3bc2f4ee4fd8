package dev.argoforensics.cli;

import dev.argoforensics.report.ToolInfo;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version and build commit stamped into the jar. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {ToolInfo.current().describe()};
    }
}
