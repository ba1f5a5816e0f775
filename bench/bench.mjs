// Tool FS vs the reference MCP filesystem server: the same workload, the same MCP client, in turn, one table.
// Run it through run.sh (which installs the packages and builds the sidecar); `node bench.mjs --help` lists options.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { connectHttp, connectHttpStandIn, connectStdio, packageVersion, peakRssMiB, runAndExit, stdioCommand } from './lib/servers.mjs';
import { fmtMs, fmtNum, fmtRatio, summarize, table } from './lib/stats.mjs';
import { HUGE_WINDOW, SIDECAR_DEFAULT_MAX_BYTES, stepsFor, TOOLS } from './lib/workload.mjs';
import { prepare } from './lib/workspace.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const HELP = `Usage: node bench.mjs [options]   (or bench/run.sh [options], which also installs and builds)

  --jar PATH             the sidecar's quarkus-run.jar (default: $TOOLFS_JAR, else ../sidecar/target/quarkus-app/quarkus-run.jar)
  --java PATH            the java that runs the sidecar (default: the one that made the build's class archive, else
                         java on the PATH)
  --jdk25 PATH|none      a JDK 25+ java for the extra cold-start rows with an AOT cache (default: found under /usr/lib/jvm)
  --transports LIST      sidecar transports to measure: stdio,http (default: both; the reference is stdio only)
  --rounds N             alternation rounds of the per-call steps (default 10)
  --calls N              timed calls per step, server and round (default 50)
  --warmup N             untimed (but checked) calls per step and server before the rounds (default 200)
  --clients N            concurrent clients of the throughput step (default 8)
  --load-seconds S       duration of the throughput step per server (default 10)
  --cold-starts N        cold starts per server variant (default 5)
  --sidecar-max-bytes B  the sidecar's read byte cap for this run (default 262144, so that its window holds the
                         2000 lines the reference returns; 0 keeps the sidecar's own default of 51200)
  --jvm-args FILE|none   the JVM argument file every sidecar run starts with (default: jvm.args next to the jar,
                         which the build writes: the options of sidecar/jvm.args and the build's class archive, as
                         the sidecar is documented to start; else sidecar/jvm.args; none: the JVM's defaults)
  --jvm-opt OPT          an extra JVM option for every sidecar run (repeatable), e.g. --jvm-opt=-Xmx128m
  --workspace DIR        where to create the workspaces (default: a new folder in the system temp folder)
  --keep                 keep the workspaces afterwards
  --json FILE            also write every number to FILE as JSON
`;

const { values: opt } = parseArgs({
  options: {
    jar: { type: 'string' },
    java: { type: 'string' },
    jdk25: { type: 'string' },
    transports: { type: 'string', default: 'stdio,http' },
    rounds: { type: 'string', default: '10' },
    calls: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '200' },
    clients: { type: 'string', default: '8' },
    'load-seconds': { type: 'string', default: '10' },
    'cold-starts': { type: 'string', default: '5' },
    'sidecar-max-bytes': { type: 'string', default: '262144' },
    'jvm-args': { type: 'string' },
    'jvm-opt': { type: 'string', multiple: true, default: [] },
    workspace: { type: 'string' },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (opt.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

const int = (name) => {
  const v = Number(opt[name]);
  if (!Number.isInteger(v) || v < 0) {
    throw new Error(`--${name} must be a whole number, got ${opt[name]}`);
  }
  return v;
};
const cfg = {
  jar: resolve(opt.jar ?? process.env.TOOLFS_JAR ?? join(here, '..', 'sidecar', 'target', 'quarkus-app', 'quarkus-run.jar')),
  java: opt.java ?? 'java',
  jdk25: opt.jdk25 === 'none' ? null : opt.jdk25 ?? findJdk25(),
  transports: opt.transports.split(',').map((s) => s.trim()).filter(Boolean),
  rounds: int('rounds'),
  calls: int('calls'),
  warmup: int('warmup'),
  clients: int('clients'),
  loadSeconds: Number(opt['load-seconds']),
  coldStarts: int('cold-starts'),
  maxBytes: int('sidecar-max-bytes') || SIDECAR_DEFAULT_MAX_BYTES,
  jvmArgs: null,
  // The options without the build's class archive: the cold-start row without one, and the JDK 25 rows.
  baseJvmArgs: null,
  jvmOpts: opt['jvm-opt'],
};
{
  const own = join(here, '..', 'sidecar', 'jvm.args');
  const built = join(dirname(cfg.jar), 'jvm.args');
  if (opt['jvm-args'] === 'none') {
    // The JVM's defaults everywhere.
  } else if (opt['jvm-args']) {
    cfg.jvmArgs = cfg.baseJvmArgs = resolve(opt['jvm-args']);
  } else {
    cfg.jvmArgs = existsSync(built) ? built : own;
    cfg.baseJvmArgs = own;
    // The build's archive serves only the JDK that made it: run the sidecar on that one unless told otherwise.
    const madeBy = existsSync(built) ? /^# java: (.+)$/m.exec(readFileSync(built, 'utf8'))?.[1] : null;
    if (madeBy && opt.java === undefined && existsSync(madeBy)) {
      cfg.java = madeBy;
    }
  }
}
/** The first group of `pattern` on a line of an argument file (the build writes one, quoted), or null. */
const optionIn = (file, pattern) => file && existsSync(file)
  ? (new RegExp(`^"?${pattern}"?$`, 'm').exec(readFileSync(file, 'utf8'))?.[1] ?? null) : null;
/** The recorded handshake an argument file names, as a JVM option. */
const handshakeIn = (file) => optionIn(file, '(-Dtool-fs\\.stdio\\.handshake=.+?)');
/** The class archive an argument file names. */
const archiveIn = (file) => optionIn(file, '-XX:(?:SharedArchiveFile|AOTCache)=(.*?)');
if (!existsSync(cfg.jar)) {
  throw new Error(`no sidecar jar at ${cfg.jar}: build it (mvn -B -ntp -pl sidecar -am package -DskipTests) or pass --jar`);
}
for (const t of cfg.transports) {
  if (t !== 'stdio' && t !== 'http') {
    throw new Error(`--transports takes stdio and/or http, got ${t}`);
  }
}
// The raised cap is a run setting like any other, so it goes on every sidecar command line.
if (cfg.jvmArgs && !existsSync(cfg.jvmArgs)) {
  throw new Error(`no JVM argument file at ${cfg.jvmArgs}: pass --jvm-args FILE or --jvm-args none`);
}
const runOpts = [...cfg.jvmOpts,
  ...(cfg.maxBytes !== SIDECAR_DEFAULT_MAX_BYTES ? [`-Dquarkus.tool-fs.read.max-bytes=${cfg.maxBytes}`] : [])];
const sidecarOpts = [...(cfg.jvmArgs ? [`@${cfg.jvmArgs}`] : []), ...runOpts];
const baseOpts = [...(cfg.baseJvmArgs ? [`@${cfg.baseJvmArgs}`] : []), ...runOpts];

/** An argument file's options on one line, without its comments. */
function jvmArgsText(file) {
  return readFileSync(file, 'utf8').split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean).join(' ');
}

function findJdk25() {
  try {
    for (const d of readdirSync('/usr/lib/jvm')) {
      const m = /(?:^|-)(\d+)(?:[.-]|$)/.exec(d.replace(/^java-/, ''));
      const java = join('/usr/lib/jvm', d, 'bin', 'java');
      if (m && Number(m[1]) >= 25 && existsSync(java)) {
        return java;
      }
    }
  } catch {
    // No JVM folder: no extra rows.
  }
  return null;
}

const log = (s) => process.stderr.write(`${s}\n`);
const now = () => performance.now();

/** The Java feature version of a java executable (17, 25, ...). */
function javaFeature(java) {
  const r = spawnSync(java, ['-XshowSettings:properties', '-version'], { encoding: 'utf8' });
  return /java\.specification\.version = (\S+)/.exec(r.stderr || '')?.[1] ?? '?';
}

/** The first two lines of `java -version` (which prints to standard error). */
function javaVersion(java) {
  const r = spawnSync(java, ['-version'], { encoding: 'utf8' });
  return (r.stderr || r.stdout || '').split('\n').filter(Boolean).slice(0, 2).join(' / ').trim() || 'unknown';
}

function machine() {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return {
    cpus: cpus().length,
    cpuModel: model.trim(),
    memoryGiB: +(totalmem() / 2 ** 30).toFixed(1),
    java: javaVersion(cfg.java),
    jdk25: cfg.jdk25 ? javaVersion(cfg.jdk25) : null,
    node: process.version,
    reference: `@modelcontextprotocol/server-filesystem ${packageVersion('@modelcontextprotocol/server-filesystem')}`,
    sdk: `@modelcontextprotocol/sdk ${packageVersion('@modelcontextprotocol/sdk')}`,
  };
}

// ---- the servers of the main run

const base = (() => {
  const root = opt.workspace ? resolve(opt.workspace) : tmpdir();
  mkdirSync(root, { recursive: true });
  // realpath: the reference server compares resolved paths, and /tmp may be a symlink.
  return realpathSync(mkdtempSync(join(root, 'tool-fs-bench-')));
})();

const SERVERS = [
  { id: 'reference', kind: 'reference', label: 'reference (stdio)' },
  ...cfg.transports.map((t) => ({ id: `toolfs-${t}`, kind: 'toolfs', transport: t, label: `Tool FS (${t})` })),
];

async function startServer(s) {
  const ws = prepare(join(base, s.id));
  const conn = s.kind === 'reference'
    ? await connectStdio(stdioCommand('reference', { workspace: ws.dir }))
    : s.transport === 'stdio'
      ? await connectStdio(stdioCommand('toolfs', { workspace: ws.dir, jar: cfg.jar, java: cfg.java, jvmOpts: sidecarOpts }))
      : await connectHttp({ workspace: ws.dir, jar: cfg.jar, java: cfg.java, jvmOpts: sidecarOpts });
  // Confirm the tool names from the server itself rather than trusting this script.
  const { tools } = await conn.client.listTools();
  const names = tools.map((t) => t.name);
  for (const want of Object.values(TOOLS[s.kind])) {
    if (!names.includes(want)) {
      throw new Error(`${s.label} does not list a ${want} tool (it lists ${names.join(', ')})`);
    }
  }
  const steps = stepsFor(s.kind, s.label, ws, { maxBytes: cfg.maxBytes });
  if (s.kind === 'toolfs') {
    // The sidecar edits only what the session has read; a model would read the file first too. Untimed.
    const r = await conn.client.callTool({ name: 'read', arguments: { file_path: ws.edit.rel, limit: 1 } });
    if (r.isError) {
      throw new Error(`${s.label}: the initial read of the edit file failed: ${JSON.stringify(r.content)}`);
    }
  }
  return { ...s, ...conn, ws, steps, tools, lastAnswer: {} };
}

const STEPS = [
  { id: 'readSmall', title: 'read 100-line file' },
  { id: 'readHuge', title: `read first ${HUGE_WINDOW} lines of 200,000-line file` },
  { id: 'write', title: 'write new 10 KB file' },
  { id: 'edit', title: 'edit 1,000-line file' },
];

/** No step takes near this long; a call that does has been lost, and the run stops saying so. */
const CALL_TIMEOUT_MS = 30_000;
/** In the throughput step a lost answer is counted, not fatal; this is how long a caller waits for one. */
const LOAD_TIMEOUT_MS = 5_000;

/** One call of a step: the timer covers exactly the MCP round trip; the check runs after it stops. */
async function timedCall(client, call, timeout = CALL_TIMEOUT_MS) {
  const t0 = now();
  const result = await client.callTool({ name: call.name, arguments: call.args }, undefined, { timeout });
  const ms = now() - t0;
  call.verify(result);
  return { ms, result };
}

/** Rotates the server order each round, so no server always goes first (or right after a JIT-heavy neighbour). */
const rotate = (arr, k) => arr.map((_, i) => arr[(i + k) % arr.length]);

async function perCallSteps(servers) {
  const samples = Object.fromEntries(servers.map((s) => [s.id, Object.fromEntries(STEPS.map((st) => [st.id, []]))]));
  if (cfg.warmup > 0) {
    log(`warm-up: ${cfg.warmup} checked calls per step and server`);
    for (const step of STEPS) {
      for (const s of servers) {
        for (let i = 0; i < cfg.warmup; i++) {
          await timedCall(s.client, s.steps[step.id]());
        }
      }
    }
  }
  for (let r = 0; r < cfg.rounds; r++) {
    log(`round ${r + 1}/${cfg.rounds}`);
    for (const step of STEPS) {
      for (const s of rotate(servers, r)) {
        for (let i = 0; i < cfg.calls; i++) {
          const { ms, result } = await timedCall(s.client, s.steps[step.id]());
          samples[s.id][step.id].push(ms);
          s.lastAnswer[step.id] = result;
        }
      }
    }
  }
  return samples;
}

/**
 * N clients each reading the 100-line file in a loop for a fixed time; every answer is checked. A call with no
 * answer within LOAD_TIMEOUT_MS is counted as lost (a wrong answer still stops the run): the caller then goes on,
 * as a client with a request timeout would, and the wait stays in the throughput.
 */
async function throughput(s, clients, seconds) {
  const latencies = [];
  let done = 0;
  let lost = 0;
  const errorsBefore = s.log.errors;
  const deadline = now() + seconds * 1000;
  const worker = async (client) => {
    while (now() < deadline) {
      try {
        latencies.push((await timedCall(client, s.steps.readSmall(), LOAD_TIMEOUT_MS)).ms);
        done++;
      } catch (e) {
        if (e?.code !== ErrorCode.RequestTimeout) {
          throw e;
        }
        lost++;
      }
    }
  };
  const t0 = now();
  await Promise.all(clients.map(worker));
  const elapsed = now() - t0;
  if (lost > 0) {
    log(`  ${s.label}: ${lost} calls got no answer within ${LOAD_TIMEOUT_MS / 1000} s; ` +
      `${s.log.errors - errorsBefore} ERROR lines in its log, the last ones:\n` +
      s.log.text.split('\n').filter((l) => / ERROR |Caused by/.test(l)).slice(-4).join('\n'));
  }
  return { ...summarize(latencies), perSecond: (done * 1000) / elapsed, calls: done, lost, seconds: elapsed / 1000 };
}

async function loadStep(servers) {
  const out = {};
  const clientsOf = {};
  for (const s of servers) {
    clientsOf[s.id] = [];
    for (let i = 0; i < cfg.clients; i++) {
      clientsOf[s.id].push(i === 0 ? s.client : await s.extraClient());
    }
  }
  // A short untimed run first, so that the concurrent path (new sessions, more threads) is warm too.
  for (const s of servers) {
    await throughput(s, clientsOf[s.id], Math.min(2, cfg.loadSeconds / 5));
  }
  for (const s of servers) {
    log(`throughput: ${cfg.clients} clients on ${s.label} for ${cfg.loadSeconds} s`);
    out[s.id] = await throughput(s, clientsOf[s.id], cfg.loadSeconds);
  }
  return out;
}

// ---- client floor

/**
 * Replays each server's recorded answers from a stand-in process that answers instantly (lib/canned-server.mjs), with
 * the same client, arguments and tool schemas. The time left is the client's, the pipe's and the JSON's: no server
 * can go below it, so ref p50 / floor p50 is the largest speed-up any server could show on that step.
 */
async function clientFloor(servers) {
  const out = {};
  const picks = [servers.find((s) => s.kind === 'reference'), servers.find((s) => s.kind === 'toolfs')].filter(Boolean);
  for (const s of picks) {
    const file = writeAnswers(s);
    const conn = await connectStdio({ command: process.execPath, args: [join(here, 'lib', 'canned-server.mjs'), file], cwd: base });
    try {
      out[s.id] = await floorSteps(conn.client, s);
      if (cfg.loadSeconds > 0 && cfg.clients > 0) {
        // Over stdio the callers share the one connection, as in the real step.
        out[s.id].load = await floorThroughput(Array.from({ length: cfg.clients }, () => conn.client), s);
      }
    } finally {
      await conn.close();
    }
  }
  // Over HTTP (the sidecar's answers only: the reference has no HTTP transport), through the same HTTP client.
  const http = servers.find((s) => s.kind === 'toolfs' && s.transport === 'http');
  if (http) {
    const conn = await connectHttpStandIn(join(here, 'lib', 'canned-http-server.mjs'), [writeAnswers(http)]);
    try {
      out[`${http.id}-floor`] = await floorSteps(conn.client, http);
      if (cfg.loadSeconds > 0 && cfg.clients > 0) {
        // As the real step over HTTP: every client its own session.
        const clients = [conn.client];
        while (clients.length < cfg.clients) {
          clients.push(await conn.extraClient());
        }
        out[`${http.id}-floor`].load = await floorThroughput(clients, http);
      }
    } finally {
      await conn.close();
    }
  }
  return out;
}

/** The stand-in's answers: each step's last recorded answer, under the step's name with the real tool's definition. */
function writeAnswers(s) {
  const answers = { tools: { tools: [] } };
  for (const step of STEPS) {
    // The real tool's definition under the step's name, so the client validates exactly as it did for real.
    const def = s.tools.find((t) => t.name === s.steps[step.id]().name);
    answers.tools.tools.push({ ...def, name: step.id });
    answers[step.id] = s.lastAnswer[step.id];
  }
  const file = join(base, `answers-${s.id}.json`);
  writeFileSync(file, JSON.stringify(answers));
  return file;
}

/** Each step's calls against a stand-in, with the run's warm-up and sample counts. */
async function floorSteps(client, s) {
  await client.listTools();
  const out = {};
  for (const step of STEPS) {
    const lat = [];
    for (let i = 0; i < cfg.warmup + cfg.rounds * cfg.calls; i++) {
      const call = s.steps[step.id]();
      const t0 = now();
      await client.callTool({ name: step.id, arguments: call.args }, undefined, { timeout: CALL_TIMEOUT_MS });
      if (i >= cfg.warmup) {
        lat.push(now() - t0);
      }
    }
    out[step.id] = summarize(lat);
  }
  return out;
}

/**
 * The throughput step against the stand-in, run as the real one (throughput(): N callers, on the one stdio connection
 * or each with its own HTTP session; the same 100-line read, every answer checked, after the same short untimed run),
 * the server answering instantly.
 * No server can serve this client more calls per second on this machine, so floor / reference is the largest
 * throughput ratio any server could show.
 */
async function floorThroughput(clients, s) {
  const standIn = { label: `client floor (${s.label})`, log: { errors: 0, text: '' },
    steps: { readSmall: () => ({ ...s.steps.readSmall(), name: 'readSmall' }) } };
  await throughput(standIn, clients, Math.min(2, cfg.loadSeconds / 5));
  return throughput(standIn, clients, cfg.loadSeconds);
}

// ---- cold start

/** What a training run does, so the archive holds the classes the measured start (and the first calls) need. */
async function trainingWork(client, ws) {
  await client.listTools();
  const steps = stepsFor('toolfs', 'training', ws, { maxBytes: cfg.maxBytes });
  await client.callTool({ name: 'read', arguments: { file_path: ws.edit.rel } });
  for (const id of ['readSmall', 'readHuge', 'write', 'edit']) {
    const call = steps[id]();
    call.verify(await client.callTool({ name: call.name, arguments: call.args }));
  }
}

/**
 * One training run that writes a startup archive at exit (`record`=file), and the cold-start variant that maps it
 * (`use`=file); null, with the reason logged, when the run fails or writes nothing.
 */
async function trainedVariant({ id, label, java, file, workspace, record, use }) {
  rmSync(file, { force: true });
  log(`cold start: training run for ${label}`);
  try {
    const ws = typeof workspace === 'function' ? workspace() : workspace;
    await runAndExit(stdioCommand('toolfs', { workspace: ws.dir, jar: cfg.jar, java,
      jvmOpts: [...baseOpts, `${record}=${file}`] }), (c) => trainingWork(c, ws));
    if (existsSync(file)) {
      return { id, label, java, opts: [...baseOpts, `${use}=${file}`], flags: `${record}=<file> once, then ${use}=<file>` };
    }
    log(`  no ${label} row: the training run wrote no ${file}`);
  } catch (e) {
    log(`  no ${label} row: ${e.message}`);
  }
  return null;
}

async function coldStart() {
  const cache = join(here, '.work');
  mkdirSync(cache, { recursive: true });
  const jdk = `JDK ${javaFeature(cfg.java)}`;
  const variants = [
    { id: 'reference', label: 'reference (stdio)', cmd: (ws) => stdioCommand('reference', { workspace: ws }) },
    { id: 'toolfs', label: `Tool FS (stdio), ${jdk}`, java: cfg.java, opts: baseOpts },
  ];
  // The documented start: the options the build wrote, with the class archive it made (src/build/class-archive.sh).
  const archive = archiveIn(cfg.jvmArgs);
  if (archive && cfg.jvmArgs !== cfg.baseJvmArgs) {
    variants.push({ id: 'toolfs-built', label: `Tool FS (stdio), ${jdk} + the build's ${archive.endsWith('.aot') ? 'AOT cache' : 'AppCDS archive'}${handshakeIn(cfg.jvmArgs) ? ' and handshake' : ''}`,
      java: cfg.java, opts: sidecarOpts, flags: `@${cfg.jvmArgs} (${archive})` });
  }
  if (cfg.jdk25) {
    variants.push({ id: 'toolfs-jdk25', label: 'Tool FS (stdio), JDK 25', java: cfg.jdk25, opts: baseOpts });
    // JDK 25 (JEP 514): one training run writes the AOT cache (loaded and linked classes, profiles) at exit.
    const aot = await trainedVariant({ id: 'toolfs-jdk25-aot', label: 'Tool FS (stdio), JDK 25 + AOT cache',
      java: cfg.jdk25, file: join(cache, 'tool-fs-jdk25.aot'), workspace: () => prepare(join(base, 'training-25')),
      record: '-XX:AOTCacheOutput', use: '-XX:AOTCache' });
    if (aot) variants.push(aot);
    // The build's recorded handshake serves any JDK: the same JDK 25 start, answering the handshake early.
    const handshake = handshakeIn(cfg.jvmArgs);
    if (aot && handshake) {
      variants.push({ ...aot, id: 'toolfs-jdk25-aot-handshake', label: 'Tool FS (stdio), JDK 25 + AOT cache + the build\'s handshake',
        opts: [...aot.opts, handshake], flags: `${aot.flags}, ${handshake}` });
    }
  }
  const times = Object.fromEntries(variants.map((v) => [v.id, []]));
  const firstCall = Object.fromEntries(variants.map((v) => [v.id, []]));
  for (let r = 0; r < cfg.coldStarts; r++) {
    log(`cold start ${r + 1}/${cfg.coldStarts}`);
    for (const v of rotate(variants, r)) {
      const ws = join(base, `cold-${v.id}`);
      mkdirSync(ws, { recursive: true });
      writeFileSync(join(ws, 'hello.txt'), 'hello\n');
      const cmd = v.cmd ? v.cmd(ws)
        : stdioCommand('toolfs', { workspace: ws, jar: cfg.jar, java: v.java, jvmOpts: v.opts });
      // Spawn, initialize, and the first tools/list that lists the expected tools: what a client waits for.
      const t0 = now();
      const conn = await connectStdio(cmd);
      const { tools } = await conn.client.listTools();
      const ms = now() - t0;
      // Then the first call, which needs the server itself: what the client's first tool use waits for.
      const reference = v.id === 'reference';
      const read = await conn.client.callTool(reference ? { name: 'read_text_file', arguments: { path: join(ws, 'hello.txt') } }
        : { name: 'read', arguments: { file_path: 'hello.txt' } });
      const callMs = now() - t0;
      await conn.close();
      const want = TOOLS[reference ? 'reference' : 'toolfs'].read;
      if (!tools.some((t) => t.name === want)) {
        throw new Error(`${v.label}: tools/list has no ${want}`);
      }
      const got = (read.content ?? []).map((c) => c.text).join('\n');
      if (read.isError || !got.includes('hello')) {
        throw new Error(`${v.label}: the first read did not return the file: ${got}`);
      }
      times[v.id].push(ms);
      firstCall[v.id].push(callMs);
    }
  }
  return variants.map((v) => ({ id: v.id, label: v.label, flags: v.flags, ...summarize(times[v.id]),
    firstCall: summarize(firstCall[v.id]) }));
}

