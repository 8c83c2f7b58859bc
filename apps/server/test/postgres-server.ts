import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

/** PostgreSQL's programs (initdb, postgres): Debian's folder for the newest installed version. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(dir, 'postgres'))) return dir;
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('PostgreSQL is not installed here (no /usr/lib/postgresql/*/bin, no pg_config)');
  }
}

export interface PostgresServer {
  url: string;
  /** SIGSTOP to the server and every process of it: connections stay open, nothing answers. */
  freeze(): void;
  thaw(): void;
  /** A fast shutdown (SIGINT); resolves once the server has exited. */
  stop(): Promise<void>;
  /** Stops it if it runs and removes its folder. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL server of the test's own, in a folder under the system's temporary one, on a port
 * nothing uses (or `port`): a test that freezes or stops its database must not do that to the
 * server other tests share. As root (CI) it runs as the `postgres` user, which PostgreSQL requires.
 */
export async function startPostgres(options: { port?: number } = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const port = options.port ?? (await freePort());
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-pg-'));
  const data = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const as = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
  if (asRoot) fs.chmodSync(root, 0o777);
  const [initdb, initArgs] = as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const [program, args] = as('postgres', [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    root,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
  ]);
  let log = '';
  const child: ChildProcess = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const deadline = Date.now() + 30_000;
  while (!log.includes('ready to accept connections')) {
    if (!running || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  // The server's own processes (checkpointer, one per connection…) each lead a process group of
  // their own, so they are found by their parent.
  const processes = () => [
    postmaster,
    ...fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number),
  ];
  const signal = (name: NodeJS.Signals) => {
    for (const pid of processes()) {
      try {
        process.kill(pid, name);
      } catch {
        // Gone in the meantime.
      }
    }
  };
  // A test run cut short (a timeout, Ctrl-C) leaves no server behind, frozen or not.
  const kill = () => {
    try {
      for (const pid of processes()) process.kill(pid, 'SIGKILL');
      if (child.pid) process.kill(child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', kill);
  // runuser stops itself when its child is stopped (as su does) and waits for a SIGCONT of its own.
  const thaw = () => {
    signal('SIGCONT');
    if (child.pid && running) process.kill(child.pid, 'SIGCONT');
  };
  const stop = async () => {
    if (!running) return;
    thaw();
    process.kill(postmaster, 'SIGINT');
    await exited;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    freeze: () => signal('SIGSTOP'),
    thaw,
    stop,
    async close() {
      await stop();
      process.off('exit', kill);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
