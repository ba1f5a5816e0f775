package dev.toolfs.fs.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import dev.toolfs.fs.FsException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random trees of folders, files and links (inside the workspace, pointing in, out, through each other, through
 * nothing, with '.' and '..' anywhere in their text), resolved by the workspace walk and by the system: the walk never
 * gives a path outside the workspace, refuses every path the system would follow out of it, and where both resolve,
 * they name the same file.
 */
class WorkspaceWalkPropertyTest {

    private static final List<String> NAMES = List.of("a", "b", "f", "l", "m", "nothing");
    // "" makes a doubled slash; the system reads a link's text as written, not normalized.
    private static final List<String> PIECES = List.of("..", ".", "a", "b", "f", "l", "m", "nothing", "ws", "out", "");
    private static final List<String> LINK_PLACES = List.of("l", "m", "a/l", "a/m", "a/b/l", "out/l");

    record Link(String place, boolean absolute, List<String> text, boolean trailingSlash) {
    }

    @Provide
    Arbitrary<List<Link>> links() {
        Arbitrary<Link> link = Combinators.combine(Arbitraries.of(LINK_PLACES), Arbitraries.of(false, false, false, true), Arbitraries.of(PIECES).list().ofMinSize(1).ofMaxSize(4), Arbitraries.of(false, false, true)).as(Link::new);
        return link.list().ofMinSize(1).ofMaxSize(5).uniqueElements(Link::place);
    }

    @Provide
    Arbitrary<List<List<String>>> paths() {
        return Arbitraries.of(NAMES).list().ofMinSize(1).ofMaxSize(3).list().ofMinSize(10).ofMaxSize(10);
    }

    @Property(tries = 1000)
    void theWalkStaysInsideAndAgreesWithTheSystem(@ForAll("links") List<Link> links,
            @ForAll("paths") List<List<String>> paths) throws IOException {
        Path base = Files.createTempDirectory("toolfs-walk").toRealPath();
        try {
            Path ws = Files.createDirectories(base.resolve("ws"));
            Path out = Files.createDirectories(base.resolve("out"));
            Files.createDirectories(ws.resolve("a/b"));
            Files.createDirectories(out.resolve("a/b"));
            for (Path folder : List.of(ws, ws.resolve("a"), out, out.resolve("a"))) {
                Files.writeString(folder.resolve("f"), folder.toString());
            }
            for (Link link : links) {
                Path place = link.place().startsWith("out/") ? out.resolve(link.place().substring(4)) : ws.resolve(link.place());
                String text = String.join("/", link.text()) + (link.trailingSlash() ? "/" : "");
                if (text.isEmpty()) {
                    continue; // no link can have an empty text
                }
                String written = link.absolute() ? base + "/" + text : text;
                if (Path.of(written).toString().equals(written)) {
                    Files.createSymbolicLink(place, Path.of(written));
                } else {
                    ConfinementTest.rawLink(place, written); // a Path would normalize the text ("../" to "..")
                }
            }
            Workspace workspace = new Workspace(List.of(ws), List.of(), base.resolve("elsewhere"), null);
            for (List<String> names : paths) {
                String path = String.join("/", names);
                Path ours;
                try {
                    ours = workspace.resolve("read", path, ws).target();
                } catch (FsException e) {
                    ours = null;
                }
                Path system;
                try {
                    system = ws.resolve(path).toRealPath();
                } catch (IOException e) {
                    system = null; // missing, a loop, or a file used as a folder
                }
                String where = path + " with " + links;
                if (ours != null) {
                    assertThat(ours).as(where).startsWithRaw(ws);
                    if (Files.exists(ours, LinkOption.NOFOLLOW_LINKS)) {
                        assertThat(system).as(where).isEqualTo(ours);
                    }
                }
                if (system != null && !system.startsWith(ws)) {
                    assertThat(ours).as("the system leaves the workspace: " + where).isNull();
                }
                if (system != null && ours != null) {
                    assertThat(ours).as(where).isEqualTo(system);
                }
            }
        } finally {
            try (Stream<Path> all = Files.walk(base)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
