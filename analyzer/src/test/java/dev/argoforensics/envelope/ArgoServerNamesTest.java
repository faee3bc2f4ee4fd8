package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Session 54: what names a file as the Argo Server's Pod's (a hint), and the server's own messages. */
class ArgoServerNamesTest {
    @Test
    void aFileNamedAfterTheServersPodOrDeployment() {
        for (String p : List.of("argo-server-6f7b9c7d4-x2x9z.log", "logs/argo-server-6f7b9c7d4-x2x9z.log", "argo-server-6f7b9c7d4-x2x9z.txt",
                "argo-server-6f7b9c7d4-x2x9z.log.1", "argo-server-6f7b9c7d4-x2x9z.log.2.gz", "argo-server.log", "C:\\\\incident\\\\argo-server.log",
                "argo-workflows-server-7b9c5d6f8-q4m2n.log", "argo-server-6f7b9c7d4-x2x9z")) {
            assertTrue(ArgoServer.namedFile(p), p);
        }
        for (String p : List.of("workflow-controller-7c9d8f6b4-mx2lp.log", "argo-workflows-workflow-controller-5d8c7b9f6-k2x7p.log",
                "argo-server-controller-7c9d8f6b4-mx2lp.log", "argo-server/controller.log", "kube-apiserver-audit.log", "argo-servers.log",
                "argo-server-canary.log", "server.log", "controller.log")) {
            assertFalse(ArgoServer.namedFile(p), p);
        }
    }

    @Test
    void theServersOwnStatementsAndNotTheControllers() {
        for (String m : List.of("Starting Argo Server", "SSO disabled", "Creating event controller", "using the default service account for user",
                "Deleting pod", "Download artifact", "Get artifact file", "finished unary call with code OK")) {
            assertTrue(ArgoServer.isServerMessage(m), m);
        }
        for (String m : List.of("Starting Workflow Controller", "Deleting garbage collected workflow 'ns/wf'", "not enabling pprof debug endpoints",
                "Alloc=6312 TotalAlloc=12044 Sys=23250 NumGC=4 Goroutines=80", "delete pod event", "cleaning up pod")) {
            assertFalse(ArgoServer.isServerMessage(m), m);
        }
    }
}
