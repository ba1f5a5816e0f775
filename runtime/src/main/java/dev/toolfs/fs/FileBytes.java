package dev.toolfs.fs;

/** A whole (small) file's bytes and the version of exactly those bytes. */
public record FileBytes(byte[] bytes, FileVersion version) {
}
