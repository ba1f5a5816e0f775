package dev.toolfs.sandbox;

import java.time.Instant;

/**
 * A model's request to step outside the sandbox for one mutation.
 *
 * @param id unique id of the request
 * @param path the path as the model sees it
 * @param reason why the sandbox refuses it without approval
 */
public record ApprovalRequest(String id, String sessionId, String tool, String path, String reason,
        String justification, Instant requestedAt) {
}
