package dev.toolfs.langchain4j.deployment;

import dev.toolfs.langchain4j.ToolFsLangChain4jProducers;
import dev.toolfs.langchain4j.ToolFsToolProvider;
import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.builditem.FeatureBuildItem;

class ToolFsLangChain4jProcessor {

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem("tool-fs-langchain4j");
    }

    /** The tool provider bean: Quarkus LangChain4j hands it to every AI service that does not name its own. */
    @BuildStep
    AdditionalBeanBuildItem beans() {
        return AdditionalBeanBuildItem.builder()
                .addBeanClasses(ToolFsToolProvider.class, ToolFsLangChain4jProducers.class)
                .setUnremovable()
                .build();
    }
}
