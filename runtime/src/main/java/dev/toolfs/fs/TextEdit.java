package dev.toolfs.fs;

/** A literal replacement as the model asked for it. */
public record TextEdit(String oldString, String newString, boolean replaceAll) {
}
