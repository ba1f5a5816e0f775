package dev.toolfs.fs;

/** Lets a caller stop a running tool; the provider checks it before each point of no return. */
@FunctionalInterface
public interface Cancellation {

    Cancellation NONE = () -> false;

    boolean isCancelled();
}
