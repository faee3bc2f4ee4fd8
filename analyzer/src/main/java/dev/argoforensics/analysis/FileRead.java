package dev.argoforensics.analysis;

import java.util.List;

/**
 * What reading one log file gave: its records in the order the controller wrote them (a file
 * exported newest first is turned around), and its summary.
 *
 * @param yearlessKlog indexes into {@code records} of klog lines whose year nothing in the file
 *                     gave (klog prints none); the analysis takes it from the other inputs
 */
record FileRead(List<ReadRecord> records, InputSummary summary, List<Integer> yearlessKlog) {
    FileRead {
        records = List.copyOf(records);
        yearlessKlog = List.copyOf(yearlessKlog);
    }
}
