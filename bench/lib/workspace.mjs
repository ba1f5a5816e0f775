// The files the workload runs on. Every server gets its own copy in its own folder, so that one server's writes
// and edits never change what another one reads, and each copy starts byte-identical.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const WORDS = ('const let return function value index result buffer stream window offset limit count total line ' +
  'file path read write edit token string number array object error check state next first last size byte ' +
  'session server client request response handler options config').split(' ');

/** A small deterministic generator (LCG), so every run and every server sees exactly the same text. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Code-like ASCII lines whose lengths vary between minLen and maxLen characters (mean in the middle). */
function lines(count, seed, minLen, maxLen) {
  const rand = rng(seed);
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const target = minLen + Math.floor(rand() * (maxLen - minLen + 1));
    let s = `${' '.repeat(2 * Math.floor(rand() * 4))}${WORDS[Math.floor(rand() * WORDS.length)]}`;
    while (s.length < target) {
      s += ` ${WORDS[Math.floor(rand() * WORDS.length)]}`;
    }
    out[i] = s.slice(0, target).trimEnd();
  }
  return out;
}

// The two strings the edit step swaps: each occurs exactly once in whichever state the file is in.
export const EDIT_A = 'ALPHA-MARKER-7f3a';
export const EDIT_B = 'OMEGA-MARKER-7f3a';

/** The content every write call sends: exactly 10 KiB of text, unique per call. */
export function writeContent(tag) {
  const size = 10 * 1024;
  let s = `write ${tag}\n`;
  const filler = lines(200, 7, 30, 70);
  for (let i = 0; s.length < size; i++) {
    s += `${filler[i % filler.length]}\n`;
  }
  return s.slice(0, size - 1) + '\n';
}

/** Generated once and shared by every copy: the texts are big (the huge file is ~11 MB). */
let cached;
function texts() {
  if (!cached) {
    const small = lines(100, 1, 20, 60);
    // 200,000 lines of 20-90 characters, ~11 MB with the newlines.
    const huge = lines(200_000, 2, 20, 90);
    const edit = lines(1000, 3, 20, 80);
    edit[499] = `    return "${EDIT_A}";`;
    const joined = (ls) => ls.join('\n') + '\n';
    const editA = joined(edit);
    cached = {
      small,
      smallText: joined(small),
      huge,
      hugeText: joined(huge),
      editA,
      editB: editA.replace(EDIT_A, EDIT_B),
    };
  }
  return cached;
}

/**
 * Writes the files into {@code dir} (created if needed) and describes them. Relative names are what the Tool FS
 * sidecar is given (its natural call: relative to the workspace); absolute ones are what the reference server is
 * given (its natural call: an absolute path inside an allowed directory).
 */
export function prepare(dir) {
  const t = texts();
  mkdirSync(join(dir, 'out'), { recursive: true });
  writeFileSync(join(dir, 'small.txt'), t.smallText);
  writeFileSync(join(dir, 'huge.txt'), t.hugeText);
  writeFileSync(join(dir, 'edit.txt'), t.editA);
  return {
    dir,
    small: { rel: 'small.txt', abs: join(dir, 'small.txt'), lines: t.small, text: t.smallText },
    huge: { rel: 'huge.txt', abs: join(dir, 'huge.txt'), lines: t.huge, bytes: Buffer.byteLength(t.hugeText) },
    edit: { rel: 'edit.txt', abs: join(dir, 'edit.txt'), a: t.editA, b: t.editB, state: 'a' },
    out: { rel: 'out', abs: join(dir, 'out') },
  };
}
