package dev.toolfs.langchain4j.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.util.CheckClassAdapter;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.service.tool.ToolExecutionResult;

/** The rewrite of text-only tool loops, on a fixture loop and on the Quarkus LangChain4j classes themselves. */
class ToolResultCallRewriterTest {

    static final ToolExecutionRequest REQUEST = ToolExecutionRequest.builder().id("c1").name("read_image")
            .arguments("{}").build();
    static final ToolExecutionResult IMAGE_RESULT = ToolExecutionResult.builder()
            .resultContents(List.of(TextContent.from("envelope"), ImageContent.from("aGk=", "image/png"))).build();
    static final ToolExecutionResult TEXT_RESULT = ToolExecutionResult.builder().resultText("just text").build();

    @Test
    void theFixtureFailsOnAnImageBeforeTheRewrite() {
        assertThatThrownBy(() -> ToolLoopFixture.message(REQUEST, IMAGE_RESULT))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void afterTheRewriteTheMessageCarriesTheImageAndTextStaysTheSame() throws Exception {
        Class<?> loop = defineRewritten(ToolLoopFixture.class);
        ToolExecutionResultMessage withImage = (ToolExecutionResultMessage) invoke(loop, "message", REQUEST, IMAGE_RESULT);
        assertThat(withImage.id()).isEqualTo("c1");
        assertThat(withImage.toolName()).isEqualTo("read_image");
        assertThat(withImage.contents()).containsExactlyElementsOf(IMAGE_RESULT.resultContents());

        ToolExecutionResultMessage text = (ToolExecutionResultMessage) invoke(loop, "message", REQUEST, TEXT_RESULT);
        assertThat(text).isEqualTo(ToolExecutionResultMessage.from(REQUEST, "just text"));

        assertThat(invoke(loop, "log", IMAGE_RESULT, true)).isEqualTo("result: envelope");
        assertThat(invoke(loop, "log", TEXT_RESULT, true)).isEqualTo("result: just text");
        assertThat(invoke(loop, "log", TEXT_RESULT, false)).isEqualTo("result");

        assertThat(invoke(loop, "shown", withImage)).isEqualTo("shown: envelope");
        assertThat(invoke(loop, "shown", text)).isEqualTo("shown: just text");
    }

    @Test
    void anErrorResultIsMarkedAsOneInItsMessage() throws Exception {
        Class<?> loop = defineRewritten(ToolLoopFixture.class);
        ToolExecutionResult failed = ToolExecutionResult.builder().isError(true).resultText("Error: no").build();
        ToolExecutionResultMessage message = (ToolExecutionResultMessage) invoke(loop, "message", REQUEST, failed);
        assertThat(message.isError()).isTrue();
        assertThat(message.text()).isEqualTo("Error: no");
        assertThat(message.id()).isEqualTo("c1");
        assertThat(message.toolName()).isEqualTo("read_image");
        // The loop before gave no error mark at all.
        assertThat(ToolLoopFixture.message(REQUEST, failed).isError()).isNotEqualTo(Boolean.TRUE);
    }

    @Test
    void messagesRenderedAsTextByTheCoreHelperOrByMethodReferenceGiveTheirTextParts() throws Exception {
        ToolExecutionResultMessage withImage = ToolExecutionResultMessage.builder().id("c1").toolName("read_image")
                .contents(IMAGE_RESULT.resultContents()).build();
        UserMessage user = UserMessage.from("hello");
        // Unrewritten, each fails on the image, as LangChain4j makes it fail.
        assertThatThrownBy(() -> ToolLoopFixture.rendered(withImage)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ToolLoopFixture.renderedAll(List.of(withImage)))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ToolLoopFixture.shownAll(List.of(withImage))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ToolLoopFixture.logged(List.of(IMAGE_RESULT))).isInstanceOf(IllegalStateException.class);

        assertThat(ToolResultCallRewriter.sites(bytesOf(ToolLoopFixture.class.getName()))).isEqualTo(7);
        Class<?> loop = defineRewritten(ToolLoopFixture.class);
        assertThat(invoke(loop, "rendered", withImage)).isEqualTo("envelope");
        assertThat(invoke(loop, "rendered", user)).isEqualTo("hello");
        assertThat(invoke(loop, "renderedAll", List.of(user, withImage))).isEqualTo(List.of("hello", "envelope"));
        assertThat(invoke(loop, "shownAll", List.of(withImage))).isEqualTo(List.of("envelope"));
        assertThat(invoke(loop, "logged", List.of(IMAGE_RESULT, TEXT_RESULT))).isEqualTo(List.of("envelope", "just text"));
    }

    @Test
    void theQuarkusToolLoopsAreRewrittenIntoValidClasses() throws IOException {
        // The tool loops, tracing of tool results, and the callers of the helper that renders messages as text
        // (templates, and, by method reference, the tracing of prompts).
        for (String name : List.of("io.quarkiverse.langchain4j.runtime.aiservice.AiServiceMethodImplementationSupport",
                "io.quarkiverse.langchain4j.runtime.aiservice.QuarkusAiServiceStreamingResponseHandler$6",
                "io.quarkiverse.langchain4j.runtime.tool.ToolSpanWrapper",
                "io.quarkiverse.langchain4j.runtime.template.ChatMessageTemplateExtension",
                "io.quarkiverse.langchain4j.runtime.listeners.PromptTextSpanContributor")) {
            assertThat(ToolResultCallRewriter.sites(bytesOf(name))).as(name).isPositive();
            byte[] original = bytesOf(name);
            byte[] rewritten = rewrite(original);
            assertThat(ToolResultCallRewriter.sites(rewritten)).as(name).isZero();
            StringWriter problems = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(rewritten), getClass().getClassLoader(), false,
                    new PrintWriter(problems));
            assertThat(problems.toString()).as(name).isEmpty();
        }
        // A class that never touches a tool result is left alone.
        assertThat(ToolResultCallRewriter.sites(bytesOf("io.quarkiverse.langchain4j.RegisterAiService"))).isZero();
    }

    private static Object invoke(Class<?> loop, String method, Object... args) throws Exception {
        for (Method m : loop.getMethods()) {
            if (m.getName().equals(method)) {
                try {
                    return m.invoke(null, args);
                } catch (InvocationTargetException e) {
                    throw (Exception) e.getCause();
                }
            }
        }
        throw new NoSuchMethodException(method);
    }

    private static Class<?> defineRewritten(Class<?> original) throws IOException {
        byte[] bytes = rewrite(bytesOf(original.getName()));
        return new ClassLoader(ToolResultCallRewriterTest.class.getClassLoader()) {
            Class<?> define() {
                return defineClass(original.getName(), bytes, 0, bytes.length);
            }
        }.define();
    }

    private static byte[] rewrite(byte[] original) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(ToolResultCallRewriter.rewriting(writer), 0);
        return writer.toByteArray();
    }

    private static byte[] bytesOf(String className) throws IOException {
        try (InputStream in = ToolResultCallRewriterTest.class.getClassLoader()
                .getResourceAsStream(className.replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }
}
