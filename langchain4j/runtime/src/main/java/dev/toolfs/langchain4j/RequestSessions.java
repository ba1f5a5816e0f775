package dev.toolfs.langchain4j;

import java.util.Set;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;

import dev.toolfs.runtime.ToolRuntime;

/**
 * The tool sessions of the current request's chat memory. An AI service without a {@code @MemoryId} gets, from Quarkus
 * LangChain4j, a memory id made of the request's context state and the method, and the memory goes with the request.
 * Its tool session went on for the idle timeout (found in a review): busy services filled the sessions with requests
 * long over, pushing out real conversations, and a later request whose context state had the same identity hash took
 * an earlier one's read history. It ends with the request now.
 */
@RequestScoped
public class RequestSessions {

    @Inject
    ToolRuntime runtime;

    private final Set<String> ids = java.util.concurrent.ConcurrentHashMap.newKeySet();

    void track(String sessionId) {
        ids.add(sessionId);
    }

    @PreDestroy
    void ended() {
        ids.forEach(runtime::endSession);
    }

    /**
     * Whether {@code memoryId} is the one Quarkus LangChain4j makes for the current request: the text of the request
     * context's state, then {@code #} and the AI service's method.
     */
    static boolean ofThisRequest(Object memoryId) {
        if (!(memoryId instanceof String id)) {
            return false;
        }
        io.quarkus.arc.ArcContainer arc = io.quarkus.arc.Arc.container();
        if (arc == null) {
            return false;
        }
        io.quarkus.arc.ManagedContext request = arc.requestContext();
        return request.isActive() && id.startsWith(request.getState() + "#");
    }
}
