// The official MCP client against the packaged sidecar, over Streamable HTTP and over stdio: the same tools, the
// same exact texts, the observation policy, and a clean exit when stdin closes.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdirSync, existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, ElicitRequestSchema, ListRootsRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { pathToFileURL } from 'node:url';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { jar, java, jvm, startHttp, tempWorkspace } from './sidecar.mjs';

/** Connects a client with the given capabilities and request handlers, runs `use`, and always closes it. */
async function withClient(transport, use, { capabilities = {}, handlers = [], notifications = [] } = {}) {
  const client = new Client({ name: 'tool-fs-test', version: '1.0.0' }, { capabilities });
  for (const [schema, handler] of handlers) client.setRequestHandler(schema, handler);
  for (const [schema, handler] of notifications) client.setNotificationHandler(schema, handler);
  await client.connect(transport);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

const http = (server) => new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`));
const stdio = (ws, extra = []) => new StdioClientTransport({ command: java, args: [...jvm, ...extra, '-jar', jar, '--stdio'], cwd: ws, stderr: 'pipe' });

/** A write the sandbox refuses without an escalation, asking for one. */
const escalatedWrite = (path) => ({ name: 'write', arguments: { file_path: path, content: 'x\n',
  sandbox_permissions: 'require_escalated', justification: 'needed for the test' } });
const text = (result) => result.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');

/** A write asked for with {@link escalatedWrite} that the escalation's denial stopped, the file left unmade. */
function assertDenied(result, ws, path, reason) {
  assert.equal(text(result), `Error: cannot write "${path}": the escalation was denied (${reason}); leave the file as it is, or ask the user to change it`);
  assert.equal(existsSync(join(ws, path)), false);
}

/** The same checks for either transport. */
async function exercise(client, ws) {
  const { tools } = await client.listTools();
  // No model that takes images is configured, and MCP calls name none: read_image could only fail, so it is not listed.
  assert.deepEqual(tools.map((t) => t.name), ['read', 'write', 'edit']);
  assert.equal(tools[0].annotations.readOnlyHint, true);
  assert.equal(tools[1].annotations.destructiveHint, true);
  assert.equal(tools[2].annotations.destructiveHint, true);
  assert.deepEqual(tools[0].inputSchema.required, ['file_path']);

  writeFileSync(join(ws, 'hello.txt'), 'one\r\ntwo\r\n');
  const read = await client.callTool({ name: 'read', arguments: { file_path: 'hello.txt' } });
  assert.equal(read.isError, false);
  assert.equal(text(read), '<path>hello.txt</path>\n<type>file</type>\n<content>\n1: one\n2: two\n\n(End of file - total 2 lines)\n</content>');
  // The card is not in structuredContent, which several clients give the model instead of the text; nor, for a client
  // that does not ask for it (the experimental capability), in _meta.
  assert.equal(read.structuredContent, undefined);
  assert.equal(read._meta, undefined);

  const edit = await client.callTool({ name: 'edit', arguments: { file_path: 'hello.txt', old_string: 'two', new_string: '2' } });
  assert.equal(text(edit), 'The file hello.txt has been updated successfully.');
  assert.equal(edit._meta, undefined);
  assert.equal(readFileSync(join(ws, 'hello.txt'), 'utf8'), 'one\r\n2\r\n');

  const write = await client.callTool({ name: 'write', arguments: { file_path: 'sub/new.txt', content: 'fresh\n' } });
  assert.equal(text(write), '<path>sub/new.txt</path>\n<type>file</type>\n<content>\nCreated file\n</content>');

  writeFileSync(join(ws, 'unread.txt'), 'theirs\n');
  const refused = await client.callTool({ name: 'edit', arguments: { file_path: 'unread.txt', old_string: 'theirs', new_string: 'mine' } });
  assert.equal(refused.isError, true);
  assert.equal(text(refused), 'Error: cannot edit "unread.txt": it has not been read in this session — read the file, then retry');
  assert.equal(refused._meta['dev.toolfs/error'].code, 'FS_NOT_OBSERVED');
  assert.equal(readFileSync(join(ws, 'unread.txt'), 'utf8'), 'theirs\n');

  // Bad arguments get the tools' own errors (the same texts and code as over REST), not a protocol library's.
  for (const [args, message] of [
    [{}, 'Error: file_path must be a non-empty string'],
    [{ file_path: 'hello.txt', limit: 'abc' }, 'Error: limit must be an integer'],
    [{ file_path: 'hello.txt', bogus: 1 }, 'Error: unknown argument "bogus"; read takes file_path, offset, limit'],
  ]) {
    const bad = await client.callTool({ name: 'read', arguments: args });
    assert.equal(bad.isError, true);
    assert.equal(text(bad), message);
    assert.equal(bad._meta['dev.toolfs/error'].code, 'INVALID_ARGUMENT');
  }
}

/** A client that asks for the presentation cards gets them in _meta: a read's lines, an edit's hunks. */
const asksForCards = { experimental: { 'dev.toolfs/metadata': {} } };
async function cards(client, ws) {
  writeFileSync(join(ws, 'carded.txt'), 'one\r\ntwo\r\n');
  const read = await client.callTool({ name: 'read', arguments: { file_path: 'carded.txt' } });
  assert.equal(text(read), '<path>carded.txt</path>\n<type>file</type>\n<content>\n1: one\n2: two\n\n(End of file - total 2 lines)\n</content>');
  assert.equal(read.structuredContent, undefined);
  assert.equal(read._meta['dev.toolfs/metadata'].kind, 'read-card');
  assert.deepEqual(read._meta['dev.toolfs/metadata'].lines, [{ number: 1, text: 'one' }, { number: 2, text: 'two' }]);
  const edit = await client.callTool({ name: 'edit', arguments: { file_path: 'carded.txt', old_string: 'two', new_string: '2' } });
  assert.equal(edit._meta['dev.toolfs/metadata'].kind, 'diff-card');
  assert.equal(edit._meta['dev.toolfs/metadata'].additions, 1);
  assert.equal(edit._meta['dev.toolfs/metadata'].deletions, 1);
}

/** A sidecar over HTTP for the suite this is called in, on a workspace of its own (`prepare` runs before the start). */
function suiteServer(extraArgs = [], prepare = () => {}) {
  const suite = {};
  before(async () => {
    suite.ws = tempWorkspace();
    prepare(suite.ws);
    suite.server = await startHttp(suite.ws, extraArgs);
  });
  after(async () => suite.server && suite.server.stop());
  return suite;
}

describe('Streamable HTTP', () => {
  const suite = suiteServer();

  test('list, read, edit, write and a policy error', async () => {
    const { server, ws } = suite;
    await withClient(http(server), async (client) => {
      assert.match(client.getInstructions(), /^Use the read tool — not shell commands like cat/);
      await exercise(client, ws);
    });
  });

  test('a client that declares dev.toolfs/metadata gets the cards', async () => {
    const { server, ws } = suite;
    await withClient(http(server), (client) => cards(client, ws), { capabilities: asksForCards });
  });

  test('a clean start and ordinary client mistakes, each answered, leave no warning in the log', async () => {
    // The MCP library logged a WARN at every start (CORS, which concerns browser clients only) and for each mistake.
    const { server } = suite;
    const post = (headers, body) => fetch(`${server.url}/mcp`, { method: 'POST', body,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } });
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.equal((await post({ 'Mcp-Session-Id': 'no-such-session' }, call)).status, 404);
    assert.equal((await post({ Accept: 'text/html' }, call)).status, 400);
    assert.equal((await post({}, 'not json')).status, 400);
    await withClient(http(server), (client) => client.notification({ method: 'notifications/cancelled',
      params: { requestId: 12345, reason: 'already done' } }));
    assert.doesNotMatch(server.log(), /WARN/, server.log());
  });
});

describe('HTTP+SSE, the older transport', () => {
  const suite = suiteServer();

  test('the same tools and texts over the event stream', async () => {
    const { server, ws } = suite;
    await withClient(new SSEClientTransport(new URL(`${server.url}/mcp/sse`)), (client) => exercise(client, ws));
  });

  test('a client that declares dev.toolfs/metadata gets the cards over the event stream too', async () => {
    const { server, ws } = suite;
    await withClient(new SSEClientTransport(new URL(`${server.url}/mcp/sse`)), (client) => cards(client, ws), { capabilities: asksForCards });
  });

  test('a tools/call without a name fails at once instead of waiting for an answer that never comes', async () => {
    const { server } = suite;
    await withClient(new SSEClientTransport(new URL(`${server.url}/mcp/sse`)), async (client) => {
      for (const params of [{ arguments: {} }, { name: 5 }]) {
        await assert.rejects(client.request({ method: 'tools/call', params }, CallToolResultSchema, { timeout: 10000 }),
          (e) => /HTTP 400/.test(e.message) && e.message.includes('tools/call needs params {\\"name\\": <string>'));
      }
      const ok = await client.callTool({ name: 'read', arguments: { file_path: 'nothing-here.txt' } });
      assert.equal(ok._meta['dev.toolfs/error'].code, 'FS_NOT_FOUND');
    });
  });
});

describe('client roots', () => {
  const suite = suiteServer();

  test('a call cancelled while it waits for the roots gets FS_CANCELLED, and its tool does not run', async () => {
    // Found by black-box testing: the answer was a bare text, without the code every other cancelled call has.
    const { server, ws } = suite;
    writeFileSync(join(ws, 'waited.txt'), 'x\n');
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' };
    const init = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 0,
      method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: { roots: {} }, clientInfo: { name: 't', version: '1' } } }) });
    const session = init.headers.get('mcp-session-id');
    await init.text();
    const inSession = { ...headers, 'Mcp-Session-Id': session };
    await fetch(`${server.url}/mcp`, { method: 'POST', headers: inSession, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
    // The roots/list the call sends is never answered.
    const call = fetch(`${server.url}/mcp`, { method: 'POST', headers: inSession, body: JSON.stringify({ jsonrpc: '2.0', id: 1,
      method: 'tools/call', params: { name: 'write', arguments: { file_path: 'waited.txt', content: 'y\n' } } }) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await fetch(`${server.url}/mcp`, { method: 'POST', headers: inSession,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }) });
    const events = await (await call).text();
    const answer = events.split('\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5)))
      .find((m) => m.id === 1 && m.result); // the roots/list request has an id of its own, 1 too
    assert.equal(answer.result.isError, true);
    assert.equal(answer.result.content[0].text, 'Error: cannot write "waited.txt": the call was cancelled; the file was left as it was');
    assert.deepEqual(answer.result._meta['dev.toolfs/error'], { name: 'FsError', code: 'FS_CANCELLED' });
    assert.equal(readFileSync(join(ws, 'waited.txt'), 'utf8'), 'x\n');
  });

  test('a roots answer that is no roots list is taken as an error answer is: the first root, at once', async () => {
    // Found by black-box testing: the MCP library failed the client's POST with an HTTP 500, logged an ERROR, and the
    // call waited for the roots' time limit.
    const { server, ws } = suite;
    writeFileSync(join(ws, 'first-root.txt'), 'top\n');
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' };
    for (const bad of [{ roots: 'x' }, {}, 'str', null, { roots: [{ name: 'no uri' }] }, { roots: [{ uri: 'file:///', name: 5 }] }]) {
      const init = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 0,
        method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: { roots: {} }, clientInfo: { name: 't', version: '1' } } }) });
      const inSession = { ...headers, 'Mcp-Session-Id': init.headers.get('mcp-session-id') };
      await init.text();
      await fetch(`${server.url}/mcp`, { method: 'POST', headers: inSession, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
      const started = Date.now();
      const call = await fetch(`${server.url}/mcp`, { method: 'POST', headers: inSession, body: JSON.stringify({ jsonrpc: '2.0', id: 7,
        method: 'tools/call', params: { name: 'read', arguments: { file_path: 'first-root.txt' } } }) });
      const reader = call.body.getReader();
      const decoder = new TextDecoder();
      let events = '';
      const messages = () => events.split('\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5)));
      while (!messages().some((m) => m.method === 'roots/list')) {
        const { value, done } = await reader.read();
        assert.ok(!done, `no roots/list before the end: ${events}`);
        events += decoder.decode(value, { stream: true });
      }
      const rootsId = messages().find((m) => m.method === 'roots/list').id;
      const answered = await fetch(`${server.url}/mcp`, { method: 'POST', headers: inSession,
        body: JSON.stringify({ jsonrpc: '2.0', id: rootsId, result: bad }) });
      assert.equal(answered.status, 202, JSON.stringify(bad));
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        events += decoder.decode(r.value, { stream: true });
      }
      const answer = messages().find((m) => m.id === 7 && m.result);
      assert.equal(answer.result.content[0].text,
        '<path>first-root.txt</path>\n<type>file</type>\n<content>\n1: top\n\n(End of file - total 1 lines)\n</content>', JSON.stringify(bad));
      assert.ok(Date.now() - started < 3000, `answered after ${Date.now() - started} ms`);
    }
  });

  test('a root inside the workspace becomes the session folder; one outside is ignored', async () => {
    const { server, ws } = suite;
    mkdirSync(join(ws, 'project'));
    writeFileSync(join(ws, 'project', 'a.txt'), 'in the project\n');
    const roots = async () => ({
      roots: [{ uri: 'file:///', name: 'everything' }, { uri: pathToFileURL(join(ws, 'project')).href, name: 'project' }],
    });
    await withClient(http(server), async (client) => {
      const r = await client.callTool({ name: 'read', arguments: { file_path: 'a.txt' } });
      assert.equal(text(r), '<path>a.txt</path>\n<type>file</type>\n<content>\n1: in the project\n\n(End of file - total 1 lines)\n</content>');
      const out = await client.callTool({ name: 'read', arguments: { file_path: '/etc/hostname' } });
      assert.equal(out._meta['dev.toolfs/error'].code, 'FS_OUTSIDE_WORKSPACE');
    }, { capabilities: { roots: {} }, handlers: [[ListRootsRequestSchema, roots]] });
  });
});

describe('sessions of the two HTTP transports', () => {
  const suite = suiteServer();

  test("a session id of the other transport is answered 404, saying so", async () => {
    // Found by black-box testing: the MCP library failed such requests with an HTTP 500 and an ERROR in the log.
    const { server } = suite;
    await withClient(http(server), async (client) => {
      const streamable = client.transport.sessionId;
      const other = await fetch(`${server.url}/mcp/messages/${streamable}`, { method: 'POST',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
      assert.equal(other.status, 404);
      assert.deepEqual(await other.json(), { error: `session ${streamable} is a Streamable HTTP session: send its messages to /mcp, with its Mcp-Session-Id` });
    });
    await withClient(new SSEClientTransport(new URL(`${server.url}/mcp/sse`)), async (client) => {
      const sse = client.transport._endpoint.pathname.split('/').pop();
      for (const method of ['POST', 'GET', 'DELETE']) {
        const r = await fetch(`${server.url}/mcp`, { method, headers: { 'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': sse, 'MCP-Protocol-Version': '2025-06-18' },
          body: method === 'POST' ? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) : undefined });
        assert.equal(r.status, 404, method);
        assert.match((await r.json()).error, /is a session of the older HTTP\+SSE transport/);
      }
      // Still its own transport's session.
      assert.deepEqual(await client.ping(), {});
    });
  });

  test('an empty Mcp-Session-Id is no session: initialize opens one', async () => {
    // Found by black-box testing: it was taken for an unknown session, and initialize got 404 for ever.
    const { server } = suite;
    const r = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': '' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18',
        capabilities: {}, clientInfo: { name: 't', version: '1' } } }) });
    assert.equal(r.status, 200);
    assert.ok(r.headers.get('mcp-session-id'));
  });
});

describe('sandbox escalation over MCP', () => {
  const suite = suiteServer(['-Dquarkus.tool-fs.sandbox.mode=workspace-write', '-Dquarkus.tool-fs.sandbox.approval=ask'],
    (ws) => mkdirSync(join(ws, '.git')));

  test('the client is asked with an elicitation, and its answer decides', async () => {
    const { server, ws } = suite;
    const asked = [];
    const answer = async (request) => {
      asked.push(request.params.message);
      const yes = request.params.message.includes('.git/allowed');
      return { action: 'accept', content: { approve: yes } };
    };
    await withClient(http(server), async (client) => {
      const { tools } = await client.listTools();
      assert.ok(tools.find((t) => t.name === 'write').inputSchema.properties.sandbox_permissions);
      const ok = await client.callTool(escalatedWrite('.git/allowed'));
      assert.equal(ok.isError, false, text(ok));
      assert.equal(readFileSync(join(ws, '.git/allowed'), 'utf8'), 'x\n');
      const no = await client.callTool(escalatedWrite('.git/refused'));
      assert.equal(text(no), 'Error: cannot write ".git/refused": the escalation was denied (the client\'s user did not approve it); leave the file as it is, or ask the user to change it');
      assert.equal(existsSync(join(ws, '.git/refused')), false);
      assert.equal(asked.length, 2);
      assert.match(asked[0], /needed for the test/);
      assert.ok(asked[0].endsWith('\n\nIt would write 2 characters in 1 line:\nx\n'), asked[0]); // what the user allows, not only where
    }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, answer]] });
  });

  test('declining, cancelling or accepting without a yes denies the escalation', async () => {
    const { server, ws } = suite;
    const answers = [{ action: 'decline' }, { action: 'cancel' }, { action: 'accept' }, { action: 'accept', content: { approve: 'true' } }];
    let next = 0;
    await withClient(http(server), async (client) => {
      for (let i = 0; i < answers.length; i++) {
        const r = await client.callTool(escalatedWrite(`.git/answer${i}`));
        assertDenied(r, ws, `.git/answer${i}`, "the client's user did not approve it");
        assert.equal(r._meta['dev.toolfs/error'].code, 'FS_SANDBOX_DENIED');
      }
    }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, async () => answers[next++]]] });
  });

  test('an escalation waiting for its user ends when its session ends', async () => {
    // Found by black-box testing: the answer to come was refused with 404, and the call waited out the whole approval
    // timeout, then said no decision had come.
    const { server, ws } = suite;
    let asked;
    const seen = new Promise((resolve) => { asked = resolve; });
    const silent = async () => { asked(); return new Promise(() => {}); };
    await withClient(http(server), async (client) => {
      const call = client.callTool(escalatedWrite('.git/ended'), undefined, { timeout: 60000 });
      await seen;
      const started = Date.now();
      const ended = await fetch(`${server.url}/mcp`, { method: 'DELETE',
        headers: { 'Mcp-Session-Id': client.transport.sessionId, 'MCP-Protocol-Version': '2025-06-18' } });
      assert.equal(ended.status, 200);
      assertDenied(await call, ws, '.git/ended',
        'the client could not ask its user (its MCP session ended: deleted, or ended to make room for others, or idle)');
      assert.ok(Date.now() - started < 5000, `the denial took ${Date.now() - started} ms`);
    }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, silent]] });
  });

  test('a client that declares URL elicitation only leaves the escalation to GET /approvals', async () => {
    // Found by black-box testing: it was denied at once, in the MCP library's words (a Java record's text).
    const { server, ws } = suite;
    await withClient(http(server), async (client) => {
      const call = client.callTool(escalatedWrite('.git/by-url'), undefined, { timeout: 60000 });
      let waiting;
      for (let i = 0; i < 100 && !waiting; i++) {
        const list = await (await fetch(`${server.url}/approvals`)).json();
        waiting = list.approvals.find((a) => a.path === '.git/by-url');
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.ok(waiting, 'listed in GET /approvals');
      const decided = await fetch(`${server.url}/approvals/${waiting.id}`, { method: 'POST',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ decision: 'approve' }) });
      assert.equal(decided.status, 200);
      const r = await call;
      assert.equal(r.isError, false, text(r));
      assert.equal(readFileSync(join(ws, '.git/by-url'), 'utf8'), 'x\n');
    }, { capabilities: { elicitation: { url: {} } } });
  });

  test('a client that answers with an error is told apart, at once, as over stdio', async () => {
    const { server, ws } = suite;
    // Found in a review: the library refused such an answer with an HTTP 500, and the call waited for its timeout.
    const broken = async () => { throw new Error('no dialog in this client'); };
    await withClient(http(server), async (client) => {
      const started = Date.now();
      const r = await client.callTool(escalatedWrite('.git/broken'));
      assertDenied(r, ws, '.git/broken', 'the client could not ask its user (no dialog in this client)');
      assert.ok(Date.now() - started < 5000, 'answered at once, not after the approval timeout');
    }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, broken]] });
  });

  test('a client of /mcp/ is asked and answered as one of /mcp', async () => {
    const { server, ws } = suite;
    // Found in a review: the library serves /mcp/ too, where the session check once found no session.
    const yes = async () => ({ action: 'accept', content: { approve: true } });
    await withClient(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/`)), async (client) => {
      const r = await client.callTool(escalatedWrite('.git/slash'));
      assert.equal(r.isError, false, text(r));
      assert.equal(readFileSync(join(ws, '.git/slash'), 'utf8'), 'x\n');
    }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, yes]] });
  });

  test('an error answer of any shape denies at once', async () => {
    const { server, ws } = suite;
    let asked;
    const seen = new Promise((resolve) => { asked = resolve; });
    const silent = async (request, extra) => { asked(extra.requestId); return new Promise(() => {}); };
    await withClient(http(server), async (client) => {
      const started = Date.now();
      const call = client.callTool(escalatedWrite('.git/odd'));
      const id = await seen;
      // An error that is no object (found in a review: the library failed on it with an HTTP 500, and the call waited).
      const odd = await fetch(`${server.url}/mcp`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id, error: 'no dialog' }),
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
          'Mcp-Session-Id': client.transport.sessionId, 'MCP-Protocol-Version': '2025-06-18' } });
      assert.equal(odd.status, 202);
      const r = await call;
      assertDenied(r, ws, '.git/odd', 'the client could not ask its user (an error answer: no dialog)');
      assert.ok(Date.now() - started < 5000, 'answered at once');
    }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, silent]] });
  });

  test('an answer whose action is not spelled as MCP spells it, "accept", denies', async () => {
    // Found by black-box testing: the library reads the action in any case, and "ACCEPT" approved the change.
    const { server, ws } = suite;
    let asked;
    const seen = new Promise((resolve) => { asked = resolve; });
    const silent = async (request, extra) => { asked(extra.requestId); return new Promise(() => {}); };
    await withClient(http(server), async (client) => {
      const call = client.callTool(escalatedWrite('.git/upper'));
      const id = await seen;
      const upper = await fetch(`${server.url}/mcp`, { method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id, result: { action: 'ACCEPT', content: { approve: true } } }),
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
          'Mcp-Session-Id': client.transport.sessionId, 'MCP-Protocol-Version': '2025-06-18' } });
      assert.equal(upper.status, 202);
      assertDenied(await call, ws, '.git/upper', "the client's user did not approve it");
    }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, silent]] });
  });

  test('an answer that is no elicitation result denies at once', async () => {
    // Found by black-box testing: the library failed on these with an HTTP 500 and kept waiting for the timeout.
    const { server, ws } = suite;
    for (const [name, result] of [['space', { action: 'accept ', content: { approve: true } }],
      ['none', {}], ['text', { action: 'accept', content: 'approve' }]]) {
      let asked;
      const seen = new Promise((resolve) => { asked = resolve; });
      const silent = async (request, extra) => { asked(extra.requestId); return new Promise(() => {}); };
      await withClient(http(server), async (client) => {
        const started = Date.now();
        const call = client.callTool(escalatedWrite(`.git/${name}`));
        const id = await seen;
        const odd = await fetch(`${server.url}/mcp`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id, result }),
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
            'Mcp-Session-Id': client.transport.sessionId, 'MCP-Protocol-Version': '2025-06-18' } });
        assert.equal(odd.status, 202, name);
        assertDenied(await call, ws, `.git/${name}`, 'the client could not ask its user (its answer was not an elicitation result)');
        assert.ok(Date.now() - started < 5000, 'answered at once');
      }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, silent]] });
    }
  });

  test('only the session that was asked can answer: another client cannot approve its escalation', async () => {
    const { server, ws } = suite;
    // The server's request ids are one counter for all sessions: another client can guess the id.
    let asked;
    const seen = new Promise((resolve) => { asked = resolve; });
    let release;
    const answered = new Promise((resolve) => { release = resolve; });
    const answer = async (request, extra) => {
      asked(extra.requestId);
      await answered;
      return { action: 'decline' };
    };
    const other = http(server);
    await withClient(other, async () => {
      await withClient(http(server), async (client) => {
        const call = client.callTool(escalatedWrite('.git/stolen'));
        const id = await seen;
        const approve = { jsonrpc: '2.0', id, result: { action: 'accept', content: { approve: true } } };
        const post = (headers) => fetch(`${server.url}/mcp`, { method: 'POST', body: JSON.stringify(approve),
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } });
        // Dropped as an answer to nothing is (202), so that no client learns another session has a request open.
        const fromOther = await post({ 'Mcp-Session-Id': other.sessionId, 'MCP-Protocol-Version': '2025-06-18' });
        assert.equal(fromOther.status, 202);
        // Over the older SSE transport the session is the path's, whatever the header says (found in a review: a
        // bogus header there let the answer through).
        const sse = await fetch(`${server.url}/mcp/sse`, { headers: { Accept: 'text/event-stream' } });
        const reader = sse.body.getReader();
        let events = '';
        while (!/data:\s*\S+/.test(events)) events += new TextDecoder().decode((await reader.read()).value);
        const endpoint = new URL(/data:\s*(\S+)/.exec(events)[1], server.url);
        for (const headers of [{}, { 'Mcp-Session-Id': 'bogus' }, { 'Mcp-Session-Id': client.transport.sessionId }]) {
          const viaSse = await fetch(endpoint, { method: 'POST', body: JSON.stringify(approve),
            headers: { 'Content-Type': 'application/json', ...headers } });
          assert.equal(viaSse.status, 202, JSON.stringify(headers));
        }
        await reader.cancel();
        const fromNone = await post({});
        assert.equal(fromNone.status, 400);
        assert.equal((await fromNone.json()).error.message, 'Invalid Request: a response must be sent with the'
          + ' Mcp-Session-Id of the session its request came on');
        release();
        const r = await call;
        assert.equal(r._meta['dev.toolfs/error'].code, 'FS_SANDBOX_DENIED');
        assert.equal(existsSync(join(ws, '.git/stolen')), false);
        // A late answer of its own, after the request was answered, is accepted and dropped, as the library would.
        const late = await post({ 'Mcp-Session-Id': client.transport.sessionId, 'MCP-Protocol-Version': '2025-06-18' });
        assert.equal(late.status, 202);
      }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, answer]] });
    });
  });
});

