// Starting and watching the site for `npm run bench`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../../scripts/server-process.mjs';

/**
 * A memory control group limited to `bytes` (cgroup v2, else v1's memory controller), as a server
 * with that much memory would be: Node sizes its heap from the limit it finds there. Null when this
 * machine does not let us make one (not root, no memory controller).
 */
export function memoryLimitGroup(bytes) {
  const name = `oasis-bench-${process.pid}`;
  // Each hierarchy is told by a file only the kernel's cgroup file system has at its root.
  const tries = [
    { dir: path.join('/sys/fs/cgroup', name), limit: 'memory.max', root: 'cgroup.controllers' },
    { dir: path.join('/sys/fs/cgroup/memory', name), limit: 'memory.limit_in_bytes', root: 'memory.limit_in_bytes' },
  ];
  for (const { dir, limit, root } of tries) {
    try {
      if (!fs.existsSync(path.join(path.dirname(dir), root))) continue;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, limit), String(bytes));
      return {
        procs: path.join(dir, 'cgroup.procs'),
        // A control group is removed empty, with rmdir (its files are the kernel's).
        remove: () => fs.rmdirSync(dir),
      };
    } catch {}
  }
  return null;
}

/**
 * `command` (program and arguments) as a program and arguments that start it inside `group` (from
 * memoryLimitGroup), from its first instruction: Node sizes its heap from the limit it finds when it
 * starts. Without a group, `command` as it is.
 */
export function commandInGroup(group, command) {
  return group
    ? ['/bin/sh', ['-c', `echo $$ > '${group.procs}' && exec "$0" "$@"`, ...command]]
    : [command[0], command.slice(1)];
}

/**
 * How the deploy recipe runs the server (deploy/oasis@.service: its ExecStart and Environment):
 * the compiled server under plain `node` with production's flags, without `npm start`'s launcher
 * (its build check and the second Node process it starts).
 */
const RECIPE = { args: [...SERVER_NODE_ARGS, 'apps/server/dist/server.js'], env: SERVER_ENV };

/**
 * Starts the site the way `npm start` does (so the bench follows however that runs the server), or
 * with `recipe` the way the deploy recipe does, and resolves once /api/health answers, with the
 * milliseconds that took. With `group` (from memoryLimitGroup) the site runs inside that memory
 * limit.
 */
export async function startSite({ root, port, env, group, recipe = false }) {
  const started = performance.now();
  const [program, args] = commandInGroup(group, [
    process.execPath,
    ...(recipe ? RECIPE.args : [path.join(root, 'scripts/start.mjs')]),
  ]);
  const child = spawn(program, args, {
    cwd: root,
    env: {
      ...process.env,
      ...(recipe ? RECIPE.env : {}),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The bench measures page misses per second from this one address: no per-address render budget.
      RENDERS_PER_IP_PER_MINUTE: '0',
      NODE_ENV: 'production',
    },
    // Request logs are written as in production, to nowhere.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, 180_000, child);
  return {
    child,
    startMs: performance.now() - started,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForHealth(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** `pid` and every process below it. */
function processTree(pid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {}
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

function rssBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The resident memory of the server: the largest process under the one `npm start` runs (the
 * launcher itself, when it only waits on a child, is not the server). 0 where /proc is missing.
 */
export function serverRss(pid) {
  if (!fs.existsSync('/proc/self/status')) return 0;
  return Math.max(0, ...processTree(pid).map(rssBytes));
}

/** Samples `serverRss` every half second until `stop()`, which returns the highest seen. */
export function watchRss(pid) {
  let peak = serverRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, serverRss(pid));
  }, 500);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, serverRss(pid));
    },
  };
}
