package dev.toolfs.langchain4j.deployment;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Rewrites a tool loop's {@code ToolExecutionResult.resultText()} calls to {@code ToolResultMessages}: the pair
 * "resultText(), then ToolExecutionResultMessage.from(request, text)" becomes one
 * {@code ToolResultMessages.from(request, result)}, which keeps the result's images; any other resultText() becomes
 * {@code ToolResultMessages.text(result)}, which does not throw on them; a message's
 * {@code ToolExecutionResultMessage.text()} becomes {@code ToolResultMessages.textOf(message)}, for the same reason, and
 * so does a call of {@code LangChain4jUtil.chatMessageToText(message)} ({@code ToolResultMessages.messageText}); a
 * method reference to any of these three becomes one to its helper. Each leaves the operand stack as it was.
 */
final class ToolResultCallRewriter {

    static final String RESULT = "dev/langchain4j/service/tool/ToolExecutionResult";
    static final String MESSAGE = "dev/langchain4j/data/message/ToolExecutionResultMessage";
    static final String REQUEST = "dev/langchain4j/agent/tool/ToolExecutionRequest";
    static final String HELPER = "dev/toolfs/langchain4j/ToolResultMessages";
    /** Quarkus LangChain4j's message-to-text helper, which its model providers use too (so it is not rewritten). */
    static final String UTIL = "io/quarkiverse/langchain4j/runtime/LangChain4jUtil";
    static final String CHAT_MESSAGE = "dev/langchain4j/data/message/ChatMessage";
    private static final String TO_TEXT = "()Ljava/lang/String;";

    /**
     * A call that is rewritten to the static method {@code helper} of {@link #HELPER}: it takes the same arguments (the
     * receiver first, for an instance method) and gives the same result.
     */
    private record Rewritten(String owner, String name, String desc, boolean isStatic, String helper) {

        boolean calledBy(MethodInsnNode m) {
            return m.getOpcode() == (isStatic ? Opcodes.INVOKESTATIC : Opcodes.INVOKEVIRTUAL) && m.owner.equals(owner)
                    && m.name.equals(name) && m.desc.equals(desc);
        }

        boolean referencedBy(Handle h) {
            return h.getTag() == (isStatic ? Opcodes.H_INVOKESTATIC : Opcodes.H_INVOKEVIRTUAL) && h.getOwner().equals(owner)
                    && h.getName().equals(name) && h.getDesc().equals(desc);
        }

        String helperDesc() {
            return isStatic ? desc : "(L" + owner + ";" + desc.substring(1);
        }
    }

    private static final Rewritten RESULT_TEXT = new Rewritten(RESULT, "resultText", TO_TEXT, false, "text");

    private static final List<Rewritten> REWRITTEN = List.of(RESULT_TEXT,
            new Rewritten(MESSAGE, "text", TO_TEXT, false, "textOf"),
            new Rewritten(UTIL, "chatMessageToText", "(L" + CHAT_MESSAGE + ";)Ljava/lang/String;", true, "messageText"));

    private ToolResultCallRewriter() {
    }

    /** The rewritten call {@code insn} makes, or null. */
    private static Rewritten calledBy(AbstractInsnNode insn) {
        if (insn instanceof MethodInsnNode m) {
            for (Rewritten r : REWRITTEN) {
                if (r.calledBy(m)) {
                    return r;
                }
            }
        }
        return null;
    }

    /** The rewritten call a method handle (of a method reference) names, or null. */
    private static Rewritten referencedBy(Handle h) {
        for (Rewritten r : REWRITTEN) {
            if (r.referencedBy(h)) {
                return r;
            }
        }
        return null;
    }

    /** How many calls to rewrite a class makes: the classes worth rewriting have at least one. */
    static int sites(byte[] classBytes) {
        if (!new String(classBytes, StandardCharsets.ISO_8859_1).contains("dev/langchain4j/")) {
            return 0; // no reference to LangChain4j at all: skip the parse
        }
        ClassNode node = new ClassNode();
        new ClassReader(classBytes).accept(node, ClassReader.SKIP_FRAMES);
        int count = 0;
        for (MethodNode m : node.methods) {
            for (AbstractInsnNode insn : m.instructions) {
                if (calledBy(insn) != null) {
                    count++;
                } else if (insn instanceof InvokeDynamicInsnNode indy) {
                    for (Object arg : indy.bsmArgs) {
                        if (arg instanceof Handle h && referencedBy(h) != null) {
                            count++;
                        }
                    }
                }
            }
        }
        return count;
    }

    /** A class visitor that rewrites every method it passes on to {@code next}. */
    static ClassVisitor rewriting(ClassVisitor next) {
        return new ClassVisitor(Opcodes.ASM9, next) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                MethodVisitor target = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (target == null) {
                    return null;
                }
                return new MethodNode(Opcodes.ASM9, access, name, descriptor, signature, exceptions) {
                    @Override
                    public void visitEnd() {
                        rewrite(this);
                        accept(target);
                    }
                };
            }
        };
    }

    static void rewrite(MethodNode method) {
        AbstractInsnNode insn = method.instructions.getFirst();
        while (insn != null) {
            if (insn instanceof InvokeDynamicInsnNode indy) {
                // A method reference (LangChain4jUtil::chatMessageToText, a tracing listener's): the lambda calls the
                // helper instead; a static helper taking the receiver first implements the same functional type.
                for (int i = 0; i < indy.bsmArgs.length; i++) {
                    Rewritten r = indy.bsmArgs[i] instanceof Handle h ? referencedBy(h) : null;
                    if (r != null) {
                        indy.bsmArgs[i] = new Handle(Opcodes.H_INVOKESTATIC, HELPER, r.helper(), r.helperDesc(), false);
                    }
                }
            }
            Rewritten r = calledBy(insn);
            if (r == null) {
                insn = insn.getNext();
                continue;
            }
            AbstractInsnNode following = r == RESULT_TEXT ? nextInstruction(insn) : null;
            AbstractInsnNode replacement;
            if (following != null && isMessageFromText(following)) {
                replacement = call("from", "(L" + REQUEST + ";L" + RESULT + ";)L" + MESSAGE + ";");
                method.instructions.set(following, replacement);
                method.instructions.remove(insn);
            } else {
                replacement = call(r.helper(), r.helperDesc());
                method.instructions.set(insn, replacement);
            }
            insn = replacement.getNext();
        }
    }

    private static MethodInsnNode call(String name, String descriptor) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, HELPER, name, descriptor, false);
    }

    /** The next instruction, past labels and line numbers; none at a frame (a jump target with its own stack). */
    private static AbstractInsnNode nextInstruction(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n instanceof LabelNode || n instanceof LineNumberNode) {
            n = n.getNext();
        }
        return n != null && n.getOpcode() >= 0 ? n : null;
    }

    private static boolean isMessageFromText(AbstractInsnNode insn) {
        return insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKESTATIC && m.owner.equals(MESSAGE)
                && (m.name.equals("from") || m.name.equals("toolExecutionResultMessage"))
                && m.desc.equals("(L" + REQUEST + ";Ljava/lang/String;)L" + MESSAGE + ";");
    }
}
