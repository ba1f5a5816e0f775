// The workload: each step as the natural call on each server, and the check of what it returned and left on disk.
// Checks run after the timer stops, so they cost nothing in the numbers, but every timed call is checked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDIT_A, EDIT_B, writeContent } from './workspace.mjs';

/** The tool names each server must list; checked against its tools/list at startup. */
export const TOOLS = {
  reference: { read: 'read_text_file', write: 'write_file', edit: 'edit_file' },
  toolfs: { read: 'read', write: 'write', edit: 'edit' },
};

/** The lines of the huge file a read asks for. */
export const HUGE_WINDOW = 2000;
/** The sidecar's default cap on one read's numbered lines (quarkus.tool-fs.read.max-bytes). */
export const SIDECAR_DEFAULT_MAX_BYTES = 51200;

export class VerificationError extends Error {}

function fail(step, server, why, got) {
  const shown = typeof got === 'string' ? JSON.stringify(got.length > 600 ? got.slice(0, 600) + '…' : got) : '';
  throw new VerificationError(`${step} on ${server}: ${why}${shown ? `\n  got: ${shown}` : ''}`);
}

const textOf = (result) => (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

/**
 * The exact text the sidecar returns for a window starting at line 1: its numbered lines, stopped by the line
 * limit or by the byte cap, and the footer that says which (see ReadRender in the runtime module).
 */
export function sidecarReadText(display, allLines, limit, maxBytes) {
  // The cap holds the whole text: the header, and room for the longest footer (ReadRender.lineBudget).
  const head = `<path>${display}</path>\n<type>file</type>\n<content>\n`;
  const lineBudget = Math.max(1, maxBytes - Buffer.byteLength(head) - 135);
  let body = '';
  let bytes = 0;
  let shown = 0;
  let footer;
  for (; shown < Math.min(limit, allLines.length); shown++) {
    const row = `${shown + 1}: ${allLines[shown]}\n`;
    const cost = Buffer.byteLength(row);
    if (shown > 0 && bytes + cost > lineBudget) {
      footer = `(Output capped. Showing lines 1-${shown}. Use offset=${shown + 1} to continue.)`;
      break;
    }
    bytes += cost;
    body += row;
  }
  if (!footer) {
    footer = shown < allLines.length
      ? `(Showing lines 1-${shown} of ${allLines.length}. Use offset=${shown + 1} to continue.)`
      : `(End of file - total ${allLines.length} lines)`;
  }
  return { text: `<path>${display}</path>\n<type>file</type>\n<content>\n${body}\n${footer}\n</content>`, shown };
}

/**
 * The per-call steps for one server. `kind` is 'reference' or 'toolfs'; `ws` is its workspace (see workspace.mjs);
 * `maxBytes` is the sidecar's read cap as configured for this run.
 */
export function stepsFor(kind, label, ws, { maxBytes }) {
  const ref = kind === 'reference';
  const tools = TOOLS[kind];
  // Expected texts are computed once: comparing strings is then the whole check.
  const smallExpected = ref ? ws.small.text : sidecarReadText(ws.small.rel, ws.small.lines, 2000, maxBytes).text;
  const hugeSidecar = sidecarReadText(ws.huge.rel, ws.huge.lines, HUGE_WINDOW, maxBytes);
  const hugeExpected = ref ? ws.huge.lines.slice(0, HUGE_WINDOW).join('\n') : hugeSidecar.text;
  let writes = 0;

  return {
    /** Lines of the huge file one read returns on this server (the sidecar may cap the window by bytes). */
    hugeLinesShown: ref ? HUGE_WINDOW : hugeSidecar.shown,
    smallExpected,

    readSmall() {
      return {
        name: tools.read,
        args: ref ? { path: ws.small.abs } : { file_path: ws.small.rel },
        verify(result) {
          const got = textOf(result);
          if (result.isError || got !== smallExpected) {
            fail('read 100-line file', label, 'the text is not the file as expected', got);
          }
        },
      };
    },

    readHuge() {
      return {
        name: tools.read,
        // The natural call for "the first 2000 lines": head on the reference, limit on the sidecar.
        args: ref ? { path: ws.huge.abs, head: HUGE_WINDOW } : { file_path: ws.huge.rel, limit: HUGE_WINDOW },
        verify(result) {
          const got = textOf(result);
          if (result.isError || got !== hugeExpected) {
            fail('read 2000 lines of 200,000', label, 'the text is not the expected window', got);
          }
        },
      };
    },

    write() {
      const n = ++writes;
      const name = `w-${n}.txt`;
      const content = writeContent(`${label} ${n}`);
      const abs = join(ws.out.abs, name);
      const rel = `${ws.out.rel}/${name}`;
      return {
        name: tools.write,
        args: ref ? { path: abs, content } : { file_path: rel, content },
        verify(result) {
          const got = textOf(result);
          const expected = ref ? `Successfully wrote to ${abs}`
            : `<path>${rel}</path>\n<type>file</type>\n<content>\nCreated file\n</content>`;
          if (result.isError || got !== expected) {
            fail('write 10 KB file', label, 'unexpected answer', got);
          }
          const disk = readFileSync(abs);
          if (!disk.equals(Buffer.from(content))) {
            fail('write 10 KB file', label, `the file on disk differs from what was sent (${disk.length} bytes)`);
          }
        },
      };
    },

    edit() {
      // Alternate the two strings so every call really changes the file.
      const fromA = ws.edit.state === 'a';
      const [oldS, newS] = fromA ? [EDIT_A, EDIT_B] : [EDIT_B, EDIT_A];
      const after = fromA ? ws.edit.b : ws.edit.a;
      return {
        name: tools.edit,
        args: ref ? { path: ws.edit.abs, edits: [{ oldText: oldS, newText: newS }] }
          : { file_path: ws.edit.rel, old_string: oldS, new_string: newS },
        verify(result) {
          const got = textOf(result);
          const ok = ref
            // The reference answers with a unified diff of the change.
            ? got.startsWith('```diff') && got.includes(`-    return "${oldS}";`) && got.includes(`+    return "${newS}";`)
            : got === `The file ${ws.edit.rel} has been updated successfully.`;
          if (result.isError || !ok) {
            fail('edit 1,000-line file', label, 'unexpected answer', got);
          }
          if (readFileSync(ws.edit.abs, 'utf8') !== after) {
            fail('edit 1,000-line file', label, 'the file on disk is not the expected result');
          }
          ws.edit.state = fromA ? 'b' : 'a';
        },
      };
    },
  };
}
