package dev.argoforensics.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * The listing's placement of objects in clusters does not depend on the order the file system listed them in: a local
 * folder lists in its directory's order, which two copies of one corpus need not share, and with two objects under one
 * display path the one read (and the one accounted as skipped) must be the same on both.
 */
class FleetListingTest {
    @Test
    void twoObjectsUnderOneDisplayPathGiveTheSameReadingInAnyListingOrder() {
        List<Map.Entry<Path, Long>> listed = List.of(
                Map.entry(new Path("file:/export/p/cluster=a/controller/x.log"), 10L),
                Map.entry(new Path("file:/export/q/cluster=a/controller/x.log"), 20L),
                Map.entry(new Path("file:/export/q/cluster=b/controller/x.log"), 30L),
                Map.entry(new Path("file:/export/stray/x.log"), 40L));
        FleetListing inOrder = new FleetListing();
        inOrder.addRoot(listed);
        List<Map.Entry<Path, Long>> reversed = new ArrayList<>(listed);
        Collections.reverse(reversed);
        FleetListing backwards = new FleetListing();
        backwards.addRoot(reversed);

        assertEquals(inOrder.tasks(), backwards.tasks());
        assertEquals(inOrder.unplaced(), backwards.unplaced());
        assertEquals("file:/export/p/cluster=a/controller/x.log", inOrder.tasks().get(0).objects().get(0).uri(), "the first in path order is read");
        assertEquals(List.of("file:/export/q/cluster=a/controller/x.log", "file:/export/stray/x.log"),
                inOrder.unplaced().stream().map(InputRow::path).toList());
    }
}
