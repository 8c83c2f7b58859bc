import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './index.ts';

export function createLocalDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(tmp));
        await fsp.rename(tmp, file);
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        throw error;
      }
      const stat = await fsp.stat(file);
      return { size: stat.size };
    },
    async get(key, range) {
      const file = resolve(key);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      if (range) {
        const end = Math.min(range.end ?? stat.size - 1, stat.size - 1);
        return {
          stream: fs.createReadStream(file, { start: range.start, end }),
          size: stat.size,
          range: { start: range.start, end },
        };
      }
      return { stream: fs.createReadStream(file), size: stat.size };
    },
    async size(key) {
      const stat = await fsp.stat(resolve(key)).catch(() => null);
      return stat?.isFile() ? stat.size : null;
    },
    async remove(key) {
      await fsp.rm(resolve(key), { recursive: true, force: true });
    },
  };
}
