package dev.toolfs.deployment;

public record PathArgs(String filePath) {
}
