package dev.toolfs.fs;

/**
 * A path a model named, resolved and confined.
 *
 * @param requested the absolute, lexically normalized path the model named (what messages show)
 * @param target the canonical path with every symlink resolved (what is opened, locked and observed)
 */
public record ResolvedPath(java.nio.file.Path requested, java.nio.file.Path target) {
}
