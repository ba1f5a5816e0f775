package dev.toolfs.deployment;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.toolfs.runtime.devui.ToolFsJsonRpcService;
import dev.toolfs.tools.Guidance;
import io.quarkus.deployment.IsLocalDevelopment;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.devui.spi.JsonRPCProvidersBuildItem;
import io.quarkus.devui.spi.page.CardPageBuildItem;
import io.quarkus.devui.spi.page.Page;

/** The Dev UI card: what the model sees (tools, schemas, guidance), the live sessions, and a form to call a tool. */
class ToolFsDevUIProcessor {

    @BuildStep(onlyIf = IsLocalDevelopment.class)
    CardPageBuildItem card(ToolCatalogBuildItem catalog) {
        CardPageBuildItem card = new CardPageBuildItem();
        List<Map<String, Object>> tools = catalog.tools().stream().map(t -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("description", t.description());
            m.put("readOnly", t.readOnly());
            m.put("destructive", t.destructive());
            m.put("inputSchema", t.inputSchema());
            return m;
        }).toList();
        card.addBuildTimeData("tools", tools);
        card.addBuildTimeData("guidance", Guidance.sections());
        card.addPage(Page.webComponentPageBuilder()
                .title("Tools")
                .icon("font-awesome-solid:toolbox")
                .componentLink("qwc-tool-fs-tools.js")
                .staticLabel(String.valueOf(tools.size())));
        card.addPage(Page.rawDataPageBuilder("Guidance")
                .icon("font-awesome-solid:comment")
                .buildTimeDataKey("guidance"));
        card.addPage(Page.webComponentPageBuilder()
                .title("Sessions")
                .icon("font-awesome-solid:users")
                .componentLink("qwc-tool-fs-sessions.js"));
        card.addPage(Page.webComponentPageBuilder()
                .title("Call a tool")
                .icon("font-awesome-solid:play")
                .componentLink("qwc-tool-fs-call.js"));
        return card;
    }

    @BuildStep(onlyIf = IsLocalDevelopment.class)
    JsonRPCProvidersBuildItem jsonRpc() {
        return new JsonRPCProvidersBuildItem(ToolFsJsonRpcService.class);
    }
}
