// The official MCP conformance scenarios that apply to a tools-only server (see docs: mcp.adoc for the others).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHttp, tempWorkspace } from './sidecar.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'logging-set-level', 'dns-rebinding-protection'];

let server;
before(async () => { server = await startHttp(tempWorkspace()); });
after(async () => server && server.stop());

for (const scenario of SCENARIOS) {
  test(`conformance: ${scenario}`, () => {
    const run = spawnSync(process.execPath,
      ['--import', join(here, 'node20-shim', 'register.mjs'), cli, 'server', '--url', `${server.url}/mcp`, '--scenario', scenario],
      { encoding: 'utf8', timeout: 120000 });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.status, 0, output);
    assert.match(output, /Passed: (\d+)\/\1, 0 failed/, output);
  });
}
