// The sidecar's CPU per call over stdio: what a server-side change saves, without the bench client's own cost and
// noise in the way. A bare JSON-RPC client (no SDK: it only writes a request line and waits for the answer line)
// runs each step in one sidecar process: warm-up calls, then timed calls, reading the process's CPU time (user and
// system, from /proc, so Linux only) before and after them. Every answer is checked for success.
//
// With --against, a second build runs the same calls beside the first, in alternating rounds, so that what the
// machine does meanwhile (other processes, a CPU's speed) weighs on both alike: the way to see a change of a few
// percent.
//
//   node cpu.mjs [--jar PATH] [--against PATH] [--rounds N] [--java PATH] [--jvm-args FILE|none] [--calls N]
//                [--warmup N] [--steps LIST]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { EDIT_A, EDIT_B, prepare, writeContent } from './lib/workspace.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

const { values: opt } = parseArgs({
  options: {
    jar: { type: 'string', default: process.env.TOOLFS_JAR || join(root, 'sidecar/target/quarkus-app/quarkus-run.jar') },
    against: { type: 'string' },
    rounds: { type: 'string', default: '20' },
    java: { type: 'string', default: 'java' },
    'jvm-args': { type: 'string', default: join(root, 'sidecar/jvm.args') },
    calls: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '1' },
    steps: { type: 'string', default: 'small,huge,write,edit' },
    help: { type: 'boolean', default: false },
  },
});
if (opt.help) {
  console.log(`node cpu.mjs [options]: the sidecar's CPU per call over stdio, step by step
  --jar PATH           the sidecar jar (default: TOOLFS_JAR, else sidecar/target/quarkus-app/quarkus-run.jar)
  --against PATH       a second sidecar jar (the build before a change): both run each step side by side, in
                       alternating rounds of calls, and the table gives each one's CPU and their ratio
  --rounds N           with --against, how many rounds each sidecar's warm-up and timed calls are split into, an
                       even number so that each build goes first as often (default 20)
  --java PATH          the JVM (default: java)
  --jvm-args FILE|none the JVM argument file (default: sidecar/jvm.args, the documented options without a class
                       archive, so that any jar can be measured)
  --calls F            a factor on the timed calls per step (default 1: 20,000 small reads, 2,000 large reads,
                       4,000 writes, 4,000 edits)
  --warmup F           a factor on the warm-up calls per step (default 1: 5,000, 500, 1,000, 1,000)
  --steps LIST         which steps, of small,huge,write,edit`);
  process.exit(0);
}
if (!existsSync('/proc/self/stat')) {
  throw new Error('cpu.mjs reads the process CPU time from /proc: Linux only');
}
// Absolute: each sidecar starts in its own workspace folder.
const jars = [opt.jar, ...(opt.against === undefined ? [] : [opt.against])].map((j) => resolve(j));
for (const jar of jars) {
  if (!existsSync(jar)) {
    throw new Error(`no sidecar jar at ${jar}: build it (mvn -pl sidecar -am package -DskipTests) or pass --jar`);
  }
}
const rounds = opt.against === undefined ? 1 : Number(opt.rounds);
if (!(Number.isInteger(rounds) && rounds > 0 && (rounds === 1 || rounds % 2 === 0))) {
  throw new Error(`--rounds must be an even whole number above 0 (each build goes first in half of them), not ${opt.rounds}`);
}

/** The user and the system CPU time of a process, in milliseconds. */
function cpuMillis(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux for every architecture the JDK runs on
  return { user: (Number(fields[11]) * 1000) / ticksPerSecond, system: (Number(fields[12]) * 1000) / ticksPerSecond };
}