describe('an approval the server stops waiting for, over HTTP', () => {
  const suite = suiteServer(['-Dquarkus.tool-fs.sandbox.mode=workspace-write', '-Dquarkus.tool-fs.sandbox.approval=ask',
    '-Dquarkus.tool-fs.sandbox.approval-timeout=2s'], (ws) => mkdirSync(join(ws, '.git')));

  test('is cancelled at the client, so that its question goes away', async () => {
    const { server, ws } = suite;
    let cancelled;
    const gone = new Promise((resolve) => { cancelled = resolve; });
    // A user who never answers: the question stays until the server gives it up.
    const never = async (request, extra) => new Promise((resolve) => {
      extra.signal.addEventListener('abort', () => { cancelled(String(extra.signal.reason)); resolve({ action: 'cancel' }); });
    });
    await withClient(http(server), async (client) => {
      const r = await client.callTool(escalatedWrite('.git/late'));
      assertDenied(r, ws, '.git/late', 'no decision within 2s');
      assert.equal(await gone, 'no answer within 2s');
    }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, never]] });
  });
});

// Found by black-box testing: at -Xmx48m one write of 7 MiB, or three of 3 MiB at once, ran the heap out and the
// sidecar exited. Bodies and stdio messages are limited to a twelfth of the maximum heap, and the start says so.
describe('a small heap', () => {
  test('over HTTP, writes as large as the heap allows, at once, are each taken or refused, and the server lives', async () => {
    const ws = tempWorkspace();
    const server = await startHttp(ws, ['-Xmx48m']);
    try {
      assert.match(server.log(), /request bodies are limited to \d+ bytes, though quarkus\.tool-fs\.rest\.max-body-size is 10485760 bytes/);
      const size = 3 * 1024 * 1024;
      const write = (i) => fetch(`${server.url}/tools/write`, { method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Session-Id': `heap-${i}` },
        body: JSON.stringify({ file_path: `w${i}.txt`, content: 'x'.repeat(size) }) });
      const answers = await Promise.all([0, 1, 2, 3].map(write));
      const statuses = answers.map((r) => r.status);
      assert.ok(statuses.every((s) => s === 200 || s === 503), String(statuses));
      assert.ok(statuses.includes(200), String(statuses));
      answers.forEach((r, i) => {
        if (r.status === 200) assert.equal(readFileSync(join(ws, `w${i}.txt`)).length, size);
        else assert.equal(existsSync(join(ws, `w${i}.txt`)), false);
      });
      // Alive, and taking the next write.
      assert.equal((await write(9)).status, 200);
      assert.equal(readFileSync(join(ws, 'w9.txt')).length, size);
    } finally {
      await server.stop();
    }
  });

  test('over stdio, a message longer than the heap allows is refused saying so, and a shorter one is taken', async () => {
    const ws = tempWorkspace();
    const child = spawn(java, [...jvm, '-Xmx48m', '-jar', jar, '--stdio'], { cwd: ws, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => { out += c; });
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const send = (m) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n');
    const answered = (match) => new Promise((resolve, reject) => {
      const giveUp = setTimeout(() => { clearInterval(poll); reject(new Error(`no answer; stdout: ${out.slice(0, 2000)}`)); }, 30000);
      const poll = setInterval(() => {
        const m = out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)).find(match);
        if (m) { clearInterval(poll); clearTimeout(giveUp); resolve(m); }
      }, 50);
    });
    try {
      send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
      await answered((m) => m.id === 1);
      send({ method: 'notifications/initialized' });
      send({ id: 2, method: 'tools/call', params: { name: 'write', arguments: { file_path: 'big.txt', content: 'x'.repeat(5 << 20) } } });
      const refused = await answered((m) => m.id === null && m.error);
      assert.equal(refused.error.code, -32600);
      assert.match(refused.error.message, /^not a JSON-RPC message: the line is longer than \d+ bytes, the most that the server's maximum heap allows \(a twelfth of it\); give the JVM more heap \(-Xmx\) to send longer ones$/);
      assert.equal(existsSync(join(ws, 'big.txt')), false);
      send({ id: 3, method: 'tools/call', params: { name: 'write', arguments: { file_path: 'fits.txt', content: 'x'.repeat(2 << 20) } } });
      const taken = await answered((m) => m.id === 3);
      assert.equal(taken.result.isError, false, JSON.stringify(taken).slice(0, 500));
      assert.equal(readFileSync(join(ws, 'fits.txt')).length, 2 << 20);
      // Sent at once, while calls run one at a time: each is taken, or refused at once for want of room, unread.
      const ids = [10, 11, 12, 13, 14, 15];
      for (const i of ids) {
        send({ id: i, method: 'tools/call', params: { name: 'write', arguments: { file_path: `p${i}.txt`, content: 'y'.repeat(3 << 20) } } });
      }
      const answers = await Promise.all(ids.map((i) => answered((m) => m.id === i)));
      answers.forEach((m, k) => {
        if (m.error) {
          assert.equal(m.error.code, -32000);
          assert.match(m.error.message, /^the server is receiving other large requests \(at most \d+ MiB of messages at once\); nothing was done — retry in a moment$/);
          assert.equal(existsSync(join(ws, `p${ids[k]}.txt`)), false);
        } else {
          assert.equal(m.result.isError, false);
          assert.equal(readFileSync(join(ws, `p${ids[k]}.txt`)).length, 3 << 20);
        }
      });
      assert.ok(answers.some((m) => !m.error));
      send({ id: 20, method: 'ping' });
      assert.deepEqual((await answered((m) => m.id === 20)).result, {});
    } finally {
      child.stdin.end();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20000))]);
    }
  });
});