// ---- report

function report(info, samples, load, rss, cold, servers, floor) {
  const ref = servers.find((s) => s.kind === 'reference');
  const ours = servers.filter((s) => s.kind === 'toolfs');
  const http = ours.find((s) => s.transport === 'http');
  // The client floors' rows, under each step and under the throughput: by the ids clientFloor() gave them.
  const floorRows = [[ref.id, 'client floor, reference answer'], [ours[0]?.id, 'client floor, Tool FS answer'],
    [http && `${http.id}-floor`, 'client floor (http), Tool FS answer']];
  // The floor a server's own numbers are bound by: Tool FS's answer replayed over the same transport.
  const floorOf = (s, step) => floor?.[s.transport === 'http' ? `${s.id}-floor` : ours[0]?.id]?.[step];
  const stats = {};
  for (const s of servers) {
    stats[s.id] = Object.fromEntries(STEPS.map((st) => [st.id, summarize(samples[s.id][st.id])]));
  }
  const targets = [];
  const rows = [];
  for (const st of STEPS) {
    const r = stats[ref.id][st.id];
    rows.push([st.title, ref.label, r.n, fmtMs(r.p50), fmtMs(r.p95), fmtMs(r.p99), fmtNum(r.perSecond), '', '']);
    for (const s of ours) {
      const o = stats[s.id][st.id];
      const x50 = r.p50 / o.p50;
      const x99 = r.p99 / o.p99;
      rows.push([st.title, s.label, o.n, fmtMs(o.p50), fmtMs(o.p95), fmtMs(o.p99), fmtNum(o.perSecond), fmtRatio(x50), fmtRatio(x99)]);
      const need = st.id === 'readHuge' ? 10 : 3;
      const f = floorOf(s, st.id);
      targets.push({ what: `${st.title}, ${s.label}: p50 >= ${need}x faster`, met: x50 >= need, value: fmtRatio(x50),
        need, ceiling: f ? r.p50 / f.p50 : undefined });
      targets.push({ what: `${st.title}, ${s.label}: lower p99`, met: o.p99 < r.p99, value: `${fmtMs(o.p99)} vs ${fmtMs(r.p99)} ms` });
    }
    for (const [id, label] of floorRows) {
      const f = floor?.[id]?.[st.id];
      if (f) {
        rows.push([st.title, label, f.n, fmtMs(f.p50), fmtMs(f.p95), fmtMs(f.p99), fmtNum(f.perSecond), fmtRatio(r.p50 / f.p50), fmtRatio(r.p99 / f.p99)]);
      }
    }
  }
  const perCall = table(['step', 'server', 'calls', 'p50 ms', 'p95 ms', 'p99 ms', 'calls/s', 'ref/ours p50', 'ref/ours p99'], rows);

  const loadRows = [];
  if (load) {
    const r = load[ref.id];
    loadRows.push([`${cfg.clients} clients reading, ${cfg.loadSeconds} s`, ref.label, r.calls, r.lost, fmtMs(r.p50), fmtMs(r.p95), fmtMs(r.p99), fmtNum(r.perSecond), '']);
    for (const s of ours) {
      const o = load[s.id];
      const x = o.perSecond / r.perSecond;
      loadRows.push([`${cfg.clients} clients reading, ${cfg.loadSeconds} s`, s.label, o.calls, o.lost, fmtMs(o.p50), fmtMs(o.p95), fmtMs(o.p99), fmtNum(o.perSecond), fmtRatio(x)]);
      const f = floorOf(s, 'load');
      targets.push({ what: `${cfg.clients}-client throughput, ${s.label}: >= 3x the reference`, met: x >= 3,
        value: `${fmtRatio(x)}${o.lost ? ` (${o.lost} calls lost)` : ''}`, need: 3,
        ceiling: f ? f.perSecond / r.perSecond : undefined });
    }
    for (const [id, label] of floorRows) {
      const f = floor?.[id]?.load;
      if (f) {
        loadRows.push([`${cfg.clients} clients reading, ${cfg.loadSeconds} s`, label, f.calls, f.lost, fmtMs(f.p50), fmtMs(f.p95), fmtMs(f.p99), fmtNum(f.perSecond), fmtRatio(f.perSecond / r.perSecond)]);
      }
    }
  }
  const loadTable = load ? table(['step', 'server', 'calls', 'lost', 'p50 ms', 'p95 ms', 'p99 ms', 'calls/s', 'ours/ref calls/s'], loadRows) : '';

  const coldRows = [];
  let coldTable = '';
  if (cold) {
    const r = cold.find((c) => c.id === 'reference');
    for (const c of cold) {
      const mine = c.id !== 'reference';
      coldRows.push([c.label, c.n, fmtMs(c.p50), fmtMs(c.p99), mine ? fmtRatio(r.p50 / c.p50) : '',
        fmtMs(c.firstCall.p50), fmtMs(c.firstCall.p99), mine ? fmtRatio(r.firstCall.p50 / c.firstCall.p50) : '']);
    }
    coldTable = table(['cold start (spawn to first tools/list; then to the first read answered)', 'runs', 'list p50 ms',
      'list max ms', 'ref/ours list p50', 'read p50 ms', 'read max ms', 'ref/ours read p50'], coldRows);
    const best = cold.filter((c) => c.id !== 'reference').reduce((a, b) => (b.p50 < a.p50 ? b : a));
    targets.push({ what: `cold start, JVM mode (best: ${best.label}): no slower than the reference`, met: best.p50 <= r.p50,
      value: `${fmtMs(best.p50)} vs ${fmtMs(r.p50)} ms (its first read answered at ${fmtMs(best.firstCall.p50)} vs ${fmtMs(r.firstCall.p50)} ms)` });
  }

  const rssRows = servers.map((s) => [s.label, fmtNum(rss[s.id], 1), s.kind === 'reference' ? '' : fmtRatio(rss[ref.id] / rss[s.id])]);
  const rssTable = table(['peak RSS (VmHWM at the end of the run)', 'MiB', 'ref/ours'], rssRows);
  for (const s of ours) {
    targets.push({ what: `peak RSS, ${s.label}: no higher than the reference`, met: rss[s.id] <= rss[ref.id],
      value: `${fmtNum(rss[s.id], 1)} vs ${fmtNum(rss[ref.id], 1)} MiB` });
  }
  // A ratio target above its ceiling cannot be met by any server through this client on this machine: said so, as
  // the run's own verdict, so that a miss of the server is not read where the client alone is too slow.
  const targetTable = table(['target', 'met', 'measured', 'client floor allows'], targets.map((t) => [t.what,
    t.met ? 'yes' : t.ceiling !== undefined && t.ceiling < t.need ? 'NO (beyond the floor)' : 'NO', t.value,
    t.ceiling !== undefined ? fmtRatio(t.ceiling) : '']));

  const lines = [
    `Machine: ${info.cpus} CPUs (${info.cpuModel}), ${info.memoryGiB} GiB RAM`,
    `Java: ${info.java}`,
    ...(info.jdk25 ? [`Extra JDK: ${info.jdk25}`] : []),
    `Node.js: ${info.node}; client: ${info.sdk}; reference: ${info.reference}`,
    `Settings: ${cfg.rounds} rounds x ${cfg.calls} calls per step (after ${cfg.warmup} warm-up calls), ` +
      `${cfg.clients} clients for ${cfg.loadSeconds} s, ${cfg.coldStarts} cold starts; sidecar read cap ${cfg.maxBytes} bytes` +
      `; sidecar JVM options: ${cfg.jvmArgs ? `the argument file ${basename(cfg.jvmArgs)} (${jvmArgsText(cfg.jvmArgs)})` : 'the JVM defaults'}` +
      `${cfg.jvmOpts.length ? ` plus ${cfg.jvmOpts.join(' ')}` : ''}`,
    `Lines per read of the 200,000-line file: reference ${ref.steps.hugeLinesShown}, Tool FS ${ours[0]?.steps.hugeLinesShown ?? '-'}`,
    '',
    perCall,
    ...(floor ? ['A "client floor" row replays the answer from a process that answers instantly: the client, pipe (or ' +
      'loopback HTTP) and JSON cost alone. Its ratio is the most any server could reach with that answer and transport.'] : []),
    '',
    loadTable,
    '',
    coldTable,
    ...(cold ? cold.filter((c) => c.flags).map((c) => `  ${c.label}: ${c.flags}`) : []),
    '',
    rssTable,
    '',
    targetTable,
  ];
  return { text: lines.join('\n'), stats, targets };
}

