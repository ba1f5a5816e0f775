package dev.toolfs.tools;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.sandbox.ApprovalDecision;
import dev.toolfs.sandbox.ApprovalRequest;
import dev.toolfs.sandbox.ApprovalService;
import dev.toolfs.sandbox.ConfiguredApprovals;

/**
 * The escalation step of write and edit under a confining provider: when the model asks for
 * {@code require_escalated} and the sandbox would refuse the path, the approval service decides. An approved
 * escalation lets that one mutation past the sandbox; a denied one is an error the model can act on.
 */
@Singleton
public class SandboxEscalation {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(SandboxEscalation.class);

    @Inject
    FileSystemProvider fs;

    @Inject
    ApprovalService approvals;

    @Inject
    dev.toolfs.fs.local.Workspace workspace;

    /** The longest justification, in characters (code points): a few sentences for a person to read. */
    public static final int MAX_JUSTIFICATION_CHARS = 1000;

    /**
     * Refuses a change of a path the sandbox protects where no escalation can be approved, before anything else is
     * said about it: "retry escalated" would always be denied, and "read it first" would be a call for nothing (found
     * by black-box testing). Called before the intent gate.
     */
    public void refuseWhereNoneCanApprove(String op, ResolvedPath path) {
        if (!approvals.mayApprove()) {
            Optional<String> denial = fs.sandboxDenial(path);
            if (denial.isPresent()) {
                throw FsException.sandboxDeniedForGood(op, path.requested(), denial.get());
            }
        }
    }

    /**
     * True when this mutation was approved past the sandbox.
     *
     * @param precondition the change's read-before-write guard, and {@code edit} the edit (null for a write): a change
     *        that could not be made now is refused before anyone is asked
     * @param content a write's content (null for an edit), shown to whoever decides
     */
    public boolean approve(ToolContext ctx, String op, ResolvedPath path, SandboxPermissions permissions,
            String justification, dev.toolfs.fs.Precondition precondition, dev.toolfs.fs.TextEdit edit, String content) {
        if (permissions != SandboxPermissions.require_escalated || !approvals.mayApprove()) {
            return false;
        }
        Optional<String> denial = fs.sandboxDenial(path);
        if (denial.isEmpty()) {
            return false; // the sandbox allows it anyway: nobody needs to be asked, so nothing needs saying why
        }
        if (justification == null || !hasVisibleText(justification)) {
            throw new ToolInputException(
                    "justification must say why the change needs an exception when sandbox_permissions is require_escalated");
        }
        int chars = justification.codePointCount(0, justification.length());
        if (chars > MAX_JUSTIFICATION_CHARS) {
            // A person reads it whole, and it is logged with the decision: megabytes of it filled the log and the
            // approvals list (found by black-box testing).
            throw new ToolInputException("justification is " + chars + " characters long; say why the change needs an"
                    + " exception in at most " + MAX_JUSTIFICATION_CHARS);
        }
        // Nobody is asked to approve a change that would fail once approved (a folder as the target, a file above it,
        // a file changed since it was read, an edit that does not match).
        fs.checkChangeable(op, path, precondition, edit);
        ApprovalRequest request = new ApprovalRequest(UUID.randomUUID().toString(), ctx.execution().sessionId(), op,
                forApprover(path.requested(), workspace.roots()), denial.get(), justification, Instant.now(),
                edit == null ? ApprovalRequest.Change.write(content)
                        : ApprovalRequest.Change.edit(edit.oldString(), edit.newString(), edit.replaceAll()));
        String tool = ctx.execution().tool();
        dev.toolfs.session.ToolSession session = ctx.execution().session();
        // Taking the tool withdraws the waiting request (ToolRuntime.restrictSession); one taken while this request was
        // being made, before it waited, is seen here within a look (found by black-box testing: it stayed listed).
        dev.toolfs.fs.Cancellation untilTaken = () -> ctx.cancellation().isCancelled() || !session.allows(tool);
        ApprovalDecision decision = approvals.decide(request, ctx.approver(), untilTaken);
        // Before the decision's own answer: a change withdrawn when its tool was taken is denied for that reason.
        if (!session.allows(tool)) {
            // Said in the log too: a reviewer whose approval came as the tool was taken was told it was taken.
            LOG.infof("sandbox escalation withdrawn: %s %s in session %s: the tool was taken from the session while it"
                    + " waited%s; nothing was changed", tool, ConfiguredApprovals.logged(request.path()),
                    ConfiguredApprovals.logged(request.sessionId()), decision.approved() ? " (it was approved meanwhile)" : "");
            // Narrowed while it waited (found by black-box testing: an operator took write from a misbehaving agent,
            // then approved the list, and its queued writes went through).
            throw new ToolFailureException("ToolUnavailable", "TOOL_NOT_AVAILABLE", "cannot " + op + " \""
                    + ctx.display(path.requested()) + "\": the " + ctx.execution().tool() + " tool was taken from this"
                    + " session while the change waited for approval; nothing was changed");
        }
        if (!decision.approved()) {
            throw FsException.escalationDenied(op, path.requested(), decision.reason());
        }
        return true;
    }

    /**
     * The path as the person asked sees it: relative to the workspace's root, whatever the session's folder (a model
     * working in {@code .git/hooks} named its file {@code pre-commit}, which did not say where it was; found by
     * black-box testing); absolute where the workspace has several roots, or the path lies in none.
     */
    public static String forApprover(java.nio.file.Path requested, java.util.List<java.nio.file.Path> roots) {
        if (roots.size() == 1 && requested.startsWith(roots.get(0)) && !requested.equals(roots.get(0))) {
            return roots.get(0).relativize(requested).toString();
        }
        return requested.toString();
    }

    /**
     * Whether a text shows anything: a letter, digit, punctuation or symbol that is drawn (not spaces of any kind, line
     * breaks, control, format or combining characters, nor the Hangul fillers and the blank braille pattern, which are
     * letters and symbols drawn as nothing): an invisible justification would look empty to the person asked.
     */
    static boolean hasVisibleText(String s) {
        return s.codePoints().anyMatch(SandboxEscalation::isDrawn);
    }

    private static boolean isDrawn(int cp) {
        if (cp == 0x115F || cp == 0x1160 || cp == 0x3164 || cp == 0xFFA0 || cp == 0x2800) {
            return false;
        }
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                    Character.MODIFIER_LETTER, Character.OTHER_LETTER, Character.DECIMAL_DIGIT_NUMBER,
                    Character.LETTER_NUMBER, Character.OTHER_NUMBER, Character.CONNECTOR_PUNCTUATION,
                    Character.DASH_PUNCTUATION, Character.START_PUNCTUATION, Character.END_PUNCTUATION,
                    Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION,
                    Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL,
                    Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }
}
