package dev.toolfs.deployment;

import java.util.Map;

public record MapArgs(Map<String, String> options) {
}
