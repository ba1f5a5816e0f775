// Node 20 has no fs.globSync; this adds one for the "**/name" patterns the conformance CLI uses.
import fs from 'node:fs';
import path from 'node:path';
export * from 'node:fs';
export default fs;
export function globSync(pattern, options = {}) {
  if (typeof fs.globSync === 'function') return fs.globSync(pattern, options);
  const cwd = options.cwd ?? process.cwd();
  const parts = String(pattern).split('/');
  const leaf = new RegExp('^' + parts[parts.length - 1].replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*') + '$');
  const out = [];
  const walk = (dir, rel) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? rel + '/' + e.name : e.name;
      if (e.isDirectory()) walk(path.join(dir, e.name), r);
      else if (leaf.test(e.name)) out.push(r);
    }
  };
  if (fs.existsSync(cwd)) walk(cwd, '');
  return out;
}