/** A sidecar over stdio and a bare JSON-RPC client of it: one request at a time. */
class Sidecar {
  constructor(jar, workspace, extraOpts) {
    const jvm = opt['jvm-args'] === 'none' ? [] : [`@${resolve(opt['jvm-args'])}`];
    this.proc = spawn(opt.java, [...jvm, ...extraOpts, '-jar', jar, '--stdio'],
      { cwd: workspace, stdio: ['pipe', 'pipe', 'pipe'] });
    // Its log is shown only if something fails.
    this.log = '';
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (chunk) => {
      this.log = (this.log + chunk).slice(-16384);
    });
    // A sidecar that dies closes its input: the exit below reports it, with its log.
    this.proc.stdin.on('error', () => {});
    this.proc.on('exit', (code) => {
      if (this.waiting) {
        this.waiting({ id: -1, error: { message: `the sidecar exited (${code}):\n${this.log}` } });
      }
    });
    this.buffer = '';
    this.waiting = null;
    this.nextId = 1;
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk) => {
      this.buffer += chunk;
      for (let nl; (nl = this.buffer.indexOf('\n')) >= 0;) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        const message = JSON.parse(line);
        if (message.id !== undefined && this.waiting) {
          const w = this.waiting;
          this.waiting = null;
          w(message);
        }
      }
    });
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolveAnswer, reject) => {
      this.waiting = (message) => (message.id === id ? resolveAnswer(message)
        : reject(new Error(message.error ? message.error.message : `answer to ${message.id}, not ${id}`)));
      this.proc.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  async start() {
    await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {},
      clientInfo: { name: 'tool-fs-cpu', version: '1.0.0' } });
    this.proc.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }

  async call(name, args) {
    const answer = await this.request('tools/call', { name, arguments: args });
    if (answer.error || answer.result.isError) {
      throw new Error(`${name} failed: ${JSON.stringify(answer.error || answer.result.content)}`);
    }
    return answer.result;
  }

  stop() {
    this.proc.stdin.end();
    return new Promise((done) => this.proc.on('exit', done));
  }
}

const factor = (s) => {
  const f = Number(s);
  if (!(f > 0)) {
    throw new Error(`not a positive factor: ${s}`);
  }
  return f;
};
const callsFactor = factor(opt.calls);
const warmupFactor = factor(opt.warmup);

/** Each step: its timed and warm-up calls at factor 1, the sidecar's extra options, and the call to make. */
const STEPS = {
  small: { label: 'read 100-line file', calls: 20000, warmup: 5000, opts: [],
    call: (s) => s.call('read', { file_path: 'small.txt' }) },
  huge: { label: 'read first 2000 lines of 200,000-line file', calls: 2000, warmup: 500,
    // The bench's cap, so that the window holds all 2000 lines.
    opts: ['-Dquarkus.tool-fs.read.max-bytes=262144'],
    call: (s) => s.call('read', { file_path: 'huge.txt', limit: 2000 }) },
  write: { label: 'write new 10 KB file', calls: 4000, warmup: 1000, opts: [],
    call: (s, i) => s.call('write', { file_path: `out/w${i}.txt`, content: writeContent(i) }) },
  edit: { label: 'edit 1,000-line file', calls: 4000, warmup: 1000, opts: [],
    call: (s, i) => s.call('edit', { file_path: 'edit.txt', old_string: i % 2 === 0 ? EDIT_A : EDIT_B,
      new_string: i % 2 === 0 ? EDIT_B : EDIT_A }) },
};

