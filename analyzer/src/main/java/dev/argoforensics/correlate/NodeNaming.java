package dev.argoforensics.correlate;

import java.nio.charset.StandardCharsets;

/**
 * The controller's naming rules between node names, node IDs and pod names (reference, section
 * 7.4): FNV-1a 32-bit over the node name's UTF-8 bytes, printed unsigned and unpadded.
 */
public final class NodeNaming {
    /** 253 (object name limit) - 10 (hash digits) - 1 (dash). */
    static final int MAX_PREFIX = 242;

    private NodeNaming() {
    }

    /** FNV-1a 32-bit of the UTF-8 bytes, as an unsigned decimal string. */
    public static String hash(String nodeName) {
        int h = 0x811c9dc5;
        for (byte b : nodeName.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return Integer.toUnsignedString(h);
    }

    /** The node ID: the Workflow name for the root node, else {@code <workflow>-<hash(name)>}. */
    public static String nodeId(String workflow, String nodeName) {
        return nodeName.equals(workflow) ? workflow : workflow + "-" + hash(nodeName);
    }

    /** Pod name format v1: the node ID. */
    public static String podNameV1(String workflow, String nodeName) {
        return nodeId(workflow, nodeName);
    }

    /**
     * Pod name format v2 (the default): the Workflow name for the root node, else
     * {@code trunc242(<workflow>-<template>)-<hash(name)>}, without the template part when it is empty.
     */
    public static String podNameV2(String workflow, String nodeName, String template) {
        if (nodeName.equals(workflow)) {
            return workflow;
        }
        String prefix = template == null || template.isEmpty() ? workflow : workflow + "-" + template;
        if (prefix.length() > MAX_PREFIX) {
            prefix = prefix.substring(0, MAX_PREFIX);
        }
        return prefix + "-" + hash(nodeName);
    }

    /** The format the Workflow's annotation names, or v2 (the controller's default). */
    public static String podName(String format, String workflow, String nodeName, String template) {
        return "v1".equals(format) ? podNameV1(workflow, nodeName) : podNameV2(workflow, nodeName, template);
    }
}
