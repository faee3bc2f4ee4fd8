package dev.argoforensics.cli;

import dev.argoforensics.report.ToolInfo;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version stamped into the jar. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        ToolInfo t = ToolInfo.current();
        return new String[] {t.name() + " " + t.version()};
    }
}
