// Load generation for `npm run bench`: wrk when installed (its Lua script makes each tracked link
// and each search unique), else autocannon with the same request shapes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const hasWrk = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;

/**
 * What each request asks for:
 * - `fixed`: the same path every time;
 * - `tracked`: the home page with tracking parameters, a different `fbclid` each time;
 * - `search`: a catalogue search for a different made-up word each time, so every one renders.
 */
export function trackedPath(token) {
  return `/?utm_source=x&utm_medium=y&fbclid=${token}`;
}
export function searchPath(word) {
  return `/courses?q=${word}`;
}

const LUA = `
local mode = "%MODE%"
local letters = "abcdefghijklmnopqrstuvwxyz"
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
function init(args)
  math.randomseed(os.time() * 1000 + (tid or 0))
end
local function word(n)
  local t = {}
  for i = 1, n do
    local c = math.random(1, 26)
    t[i] = letters:sub(c, c)
  end
  return table.concat(t)
end
if mode ~= "fixed" then
  request = function()
    if mode == "tracked" then
      return wrk.format(nil, "/?utm_source=x&utm_medium=y&fbclid=" .. word(16))
    end
    return wrk.format(nil, "/courses?q=" .. word(math.random(6, 9)))
  end
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH {"requests":%d,"durationUs":%d,"bytes":%d,"errors":%d,"non2xx":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;

function randomWord(min, max) {
  const length = min + Math.floor(Math.random() * (max - min + 1));
  let word = '';
  for (let i = 0; i < length; i++) word += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return word;
}

/**
 * Runs load against `origin` + `path` (`mode` as above) and returns
 * `{ rate, p50, p99, requests, errors, non2xx }` (rate in requests/s, latencies in ms).
 */
export async function runLoad({ origin, path: urlPath = '/', mode = 'fixed', connections, seconds }) {
  return hasWrk
    ? runWrk({ origin, urlPath, mode, connections, seconds })
    : runAutocannon({ origin, urlPath, mode, connections, seconds });
}

async function runWrk({ origin, urlPath, mode, connections, seconds }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-wrk-'));
  const script = path.join(dir, 'bench.lua');
  fs.writeFileSync(script, LUA.replace('%MODE%', mode));
  const threads = Math.min(2, connections);
  const args = [
    '-t',
    String(threads),
    '-c',
    String(connections),
    '-d',
    `${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
    `${origin}${urlPath}`,
  ];
  try {
    const output = await new Promise((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        out += chunk;
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out}`))));
    });
    const line = output.split('\n').find((l) => l.startsWith('BENCH '));
    if (!line) throw new Error(`wrk printed no summary: ${output}`);
    const r = JSON.parse(line.slice('BENCH '.length));
    return {
      rate: r.requests / (r.durationUs / 1e6),
      p50: r.p50Us / 1000,
      p99: r.p99Us / 1000,
      requests: r.requests,
      errors: r.errors,
      non2xx: r.non2xx,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runAutocannon({ origin, urlPath, mode, connections, seconds }) {
  const makePath =
    mode === 'tracked'
      ? () => trackedPath(randomWord(16, 16))
      : mode === 'search'
        ? () => searchPath(randomWord(6, 9))
        : null;
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${origin}${urlPath}`,
        connections,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        ...(makePath ? { requests: [{ setupRequest: (request) => ({ ...request, path: makePath() }) }] } : {}),
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
  });
  return {
    rate: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
