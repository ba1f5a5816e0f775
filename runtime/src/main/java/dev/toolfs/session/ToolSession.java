package dev.toolfs.session;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * One agent conversation: its id, its working folder, its latest routed model, and whatever the layers above keep
 * for it (the observation policy keeps its observed versions here, so an evicted session has observed nothing).
 */
public final class ToolSession {

    private final String id;
    private volatile Path cwd;
    private volatile String model;
    private volatile long lastUsedNanos;
    private volatile java.util.Set<String> allowedTools;
    private final ConcurrentMap<Class<?>, Object> state = new ConcurrentHashMap<>();

    public ToolSession(String id, Path cwd) {
        this.id = id;
        this.cwd = cwd;
        touch();
    }

    /** A session that goes on with the settings an evicted one had, and nothing observed. */
    ToolSession(String id, Settings settings) {
        this(id, settings.cwd());
        this.model = settings.model();
        this.allowedTools = settings.allowedTools();
    }

    /** What a session is set to, as opposed to what it has seen: its folder, its latest model, its tools. */
    record Settings(Path cwd, String model, java.util.Set<String> allowedTools) {
    }

    Settings settings() {
        return new Settings(cwd, model, allowedTools);
    }

    public String id() {
        return id;
    }

    public Path cwd() {
        return cwd;
    }

    public void cwd(Path cwd) {
        this.cwd = cwd;
    }

    public Optional<String> model() {
        return Optional.ofNullable(model);
    }

    public void model(String model) {
        this.model = model;
    }

    /** Restricts the session to these tools (null: every enabled tool). */
    public void allowedTools(java.util.Set<String> tools) {
        this.allowedTools = tools == null ? null : java.util.Set.copyOf(tools);
    }

    public boolean allows(String tool) {
        java.util.Set<String> allowed = allowedTools;
        return allowed == null || allowed.contains(tool);
    }

    void touch() {
        lastUsedNanos = System.nanoTime();
    }

    long lastUsedNanos() {
        return lastUsedNanos;
    }

    /** Per-session state that lets go of what it holds when its session is forgotten. */
    public interface Forgettable {
        void forgotten();
    }

    private volatile boolean forgotten;

    /**
     * Its session is forgotten: the state that holds on to something elsewhere lets go of it. A call still running for
     * it may create state afterwards: that is let go of at once (see {@link #state}). Forgettable state is told at
     * least once.
     */
    void forget() {
        forgotten = true;
        for (Object s : state.values()) {
            if (s instanceof Forgettable f) {
                f.forgotten();
            }
        }
    }

    /** Per-session state owned by one component, created on first use. */
    @SuppressWarnings("unchecked")
    public <T> T state(Class<T> owner, Function<Class<T>, T> create) {
        T s = (T) state.computeIfAbsent(owner, k -> create.apply(owner));
        if (forgotten && s instanceof Forgettable f) {
            f.forgotten(); // created for a session already gone, or raced with forget(): told again, which is harmless
        }
        return s;
    }
}
