package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

class DeferredCardTest {

    private static Map<String, Object> card() {
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("kind", "diff-card");
        card.put("path", "a.txt");
        card.put("hunks", List.of(Map.of("old", 1)));
        return card;
    }

    @Test
    void theCardIsMadeWhenFirstLookedAtAndOnlyOnce() {
        AtomicInteger made = new AtomicInteger();
        DeferredCard deferred = new DeferredCard(() -> {
            made.incrementAndGet();
            return card();
        });
        assertThat(made).hasValue(0);
        assertThat(deferred.isEmpty()).isFalse();
        assertThat(deferred.get("kind")).isEqualTo("diff-card");
        assertThat(deferred).isEqualTo(card()).hasSameHashCodeAs(card());
        assertThat(deferred.keySet()).containsExactly("kind", "path", "hunks");
        assertThat(made).hasValue(1);
    }

    @Test
    void itIsWrittenAsTheCardItself() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        assertThat(mapper.writeValueAsString(new DeferredCard(DeferredCardTest::card)))
                .isEqualTo(mapper.writeValueAsString(card()));
        assertThat(mapper.writeValueAsString(Map.of("metadata", new DeferredCard(DeferredCardTest::card))))
                .isEqualTo("{\"metadata\":{\"kind\":\"diff-card\",\"path\":\"a.txt\",\"hunks\":[{\"old\":1}]}}");
    }

    @Test
    void itIsReadOnlyLikeEveryCard() {
        DeferredCard deferred = new DeferredCard(DeferredCardTest::card);
        assertThatThrownBy(() -> deferred.put("kind", "x")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> deferred.entrySet().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(deferred).isEqualTo(card());
    }

    @Test
    void threadsLookingAtOnceGetOneCard() throws Exception {
        AtomicInteger made = new AtomicInteger();
        DeferredCard deferred = new DeferredCard(() -> {
            made.incrementAndGet();
            try {
                Thread.sleep(50); // long enough for the other threads to ask meanwhile
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return card();
        });
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<Object> seen = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 8; i++) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                seen.add(deferred.get("path"));
            });
            t.start();
            threads.add(t);
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertThat(made).hasValue(1);
        assertThat(seen).hasSize(8).containsOnly("a.txt");
    }

    @Test
    void aCardThatCannotBeMadeIsNone() throws Exception {
        DeferredCard deferred = new DeferredCard(() -> {
            throw new IllegalArgumentException("bad region");
        });
        assertThat(deferred).isEmpty();
        assertThat(new ObjectMapper().writeValueAsString(deferred)).isEqualTo("{}");
    }

    @Test
    void aToolsOutcomeTakesAMaker() {
        AtomicInteger made = new AtomicInteger();
        ToolOutcome outcome = ToolOutcome.text("done", null, () -> {
            made.incrementAndGet();
            return card();
        });
        assertThat(made).hasValue(0);
        assertThat(outcome.metadata()).isEqualTo(card());
        assertThat(made).hasValue(1);
    }
}
