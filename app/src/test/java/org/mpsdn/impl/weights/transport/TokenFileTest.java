package org.mpsdn.impl.weights.transport;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * The per-client token file: format, comments, and errors naming the line.
 */
public class TokenFileTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private Path file(String text) throws Exception {
        Path p = tmp.newFile().toPath();
        Files.write(p, text.getBytes(StandardCharsets.UTF_8));
        return p;
    }

    @Test
    public void readsClientsAndTokensSkippingCommentsAndBlankLines() throws Exception {
        assertEquals(Map.of("ue1", "t1-0123456789abcdef", "ue2", "t2-0123456789abcdef"),
                TokenFile.read(file("# tokens\n\nue1 t1-0123456789abcdef\n  ue2\tt2-0123456789abcdef  \n")));
    }

    private void assertRejected(String text, String message) throws Exception {
        try {
            TokenFile.read(file(text));
            fail("accepted: " + text);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage(), containsString(message));
        }
    }

    @Test
    public void malformedLinesAreRejectedNamingTheLine() throws Exception {
        assertRejected("ue1 a b\n", "line 1: want '<client-id> <token>'");
        assertRejected("# c\nue1\n", "line 2: want '<client-id> <token>'");
        assertRejected("-ue1 tok\n", "line 1: client id '-ue1' is not a valid id");
        assertRejected("ue1 a\nue1 b\n", "line 2: client ue1 repeats");
    }
}
