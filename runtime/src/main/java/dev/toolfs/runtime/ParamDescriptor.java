package dev.toolfs.runtime;

import java.util.List;

/**
 * One argument of a tool, as the build found it.
 *
 * @param name the JSON name (snake_case of the record component)
 * @param component the record component's name
 * @param type the JSON type: string, integer, number, boolean, or array
 * @param javaType the component's Java type name (erased)
 * @param itemType for arrays, the JSON type of the items, else null
 * @param enumValues for enums, the allowed constants, else empty
 * @param required whether the schema lists it as required
 * @param typeMessage the message when the value is missing-but-required or of the wrong JSON type
 * @param confinedOnly offered only while the provider confines mutations
 */
public record ParamDescriptor(String name, String component, String type, String javaType, String itemType,
        List<String> enumValues, boolean required, String typeMessage, boolean confinedOnly) {
}
