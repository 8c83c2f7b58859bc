import readline from 'node:readline';
import { type DataDirLock, lockDataDir } from '../src/db/data-dir-lock.ts';

/**
 * A starter for the data-folder lock's race test (src/db/data-dir-lock.test.ts), run as a process
 * of its own. Each line on stdin is a command: `take <dir> <at>` waits until the clock reads `at`
 * (milliseconds), so that every starter tries at the same moment, then takes the lock and answers
 * `held` or `refused`; `release` lets go of a lock it holds and answers `released`.
 */
let lock: DataDirLock | null = null;
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const [command, dir = '', at = '0'] = line.split(' ');
  if (command === 'release') {
    lock?.release();
    lock = null;
    process.stdout.write('released\n');
    return;
  }
  while (Date.now() < Number(at)) {
    // Spins rather than sleeps: a timer would wake each starter at a slightly different moment.
  }
  try {
    lock = await lockDataDir(dir);
    process.stdout.write('held\n');
  } catch (error) {
    process.stdout.write(`${(error as Error).name === 'DataDirInUseError' ? 'refused' : `failed ${String(error)}`}\n`);
  }
});
process.stdout.write('ready\n');
