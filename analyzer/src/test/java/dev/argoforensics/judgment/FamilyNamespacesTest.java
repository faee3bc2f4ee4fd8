package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Session 49 (s49-af012): every family that runs a controller of its own draws its namespace from a list of its own, and the
 * corpus's main controllers from {@code Corpus.TEAMS}; a name in two lists gives, on the seeds where both pick it, two
 * controllers of one name (one log folder, one Lease name) watching one namespace, so every Workflow there is worked by two
 * controllers at once: AF012's truth, on Workflows of every class, which no scenario meant (ScenariosStall's
 * {@code search-index} was also a main team, ScenariosDagGate's {@code render-farm} also ScenariosParallel's). The lists are
 * read from every class of this package that declares one (a new family is checked without being named here).
 */
class FamilyNamespacesTest {
    @Test
    void noNamespaceIsInTwoFamiliesLists() throws IOException, URISyntaxException, ReflectiveOperationException {
        Path dir = Path.of(Corpus.class.getResource("Corpus.class").toURI()).getParent();
        Map<String, List<String>> owners = new TreeMap<>();
        int lists = 0;
        try (Stream<Path> classes = Files.list(dir)) {
            for (Path p : classes.filter(f -> f.getFileName().toString().endsWith(".class")).sorted().toList()) {
                String simple = p.getFileName().toString().replace(".class", "");
                Class<?> c = Class.forName(Corpus.class.getPackageName() + "." + simple, false, Corpus.class.getClassLoader());
                for (Field f : c.getDeclaredFields()) {
                    if ((f.getName().equals("NAMESPACES") || f.getName().equals("TEAMS")) && Modifier.isStatic(f.getModifiers())
                            && f.getType() == String[].class) {
                        f.setAccessible(true);
                        lists++;
                        for (String ns : (String[]) f.get(null)) {
                            owners.computeIfAbsent(ns, k -> new ArrayList<>()).add(simple + "." + f.getName());
                        }
                    }
                }
            }
        }
        assertTrue(lists > 20, "the families' lists found: " + lists);
        assertTrue(owners.get("etl-nightly") != null && owners.get("ml-pipelines") != null, "ScenariosStall's and Corpus's lists read");
        Map<String, List<String>> shared = new TreeMap<>();
        owners.forEach((ns, in) -> {
            if (in.size() > 1) {
                shared.put(ns, in);
            }
        });
        assertEquals(Map.of(), shared);
    }
}