describe('stdio', () => {
  test('list, read, edit, write and a policy error; the workspace is the current folder', async () => {
    const ws = tempWorkspace();
    await withClient(stdio(ws), (client) => exercise(client, ws));
  });

  test('a client that declares dev.toolfs/metadata gets the cards', async () => {
    const ws = tempWorkspace();
    await withClient(stdio(ws), (client) => cards(client, ws), { capabilities: asksForCards });
  });

  test('without a UTF-8 locale a non-ASCII path gets an error that says how to start the server, and stderr says so', async () => {
    const ws = tempWorkspace();
    writeFileSync(join(ws, 'caf\u00e9.txt'), 'x\n');
    // As the SDK's own stdio transport starts a server: a few variables, no LANG.
    const bare = { PATH: process.env.PATH, HOME: process.env.HOME };
    const transport = new StdioClientTransport({ command: java, args: [...jvm, '-jar', jar, '--stdio'], cwd: ws, stderr: 'pipe', env: bare });
    let err = '';
    transport.stderr.on('data', (d) => { err += d; });
    await withClient(transport, async (client) => {
      const r = await client.callTool({ name: 'read', arguments: { file_path: 'caf\u00e9.txt' } });
      assert.equal(r.isError, true);
      assert.match(text(r), /it runs without a UTF-8 locale \(its file names are .+\), so ask the user to start it with LANG=C\.UTF-8$/);
    });
    assert.match(err, /Tool FS: file names are encoded as .+ Start Tool FS with LANG=C\.UTF-8/);
    const utf8 = new StdioClientTransport({ command: java, args: [...jvm, '-jar', jar, '--stdio'], cwd: ws, stderr: 'pipe', env: { ...bare, LANG: 'C.UTF-8' } });
    await withClient(utf8, async (client) => {
      const r = await client.callTool({ name: 'read', arguments: { file_path: 'caf\u00e9.txt' } });
      assert.equal(r.isError, false, text(r));
    });
  });

  test('presentation-metadata=meta gives every client the card; none leaves it out; structured-content puts it there', async () => {
    const ws = tempWorkspace();
    writeFileSync(join(ws, 'card.txt'), 'one\n');
    const expected = '<path>card.txt</path>\n<type>file</type>\n<content>\n1: one\n\n(End of file - total 1 lines)\n</content>';
    await withClient(stdio(ws, ['-Dquarkus.tool-fs.mcp.presentation-metadata=meta']), async (client) => {
      const read = await client.callTool({ name: 'read', arguments: { file_path: 'card.txt' } });
      assert.equal(text(read), expected);
      assert.deepEqual(read._meta['dev.toolfs/metadata'].lines, [{ number: 1, text: 'one' }]);
    });
    await withClient(stdio(ws, ['-Dquarkus.tool-fs.mcp.presentation-metadata=none']), async (client) => {
      const read = await client.callTool({ name: 'read', arguments: { file_path: 'card.txt' } });
      assert.equal(text(read), expected);
      assert.equal(read._meta, undefined);
      assert.equal(read.structuredContent, undefined);
    });
    await withClient(stdio(ws, ['-Dquarkus.tool-fs.mcp.presentation-metadata=structured-content']), async (client) => {
      const read = await client.callTool({ name: 'read', arguments: { file_path: 'card.txt' } });
      assert.equal(text(read), expected);
      assert.equal(read._meta, undefined);
      assert.deepEqual(read.structuredContent.lines, [{ number: 1, text: 'one' }]);
    });
  });

  test('a root inside the workspace becomes the session folder, and the call does not wait for a timeout', async () => {
    const ws = tempWorkspace();
    mkdirSync(join(ws, 'project'));
    writeFileSync(join(ws, 'project', 'a.txt'), 'in the project\n');
    const roots = async () => ({ roots: [{ uri: pathToFileURL(join(ws, 'project')).href, name: 'project' }] });
    await withClient(stdio(ws), async (client) => {
      // The server asks for the roots while it handles the call: the answer must reach it at once (a server that
      // cannot read it before the call ends stalls until its own request times out, well past this timeout).
      const r = await client.callTool({ name: 'read', arguments: { file_path: 'a.txt' } }, undefined, { timeout: 5000 });
      assert.equal(text(r), '<path>a.txt</path>\n<type>file</type>\n<content>\n1: in the project\n\n(End of file - total 1 lines)\n</content>');
    }, { capabilities: { roots: {} }, handlers: [[ListRootsRequestSchema, roots]] });
  });

  test('read_image is listed over MCP once the default model takes images', async () => {
    // MCP calls name no model: read_image is offered only where the configured default model takes images.
    await withClient(stdio(tempWorkspace(), ['-Dquarkus.tool-fs.default-model=vision',
      '-Dquarkus.tool-fs.models.vision.image-input=true']), async (client) => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ['read', 'read_image', 'write', 'edit']);
      assert.equal(tools[1].annotations.readOnlyHint, true);
    });
  });

  test('over stdio escalations are denied by default, and a config file in the folder can say otherwise', async () => {
    const ws = tempWorkspace();
    mkdirSync(join(ws, '.git'));
    await withClient(stdio(ws, ['-Dquarkus.tool-fs.sandbox.mode=workspace-write']), async (client) => {
      const r = await client.callTool(escalatedWrite('.git/x'), undefined, { timeout: 5000 });
      // Where nobody can approve, the sandbox says so at once instead of inviting an escalation.
      assert.equal(text(r), 'Error: cannot write ".git/x": the sandbox does not allow changes here (it is a protected path'
        + ' (.git/**)), and no exception can be approved here; leave the file as it is, or ask the user to change it');
      assert.equal(existsSync(join(ws, '.git/x')), false);
    });
    // Found by black-box testing: the stdio default outranked the folder's config/application.properties.
    mkdirSync(join(ws, 'config'));
    writeFileSync(join(ws, 'config', 'application.properties'), 'quarkus.tool-fs.sandbox.approval=approve\n');
    await withClient(stdio(ws, ['-Dquarkus.tool-fs.sandbox.mode=workspace-write']), async (client) => {
      const r = await client.callTool(escalatedWrite('.git/y'), undefined, { timeout: 5000 });
      assert.equal(r.isError, false, text(r));
      assert.equal(readFileSync(join(ws, '.git/y'), 'utf8'), 'x\n');
    });
  });

  test('a sandbox escalation is approved through an elicitation over stdio', async () => {
    const ws = tempWorkspace();
    mkdirSync(join(ws, '.git'));
    const answer = async (request) => ({ action: 'accept', content: { approve: request.params.message.includes('.git/allowed') } });
    await withClient(stdio(ws, ['-Dquarkus.tool-fs.sandbox.mode=workspace-write', '-Dquarkus.tool-fs.sandbox.approval=ask']), async (client) => {
      const ok = await client.callTool(escalatedWrite('.git/allowed'), undefined, { timeout: 5000 });
      assert.equal(ok.isError, false, text(ok));
      assert.equal(readFileSync(join(ws, '.git/allowed'), 'utf8'), 'x\n');
      const no = await client.callTool(escalatedWrite('.git/refused'), undefined, { timeout: 5000 });
      assert.equal(text(no), 'Error: cannot write ".git/refused": the escalation was denied (the client\'s user did not approve it); leave the file as it is, or ask the user to change it');
      assert.equal(existsSync(join(ws, '.git/refused')), false);
    }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, answer]] });
  });

  test('over stdio, a client that cannot ask its user is denied at once instead of waiting for the timeout', async () => {
    const ws = tempWorkspace();
    mkdirSync(join(ws, '.git'));
    const denied = 'Error: cannot write ".git/x": the escalation was denied (the client cannot ask its user (it declares no'
      + ' form elicitation), and over stdio nobody else can approve); leave the file as it is, or ask the user to change it';
    for (const capabilities of [{}, { elicitation: { url: {} } }]) {
      await withClient(stdio(ws, ['-Dquarkus.tool-fs.sandbox.mode=workspace-write', '-Dquarkus.tool-fs.sandbox.approval=ask',
        '-Dquarkus.tool-fs.sandbox.approval-timeout=PT60S']), async (client) => {
        const t0 = Date.now();
        const r = await client.callTool(escalatedWrite('.git/x'), undefined, { timeout: 20000 });
        assert.equal(text(r), denied, JSON.stringify(capabilities));
        assert.ok(Date.now() - t0 < 10000, `the denial took ${Date.now() - t0} ms`);
        assert.equal(existsSync(join(ws, '.git/x')), false);
      }, { capabilities });
    }
  });

  test('a call cancelled while it waits for an approval stops waiting, and the next call is answered at once', async () => {
    const ws = tempWorkspace();
    mkdirSync(join(ws, '.git'));
    writeFileSync(join(ws, 'a.txt'), 'a\n');
    let asked;
    const wasAsked = new Promise((resolve) => { asked = resolve; });
    // The user never answers.
    const never = () => { asked(); return new Promise(() => {}); };
    await withClient(stdio(ws, ['-Dquarkus.tool-fs.sandbox.mode=workspace-write', '-Dquarkus.tool-fs.sandbox.approval=ask',
      '-Dquarkus.tool-fs.sandbox.approval-timeout=PT60S']), async (client) => {
      const controller = new AbortController();
      const call = client.callTool(escalatedWrite('.git/never'), undefined,
      { signal: controller.signal, timeout: 60000 });
      await wasAsked;
      controller.abort();
      await assert.rejects(call);
      const t0 = Date.now();
      const r = await client.callTool({ name: 'read', arguments: { file_path: 'a.txt' } }, undefined, { timeout: 20000 });
      assert.match(text(r), /\n1: a\n/);
      assert.ok(Date.now() - t0 < 5000, `the next call waited ${Date.now() - t0} ms`);
      assert.equal(existsSync(join(ws, '.git/never')), false);
    }, { capabilities: { elicitation: {} }, handlers: [[ElicitRequestSchema, never]] });
  });

  test('concurrent calls are all answered, also with a client that declares roots', async () => {
    const ws = tempWorkspace();
    for (let i = 0; i < 16; i++) writeFileSync(join(ws, `f${i}.txt`), `file ${i}\n`);
    const roots = async () => ({ roots: [{ uri: pathToFileURL(ws).href }] });
    await withClient(stdio(ws), async (client) => {
      for (let round = 0; round < 5; round++) {
        const results = await Promise.all([...Array(16).keys()].map((i) =>
          client.callTool({ name: 'read', arguments: { file_path: `f${i}.txt` } }, undefined, { timeout: 20000 })));
        results.forEach((r, i) => assert.match(text(r), new RegExp(`1: file ${i}\n`)));
      }
    }, { capabilities: { roots: {} }, handlers: [[ListRootsRequestSchema, roots]] });
  });

  test('a request before notifications/initialized is answered once it arrives; a closed input ends waiting calls', async () => {
    const ws = tempWorkspace();
    writeFileSync(join(ws, 'a.txt'), 'a\n');
    const child = spawn(java, [...jvm, '-jar', jar, '--stdio'], { cwd: ws, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => { out += c; });
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const send = (m) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n');
    const answered = (id) => new Promise((resolve, reject) => {
      const giveUp = setTimeout(() => { clearInterval(poll); reject(new Error(`no answer to ${id}; stdout: ${out}`)); }, 20000);
      const poll = setInterval(() => {
        const m = out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)).find((x) => x.id === id || (x.method && x.id === id));
        if (m) { clearInterval(poll); clearTimeout(giveUp); resolve(m); }
      }, 50);
    });
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: { roots: {} }, clientInfo: { name: 'raw', version: '1' } } });
    await answered(1);
    // A ping sent before the initialized notification is answered (at once), without holding that up.
    send({ id: 2, method: 'ping' });
    send({ method: 'notifications/initialized' });
    assert.deepEqual((await answered(2)).result, {});
    // The call asks this client for its roots, which it never answers; closing the input fails that wait at once.
    send({ id: 3, method: 'tools/call', params: { name: 'read', arguments: { file_path: 'a.txt' } } });
    await new Promise((resolve, reject) => {
      const giveUp = setTimeout(() => { clearInterval(poll); reject(new Error(`no roots request; stdout: ${out}`)); }, 20000);
      const poll = setInterval(() => { if (out.includes('"roots/list"')) { clearInterval(poll); clearTimeout(giveUp); resolve(); } }, 50);
    });
    child.stdin.end();
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 20000))]);
    assert.equal(code, 0);
    const call = out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)).find((m) => m.id === 3);
    assert.ok(call, `the call was answered before the exit; stdout: ${out}`);
  });

  // The build writes a class archive and the options naming it next to the jar (src/build/class-archive.sh).
  const archived = jvm.length > 0 && /^"?-XX:(SharedArchiveFile|AOTCache)=/m.test(readFileSync(jvm[0].slice(1), 'utf8'));
  test('the tool classes load from the class archive the build made', { skip: !archived && 'no class archive in the JVM options' }, async () => {
    const ws = tempWorkspace();
    writeFileSync(join(ws, 'a.txt'), 'archived\n');
    const transport = new StdioClientTransport({ command: java, args: [...jvm, '-Xlog:class+load=info:stderr', '-jar', jar, '--stdio'],
      cwd: ws, stderr: 'pipe' });
    let log = '';
    transport.stderr.on('data', (c) => { log += c; });
    await withClient(transport, async (client) => {
      const r = await client.callTool({ name: 'read', arguments: { file_path: 'a.txt' } });
      assert.equal(text(r), '<path>a.txt</path>\n<type>file</type>\n<content>\n1: archived\n\n(End of file - total 1 lines)\n</content>');
    });
    for (const cls of ['dev.toolfs.runtime.ToolRuntime', 'dev.toolfs.transport.mcp.StdioTransport', 'io.quarkus.runtime.Application']) {
      assert.match(log, new RegExp(`\\] ${cls.replaceAll('.', '\\.')} source: shared objects file`), `${cls} not from the archive`);
    }
  });

  /** Starts the stdio sidecar raw: send(message), answered(id), messages(), stdin's end and the exit code. */
  function rawStdio(ws, extra = []) {
    const child = spawn(java, [...jvm, ...extra, '-jar', jar, '--stdio'], { cwd: ws, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => { out += c; });
    child.stderr.on('data', (c) => { err += c; });
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const messages = () => out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    return {
      send: (m) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n'),
      messages,
      err: () => err,
      answered: (id) => new Promise((resolve, reject) => {
        const giveUp = setTimeout(() => { clearInterval(poll); reject(new Error(`no answer to ${id}; stdout: ${out}; stderr: ${err}`)); }, 20000);
        const poll = setInterval(() => {
          const m = messages().find((x) => x.id === id && !x.method);
          if (m) { clearInterval(poll); clearTimeout(giveUp); resolve(m); }
        }, 20);
      }),
      end: async () => {
        child.stdin.end();
        return Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 20000))]);
      },
      exited,
    };
  }

  const handshake = (s, version = '2025-11-25') => {
    s.send({ id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    s.send({ method: 'notifications/initialized' });
    s.send({ id: 2, method: 'tools/list' });
  };

  // The build records the server's handshake answers and names them in the JVM options (src/build/class-archive.sh).
  const recorded = jvm.length > 0 && /^"?-Dtool-fs\.stdio\.handshake=/m.test(readFileSync(jvm[0].slice(1), 'utf8'));
  test('the recorded handshake is answered before the application has started', { skip: !recorded && 'no recorded handshake in the JVM options' }, async () => {
    // A workspace that does not exist: the application fails to start, yet the client has its tools.
    const s = rawStdio(tempWorkspace(), ['-Dquarkus.tool-fs.workspace.roots=/no/such/tool-fs/workspace']);
    handshake(s);
    assert.equal((await s.answered(1)).result.protocolVersion, '2025-11-25');
    assert.deepEqual((await s.answered(2)).result.tools.map((t) => t.name), ['read', 'write', 'edit']);
    assert.equal(await s.exited, 1);
    // The client's log gets the reason on one line, without a stack trace.
    assert.match(s.err(), /^Tool FS refuses to start: workspace root \/no\/such\/tool-fs\/workspace is not an existing folder$/m);
    assert.doesNotMatch(s.err(), /\tat /);
  });

  test('the early answers are the ones the server gives itself', { skip: !recorded && 'no recorded handshake in the JVM options' }, async () => {
    const ws = tempWorkspace();
    writeFileSync(join(ws, 'a.txt'), 'a\n');
    const run = async (extra) => {
      const s = rawStdio(ws, extra);
      handshake(s);
      await s.answered(2);
      // With the recording, the list comes before the application says it has started.
      if (extra.length === 0) assert.doesNotMatch(s.err(), /started in/, 'the tool list came after the start');
      s.send({ id: 3, method: 'tools/call', params: { name: 'read', arguments: { file_path: 'a.txt' } } });
      await s.answered(3);
      s.send({ id: 4, method: 'tools/list' });
      await s.answered(4);
      assert.equal(await s.end(), 0);
      return s.messages();
    };
    const early = await run([]);
    const late = await run(['-Dtool-fs.stdio.handshake=']);
    // The same messages, in the same order, as without early answers: each request answered once, no list change.
    assert.deepEqual(early, late);
    assert.deepEqual(early.map((m) => m.id), [1, 2, 3, 4]);
    assert.deepEqual(early[1].result, early[3].result);
  });

  test('a tool disabled by a config file is announced as a change of the early tool list', { skip: !recorded && 'no recorded handshake in the JVM options' }, async () => {
    const ws = tempWorkspace();
    // Quarkus reads config/application.properties in the working folder: a source the start cannot see in advance.
    mkdirSync(join(ws, 'config'));
    writeFileSync(join(ws, 'config', 'application.properties'), 'quarkus.tool-fs.tools."write".enabled=false\n');
    let changed;
    const notified = new Promise((resolve) => { changed = resolve; });
    await withClient(stdio(ws), async (client) => {
      assert.equal(client.getServerCapabilities().tools.listChanged, true);
      const first = (await client.listTools()).tools.map((t) => t.name);
      assert.deepEqual(first, ['read', 'write', 'edit'], 'the recorded list, answered before the start');
      await Promise.race([notified, new Promise((_, reject) => setTimeout(() => reject(new Error('no tools/list_changed')), 20000))]);
      assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ['read', 'edit']);
      await assert.rejects(client.callTool({ name: 'write', arguments: { file_path: 'x.txt', content: 'x' } }),
        (e) => e.code === -32602 && e.message.endsWith('unknown tool "write"; the tools are read, edit'));
      assert.equal(existsSync(join(ws, 'x.txt')), false);
    }, { notifications: [[ToolListChangedNotificationSchema, () => changed()]] });
  });

  test('a tool list configured on the command line is not answered early; initialize is', { skip: !recorded && 'no recorded handshake in the JVM options' }, async () => {
    // As above, the application fails to start: what was answered, was answered early.
    const s = rawStdio(tempWorkspace(), ['-Dquarkus.tool-fs.workspace.roots=/no/such/tool-fs/workspace',
      '-Dquarkus.tool-fs.tools."write".enabled=false']);
    handshake(s);
    assert.equal((await s.answered(1)).result.protocolVersion, '2025-11-25');
    // The list was waiting for the application, which could not start: it gets the reason.
    assert.equal((await s.answered(2)).error.message, 'the Tool FS server could not start: workspace root '
      + '/no/such/tool-fs/workspace is not an existing folder; fix this in its configuration, then start it again');
    assert.equal(await s.exited, 1);
    assert.deepEqual(s.messages().map((m) => m.id), [1, 2]);
  });

  test('a server that cannot start tells the requests waiting for it why, and exits 1', async () => {
    const s = rawStdio(tempWorkspace(), ['-Dtool-fs.stdio.handshake=', '-Dquarkus.tool-fs.workspace.roots=/no/such/tool-fs/workspace']);
    handshake(s);
    const answers = [await s.answered(1), await s.answered(2)];
    for (const a of answers) {
      assert.equal(a.error.code, -32603);
      assert.match(a.error.message, /^the Tool FS server could not start: workspace root \/no\/such\/tool-fs\/workspace is not an existing folder;/);
    }
    assert.equal(await s.exited, 1);
    // The client's log gets the reason on one line, without a stack trace.
    assert.match(s.err(), /^Tool FS refuses to start: workspace root \/no\/such\/tool-fs\/workspace is not an existing folder$/m);
    assert.doesNotMatch(s.err(), /\tat /);
  });

  test('started in / without workspace roots, as an MCP client may start it, it refuses and says what to set', async () => {
    // Found by black-box testing: the workspace was then the whole file system.
    const s = rawStdio('/', ['-Dtool-fs.stdio.handshake=']);
    handshake(s);
    const answer = await s.answered(1);
    assert.equal(answer.error.code, -32603);
    assert.equal(answer.error.message, 'the Tool FS server could not start:'
      + ' quarkus.tool-fs.workspace.roots is not set, so the workspace would be the current folder, /, the whole file system'
      + " (an MCP client may start its servers there); set it to the project's folder, or start the server in that folder;"
      + ' fix this in its configuration, then start it again');
    assert.equal(await s.exited, 1);
  });

  test('over HTTP a server that cannot start says why on stderr, on one line, and exits 1', async () => {
    // Found by black-box testing: the reason was only in a stack trace on standard output, and then followed one.
    const child = spawn(java, [...jvm, '-Dquarkus.http.port=0', '-Dquarkus.tool-fs.read.limit=-1', '-jar', jar],
      { cwd: tempWorkspace(), stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let out = '';
    child.stdout.on('data', (c) => { out += c; });
    child.stderr.on('data', (c) => { err += c; });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    assert.equal(code, 1);
    assert.match(err, /^Tool FS refuses to start: quarkus\.tool-fs\.read\.limit is -1; it must be at least 1$/m);
    assert.equal(err.match(/refuses to start/g).length, 1);
    assert.doesNotMatch(out + err, /\tat |Exception/);
  });

  test('without its recorded handshake the server answers it after the start, and says why', async () => {
    const s = rawStdio(tempWorkspace(), ['-Dtool-fs.stdio.handshake=/no/such/handshake.jsonl']);
    handshake(s);
    assert.deepEqual((await s.answered(2)).result.tools.map((t) => t.name), ['read', 'write', 'edit']);
    assert.equal(await s.end(), 0);
    assert.match(s.err(), /WARN .*the build's recorded handshake was not used.*\/no\/such\/handshake\.jsonl/);
  });

  test('stdout carries only protocol messages, and the process exits 0 when stdin closes', async () => {
    const ws = tempWorkspace();
    const child = spawn(java, [...jvm, '-jar', jar, '--stdio'], { cwd: ws, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => { out += c; });
    child.stderr.on('data', (c) => { err += c; });
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    // A line that is not a message gets a JSON-RPC error, and the connection goes on.
    child.stdin.write('this is not JSON\n');
    child.stdin.write('null\n');
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {
      protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }) + '\n');
    await new Promise((resolve, reject) => {
      const giveUp = setTimeout(() => { clearInterval(poll); reject(new Error(`no answer to initialize; stdout: ${out}`)); }, 20000);
      const poll = setInterval(() => { if (out.includes('"id":1')) { clearInterval(poll); clearTimeout(giveUp); resolve(); } }, 50);
    });
    child.stdin.end();
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 20000))]);
    assert.equal(code, 0);
    const messages = out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    for (const m of messages) assert.equal(m.jsonrpc, '2.0');
    // In any order: the recorded handshake answers initialize before the server runs and answers the other two.
    const errors = messages.filter((m) => m.id === null);
    assert.equal(errors.length, 2);
    // Not JSON: a parse error; JSON, but no message: an invalid request.
    assert.deepEqual(errors.map((m) => m.error.code).sort(), [-32700, -32600].sort());
    assert.equal(messages.length, 3);
    assert.ok(messages.find((m) => m.id === 1).result.serverInfo);
    // A clean start leaves no warning in the client's log of the server (stderr).
    assert.doesNotMatch(err, /WARN|warning/, err);
  });
});
