// Starts and stops the packaged sidecar for the tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const jar = process.env.TOOLFS_JAR;
if (!jar) {
  throw new Error('set TOOLFS_JAR to the sidecar quarkus-run.jar');
}

/** The JVM options the sidecar is documented to run with (an argument file), when given. */
export const jvm = process.env.TOOLFS_JVM_ARGS ? [`@${process.env.TOOLFS_JVM_ARGS}`] : [];

/** The java that made the build's class archive (the one Maven runs on), else the one on the PATH. */
export const java = process.env.TOOLFS_JAVA || 'java';

const workspaces = [];
// The workspaces go when the test file's process ends (each file runs in its own), after its sidecars have stopped.
process.on('exit', () => {
  for (const dir of workspaces) {
    rmSync(dir, { recursive: true, force: true });
  }
});

export function tempWorkspace() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolfs-node-')));
  workspaces.push(dir);
  return dir;
}

/** Starts the HTTP sidecar on a free port serving `workspace`; resolves to { url, stop, log } (log: its output so far). */
export function startHttp(workspace, extraArgs = []) {
  const child = spawn(java, [...jvm, '-Dquarkus.http.port=0', `-Dquarkus.tool-fs.workspace.roots=${workspace}`, ...extraArgs, '-jar', jar],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error('sidecar did not start:\n' + log)), 60000);
    const onData = (chunk) => {
      log += chunk;
      const m = /Listening on: (http:\/\/[^\s]+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          log: () => log,
          stop: () => new Promise((done) => { child.once('exit', done); child.kill('SIGTERM'); }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`sidecar exited with ${code}:\n${log}`)); });
  });
}
