package dev.toolfs.tools;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.jboss.logging.Logger;

/**
 * A tool's presentation card, made the first time anything looks at it. A write's or an edit's diff card is a
 * fifteenth of the call's own CPU (its regions, their lines), and most MCP clients never ask for it: under the
 * {@code auto} placement only a client that does gets it. Read-only, like every card once made; made once, on whichever
 * thread first asks.
 */
final class DeferredCard extends AbstractMap<String, Object> {

    private static final Logger LOG = Logger.getLogger(DeferredCard.class);

    private Supplier<Map<String, Object>> maker;
    private Map<String, Object> card;

    DeferredCard(Supplier<Map<String, Object>> maker) {
        this.maker = maker;
    }

    private synchronized Map<String, Object> card() {
        if (card == null) {
            try {
                card = Collections.unmodifiableMap(maker.get());
            } catch (RuntimeException | StackOverflowError e) {
                // The change is made by now: a card that cannot be drawn leaves the answer without one, not failed.
                LOG.errorf(e, "the presentation card of a tool call could not be made");
                card = Map.of();
            }
            maker = null; // what it held (the texts before and after) is not needed any more
        }
        return card;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return card().entrySet();
    }

    @Override
    public Object get(Object key) {
        return card().get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return card().containsKey(key);
    }

    @Override
    public int size() {
        return card().size();
    }
}
