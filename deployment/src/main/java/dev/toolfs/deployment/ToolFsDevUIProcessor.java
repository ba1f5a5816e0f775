package dev.toolfs.deployment;

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
    CardPageBuildItem card() {
        CardPageBuildItem card = new CardPageBuildItem();
        // The tools come from the running application (getTools): which are enabled, and their schemas with the
        // sandbox's arguments, are known only there.
        card.addBuildTimeData("guidance", Guidance.sections());
        card.addPage(Page.webComponentPageBuilder()
                .title("Tools")
                .icon("font-awesome-solid:toolbox")
                .componentLink("qwc-tool-fs-tools.js"));
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