const rows = [];
for (const key of opt.steps.split(',')) {
  const step = STEPS[key];
  if (!step) {
    throw new Error(`unknown step ${key}: one of ${Object.keys(STEPS).join(', ')}`);
  }
  const workspaces = jars.map(() => mkdtempSync(join(tmpdir(), 'tool-fs-cpu-')));
  const sidecars = [];
  try {
    for (let k = 0; k < jars.length; k++) {
      prepare(workspaces[k]);
      const sidecar = new Sidecar(jars[k], workspaces[k], step.opts);
      sidecars.push(sidecar);
      await sidecar.start();
      if (key === 'edit') {
        await sidecar.call('read', { file_path: 'edit.txt' }); // read before edit
      }
    }
    // Even counts in every round, so that the edit's two strings alternate from the same state.
    const warmupPerRound = 2 * Math.ceil((step.warmup * warmupFactor) / 2 / rounds);
    const perRound = 2 * Math.ceil((step.calls * callsFactor) / 2 / rounds);
    const calls = perRound * rounds;
    const next = sidecars.map(() => 0);
    // Neither goes first more often than the other: the order of each round is turned around in the next (A B, B A,
    // A B…), the warm-up's rounds too, so that a compiler still busy with one's code, or the machine getting busier,
    // weighs on both alike. The warm-up's calls are split into as many rounds as the timed ones.
    const forward = sidecars.map((_, k) => k);
    const backward = [...forward].reverse();
    const order = (r) => (r % 2 === 0 ? forward : backward);
    for (let r = 0; r < rounds; r++) {
      for (const k of order(r)) {
        for (const end = next[k] + warmupPerRound; next[k] < end; next[k]++) {
          await step.call(sidecars[k], next[k]);
        }
      }
    }
    // Each sidecar's CPU over all rounds, its idle time while the other works included (an idle JVM uses next to
    // none, and the two idle alike); the wall time is its own rounds'.
    const cpuBefore = sidecars.map((s) => cpuMillis(s.proc.pid));
    const wall = sidecars.map(() => 0);
    for (let r = 0; r < rounds; r++) {
      for (const k of order(r)) {
        const started = process.hrtime.bigint();
        for (const end = next[k] + perRound; next[k] < end; next[k]++) {
          await step.call(sidecars[k], next[k]);
        }
        wall[k] += Number(process.hrtime.bigint() - started) / 1e6;
      }
    }
    const cpuAfter = sidecars.map((s) => cpuMillis(s.proc.pid));
    for (let k = 0; k < sidecars.length; k++) {
      await sidecars[k].stop();
      rows.push({ label: step.label, jar: k, calls, user: (cpuAfter[k].user - cpuBefore[k].user) / calls,
        system: (cpuAfter[k].system - cpuBefore[k].system) / calls, wall: wall[k] / calls });
    }
    process.stderr.write(`${step.label}: done\n`);
  } finally {
    // Also when a call failed: no sidecar is left running.
    await Promise.all(sidecars.filter((s) => s.proc.exitCode === null && s.proc.signalCode === null).map((s) => s.stop()));
    for (const w of workspaces) {
      rmSync(w, { recursive: true, force: true });
    }
  }
}

console.log(`JVM options: ${opt['jvm-args'] === 'none' ? 'the JVM defaults' : `@${opt['jvm-args']}`}`);
jars.forEach((jar, k) => console.log(`${'AB'[k]}: ${jar}`));
// User time is the sidecar's own code (and the JVM's); system time is the kernel working for it (pipes, file system,
// fsyncs, waking threads), which moves more from run to run on a shared disk.
const withRatio = jars.length > 1;
console.log(`| step |${withRatio ? ' jar |' : ''} timed calls | CPU ms per call | user | system | wall ms per call |${withRatio ? ' CPU B/A |' : ''}`);
console.log(`|---|${withRatio ? '---|' : ''}---:|---:|---:|---:|---:|${withRatio ? '---:|' : ''}`);
for (const r of rows) {
  const cpu = r.user + r.system;
  let ratio = '';
  if (withRatio) {
    const a = rows.find((o) => o.label === r.label && o.jar === 0);
    ratio = r.jar === 0 ? ' |' : ` ${(cpu / (a.user + a.system)).toFixed(3)} |`;
  }
  console.log(`| ${r.label} |${withRatio ? ` ${'AB'[r.jar]} |` : ''} ${r.calls} | ${cpu.toFixed(3)} | ${r.user.toFixed(3)} | ${r.system.toFixed(3)} | ${r.wall.toFixed(3)} |${ratio}`);
}
