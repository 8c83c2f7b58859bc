// The compiled server for `npm run bench:scale`, started as `npm start` would run it in production
// (NODE_ENV=production, its flags and environment from scripts/server-process.mjs; request logs
// below the warn level), but directly: its own process id is the one whose memory the CSV export
// row reports.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../../scripts/server-process.mjs';

export async function startServer({ root, port, env }) {
  const started = performance.now();
  // SCALE_NODE_ARGS: flags for the server's Node (`--cpu-prof --cpu-prof-dir=/tmp/p` to profile it).
  const nodeArgs = (process.env.SCALE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, ...nodeArgs, path.join(root, 'apps/server/dist/server.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        ...SERVER_ENV,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // The bench measures page misses per second from this one address: no per-address render budget.
        RENDERS_PER_IP_PER_MINUTE: '0',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
      // The admin notice of the first start and the sandbox warning are not the bench's business.
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it answered`);
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 10 minutes');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid,
    startMs: performance.now() - started,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux builds this runs on). */
const TICKS_PER_SECOND = 100;

function parentsByPid() {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  return parents;
}

/**
 * The PostgreSQL backends below postmaster `pid` that serve clients of database `database`; not
 * autovacuum and the other workers, whose CPU is not a request's.
 */
export function clientBackends(pid, database) {
  const client = new RegExp(`^postgres: \\S+ ${database} [\\d.]+\\(\\d+\\)`);
  const backends = [];
  for (const [child, parent] of parentsByPid()) {
    if (parent !== pid) continue;
    try {
      if (client.test(fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').replace(/\0/g, ' '))) backends.push(child);
    } catch {}
  }
  return backends;
}

/** CPU seconds (user and system) used so far by each process of `pids`. */
export function cpuSample(pids) {
  const sample = new Map();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime: fields 14 and 15 of proc(5), counted here from the state (field 3).
      sample.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {}
  }
  return sample;
}

/** CPU seconds used between two samples by the processes in both (a backend may come or go). */
export function cpuBetween(before, after) {
  let seconds = 0;
  for (const [pid, value] of after) if (before.has(pid)) seconds += value - before.get(pid);
  return seconds;
}