// ---- main

async function main() {
  const info = machine();
  log(`workspaces in ${base}`);
  const servers = [];
  let result;
  try {
    for (const s of SERVERS) {
      log(`starting ${s.label}`);
      servers.push(await startServer(s));
    }
    const samples = await perCallSteps(servers);
    const load = cfg.loadSeconds > 0 && cfg.clients > 0 ? await loadStep(servers) : null;
    // Peak RSS of each server process over its whole run, read before it exits.
    const rss = Object.fromEntries(servers.map((s) => [s.id, peakRssMiB(s.pid)]));
    const started = [...servers];
    for (const s of servers.splice(0)) {
      await s.close();
    }
    log('client floor: replaying recorded answers from a stand-in server');
    const floor = cfg.rounds * cfg.calls > 0 ? await clientFloor(started) : null;
    const cold = cfg.coldStarts > 0 ? await coldStart() : null;
    result = report(info, samples, load, rss, cold, started, floor);
    process.stdout.write(`${result.text}\n`);
    if (opt.json) {
      writeFileSync(opt.json, JSON.stringify({ machine: info, settings: { ...cfg }, samples, floor, load, rss, cold, targets: result.targets }, null, 1));
    }
  } catch (e) {
    // What the servers logged is usually what explains a failed check or a lost answer.
    for (const s of servers) {
      log(`--- ${s.label} (pid ${s.pid}), last lines of its log ---\n${s.log.text.split('\n').slice(-40).join('\n')}`);
    }
    throw e;
  } finally {
    for (const s of servers) {
      await s.close().catch(() => {});
    }
    if (!opt.keep) {
      rmSync(base, { recursive: true, force: true });
    }
  }
}

main().catch((e) => {
  log(`bench failed: ${e.stack ?? e}`);
  process.exit(1);
});
