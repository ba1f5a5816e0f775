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
        Map<String, Object> r = service.callTool("read", "{\"file_path\": \"pom.xml\", \"limit\": 1}", "form");
        assertThat(r.get("isError")).isEqualTo(false);
        assertThat((String) r.get("text")).startsWith("<path>pom.xml</path>\n<type>file</type>\n<content>\n1: <?xml");
        Map<String, Object> bad = service.callTool("read", "{oops", "form");
        assertThat(bad.get("isError")).isEqualTo(true);
        assertThat((String) bad.get("text")).startsWith("the arguments are not valid JSON");

        List<Map<String, Object>> all = service.getSessions();
        Map<String, Object> form = all.stream().filter(s -> s.get("id").equals("form")).findFirst().orElseThrow();
        Map<String, String> observed = (Map<String, String>) form.get("observed");
        assertThat(observed).hasSize(1);
        assertThat(observed.keySet().iterator().next()).endsWith("/pom.xml");
        assertThat(observed.values().iterator().next()).startsWith("crc:");
    }
}
