// Starting the servers under test and connecting the one MCP client (the official TypeScript SDK) to them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';

/** The bench's own node_modules (run.sh installs it from package-lock.json). */
const modules = join(dirname(dirname(fileURLToPath(import.meta.url))), 'node_modules');

/** The reference server's entry point, run with node directly: npx would add seconds of package resolution. */
export const referenceEntry = join(modules, '@modelcontextprotocol', 'server-filesystem',
  JSON.parse(readFileSync(join(modules, '@modelcontextprotocol', 'server-filesystem', 'package.json'), 'utf8')).bin['mcp-server-filesystem']);

/** The installed version of a package of this bench. */
export function packageVersion(name) {
  return JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).version;
}

/** Peak resident set size (VmHWM) of a live process, in MiB; NaN when the process is gone. */
export function peakRssMiB(pid) {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Keeps the last few KiB of a stream, to explain a failure, and counts the ERROR lines it carried; reading it also
 * stops a full pipe from blocking the server.
 */
function tail(stream) {
  const keep = { text: '', errors: 0 };
  let partial = '';
  stream?.setEncoding?.('utf8');
  stream?.on('data', (chunk) => {
    keep.text = (keep.text + chunk).slice(-8192);
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    keep.errors += lines.filter((l) => / ERROR /.test(l)).length;
  });
  return keep;
}

function newClient() {
  return new Client({ name: 'tool-fs-bench', version: '1.0.0' });
}

/**
 * How to launch each server over stdio. `java` and `jvmOpts` apply to the sidecar; the reference server runs on the
 * Node.js that runs the bench.
 */
export function stdioCommand(kind, { workspace, jar, java = 'java', jvmOpts = [] }) {
  if (kind === 'reference') {
    return { command: process.execPath, args: [referenceEntry, workspace], cwd: workspace };
  }
  // The workspace is the process's current folder, as a client launching the sidecar would set it. The JVM's own
  // log (e.g. CDS warnings) goes to standard output by default, where it would corrupt the protocol: send it to
  // standard error.
  return { command: java, args: ['-Xlog:disable', '-Xlog:all=warning:stderr', ...jvmOpts, '-jar', jar, '--stdio'],
    cwd: workspace };
}

/** Spawns a stdio server and connects a client to it. */
export async function connectStdio(cmd) {
  const transport = new StdioClientTransport({ ...cmd, stderr: 'pipe' });
  const log = tail(transport.stderr);
  const client = newClient();
  try {
    await client.connect(transport);
  } catch (e) {
    throw new Error(`${cmd.command} did not start: ${e.message}\n${log.text}`);
  }
  return {
    client,
    pid: transport.pid,
    log,
    // Over stdio one process serves one connection: concurrent callers share it (requests are multiplexed).
    extraClient: async () => client,
    close: () => client.close(),
  };
}

/**
 * The SDK's HTTP transport passes one long-lived AbortSignal to every POST. Node's fetch adds an abort listener to it
 * per request and drops it only when the request is garbage-collected, so after a few thousand calls every new
 * request walks thousands of listeners and prints a MaxListenersExceeded warning: a client-side cost that grows with
 * the run and has nothing to do with the server. The bench never aborts a call, so POSTs go without that signal; the
 * long-lived GET stream keeps it, so closing the client still ends that stream.
 */
function postWithoutSharedSignal(url, init = {}) {
  if (init.method === 'POST') {
    const { signal: _shared, ...rest } = init;
    return fetch(url, rest);
  }
  return fetch(url, init);
}

/** MCP sessions over Streamable HTTP with the server at `url`: each `connect()` is a new client, `closeAll()` ends them. */
function httpSessions(url) {
  const clients = [];
  return {
    connect: async () => {
      const c = newClient();
      await c.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { fetch: postWithoutSharedSignal }));
      clients.push(c);
      return c;
    },
    closeAll: async () => {
      for (const c of clients) {
        await c.close().catch(() => {});
      }
    },
  };
}

/** Starts the sidecar over HTTP on a free loopback port and connects a client to its /mcp endpoint. */
export async function connectHttp({ workspace, jar, java = 'java', jvmOpts = [] }) {
  const child = spawn(java, [...jvmOpts, '-Dquarkus.http.host=127.0.0.1', '-Dquarkus.http.port=0',
    `-Dquarkus.tool-fs.workspace.roots=${workspace}`, '-jar', jar], { cwd: workspace, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = tail(child.stdout);
  const err = tail(child.stderr);
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sidecar did not start in 60 s:\n${out.text}${err.text}`)), 60_000);
    const check = () => {
      const m = /Listening on: (http:\/\/127\.0\.0\.1:\d+)/.exec(out.text + err.text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sidecar exited with ${code}:\n${out.text}${err.text}`));
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const sessions = httpSessions(url);
  const client = await sessions.connect();
  return {
    client,
    pid: child.pid,
    // Quarkus logs to standard output in this mode; keep both streams.
    log: { get text() { return out.text + err.text; }, get errors() { return out.errors + err.errors; } },
    url,
    // Over HTTP every extra client is a separate MCP session, as separate agents would be.
    extraClient: sessions.connect,
    close: async () => {
      await sessions.closeAll();
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
      }
    },
  };
}

/**
 * Starts a stand-in Streamable HTTP server (a Node.js script that prints its URL) and connects a client to it, the
 * same way as to the sidecar.
 */
export async function connectHttpStandIn(script, args) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (c) => {
      text += c;
      const m = /Listening on: (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  const sessions = httpSessions(url);
  const client = await sessions.connect();
  return {
    client,
    // One more session, as connectHttp's extra clients are.
    extraClient: sessions.connect,
    close: async () => {
      await sessions.closeAll();
      child.kill('SIGTERM');
    },
  };
}

/**
 * Runs a stdio server through `work(client)`, then closes its standard input and waits, however long it takes, for
 * the process to exit by itself. The AppCDS and AOT-cache training runs need this: the JVM writes the archive while
 * exiting, and the SDK's own transport would kill a process that takes more than two seconds to exit.
 */
export async function runAndExit(cmd, work) {
  const child = spawn(cmd.command, cmd.args, { cwd: cmd.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const err = tail(child.stderr);
  const exited = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
  const buffer = new ReadBuffer();
  const transport = {
    async start() {
      child.stdout.on('data', (chunk) => {
        buffer.append(chunk);
        for (;;) {
          let m;
          try {
            m = buffer.readMessage();
          } catch {
            continue; // not a protocol line: skip it, as the SDK's transport does
          }
          if (m === null) {
            break;
          }
          transport.onmessage?.(m);
        }
      });
    },
    async send(message) {
      child.stdin.write(serializeMessage(message));
    },
    async close() {
      child.stdin.end();
    },
  };
  const client = newClient();
  await client.connect(transport);
  await work(client);
  child.stdin.end();
  const code = await exited;
  if (code !== 0) {
    throw new Error(`${cmd.command} exited with ${code}: ${err.text}`);
  }
  return err.text;
}
