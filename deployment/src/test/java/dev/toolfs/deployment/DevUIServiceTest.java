package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.policy.ObservationPolicy;
import dev.toolfs.runtime.ToolRuntime;
import dev.toolfs.runtime.devui.ToolFsJsonRpcService;
import dev.toolfs.session.SessionRegistry;
import io.quarkus.test.QuarkusUnitTest;

/** The Dev UI back end: calling a tool from the form, and the sessions page showing what was observed. */
class DevUIServiceTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class));

    @Inject
    ToolRuntime runtime;

    @Inject
    SessionRegistry sessions;

    @Inject
    ObservationPolicy policy;

    @Inject
    ObjectMapper mapper;

    @Test
    @SuppressWarnings("unchecked")
    void callsAToolAndShowsTheSession() {
        ToolFsJsonRpcService service = new ToolFsJsonRpcService(runtime, sessions, policy, mapper);
        Map<String, Object> r = service.callTool("read", "{\"file_path\": \"pom.xml\", \"limit\": 1}", "form", "");
        assertThat(r.get("isError")).isEqualTo(false);
        assertThat((String) r.get("text")).startsWith("<path>pom.xml</path>\n<type>file</type>\n<content>\n1: <?xml");
        Map<String, Object> bad = service.callTool("read", "{oops", "form", "");
        assertThat(bad.get("isError")).isEqualTo(true);
        assertThat((String) bad.get("text")).startsWith("the arguments are not valid JSON");
        // As over REST: a second value after the object is no call the model meant.
        Map<String, Object> trailing = service.callTool("read", "{\"file_path\": \"pom.xml\"} {}", "form", "");
        assertThat(trailing.get("isError")).isEqualTo(true);
        assertThat((String) trailing.get("text")).startsWith("the arguments are not valid JSON");
        // The model chosen in the form is the call's, and the session remembers it.
        Map<String, Object> image = service.callTool("read_image", "{\"file_path\": \"pom.png\"}", "form", "text-only");
        assertThat((String) image.get("text")).contains("model \"text-only\"");

        List<Map<String, Object>> all = service.getSessions();
        Map<String, Object> form = all.stream().filter(s -> s.get("id").equals("form")).findFirst().orElseThrow();
        Map<String, String> observed = (Map<String, String>) form.get("observed");
        assertThat(observed).hasSize(1);
        assertThat(observed.keySet().iterator().next()).endsWith("/pom.xml");
        assertThat(observed.values().iterator().next()).startsWith("crc:");
        assertThat(form.get("model")).isEqualTo("text-only");
    }

    @Test
    void listsTheToolsAsTheModelIsOfferedThem() {
        ToolFsJsonRpcService service = new ToolFsJsonRpcService(runtime, sessions, policy, mapper);
        List<Map<String, Object>> tools = service.getTools();
        assertThat(tools).extracting(t -> t.get("name")).containsExactlyElementsOf(
                runtime.tools().stream().map(dev.toolfs.runtime.ToolDescriptor::name).toList());
        Map<String, Object> read = tools.stream().filter(t -> t.get("name").equals("read")).findFirst().orElseThrow();
        assertThat((String) read.get("description")).endsWith(dev.toolfs.tools.Guidance.READ);
        assertThat(read.get("readOnly")).isEqualTo(true);
    }
}
