// A page renderer on a thread of its own (docs/decisions/018-render-threads.md), started by
// render-pool.ts: it loads React Router and the web app's server build and renders the pages the
// main thread hands it. Plain JavaScript, so that it runs as it is from the sources (the tests) and
// beside the compiled server, with nothing to compile.
//
// The public content comes from the main thread's read model: each read is asked of it once and
// kept until what it answers from changes (the read's version, which each render carries), so a
// page rendered here is the page the main thread would render. Messages, in order on the worker's port:
//   main → here   { type: 'render', id, url, headers, context, versions }
//   here → main   { type: 'rendered', id, status, headers, cookies, body } | { type: 'failed', id, message }
//   here → main   { type: 'site', id, method, args }   main → here   { type: 'site', id, value } | { …, error }
//   here → main   { type: 'ready' } once the pages' code is in
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ serverEntry: string; siteMethods: string[] }} */
const { serverEntry, siteMethods } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

const [{ createRequestHandler }, build] = await Promise.all([
  import('react-router'),
  import(pathToFileURL(serverEntry).href),
]);
const handle = createRequestHandler(build, 'production');

/**
 * Answers kept at most per read: a read's arguments can be anything a visitor asked for (a course's
 * or a post's address), and a flood of new ones must not fill the heap until the next write, nor
 * crowd out the other reads.
 */
const MAX_KEPT_ANSWERS = 200;

/**
 * Each read's version as of the render last received (`PublicSiteData.versions`; null when the
 * main thread's data keeps nothing, and nor does this), and the answers kept for it by read.
 * @type {Record<string, number> | null}
 */
let versions = null;
/** @type {Map<string, { version: number; answers: Map<string, Promise<unknown>> }>} */
const kept = new Map();
/** @type {Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>} */
const asked = new Map();
let lastId = 0;

/** `method(...args)` of the main thread's read model, asked once per version of that read. */
function read(method, args) {
  const version = versions?.[method];
  let answers = null;
  if (version !== undefined) {
    let entry = kept.get(method);
    if (entry?.version !== version) {
      entry = { version, answers: new Map() };
      kept.set(method, entry);
    }
    answers = entry.answers;
  }
  const key = JSON.stringify(args);
  let value = answers?.get(key);
  if (!value) {
    const keptIn = answers;
    value = new Promise((resolve, reject) => {
      lastId += 1;
      asked.set(lastId, { resolve, reject });
      port.postMessage({ type: 'site', id: lastId, method, args });
    }).then(deepFreeze);
    // A failed read is asked again by the next render.
    value.catch(() => {
      if (keptIn?.get(key) === value) keptIn.delete(key);
    });
    if (keptIn && keptIn.size < MAX_KEPT_ANSWERS) keptIn.set(key, value);
  }
  // Lists are the caller's to sort or splice, as the read model's are.
  return value.then((result) => (Array.isArray(result) ? result.slice() : result));
}

/** The load context's `site` (PublicSiteData), reading through `read`. */
const site = Object.fromEntries(siteMethods.map((method) => [method, (...args) => read(method, args)]));

function deepFreeze(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

async function render({ id, url, headers, context, versions: readVersions }) {
  versions = readVersions;
  try {
    const response = await handle(new Request(url, { method: 'GET', headers }), { ...context, site });
    /** @type {[string, string][]} */
    const answerHeaders = [];
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') answerHeaders.push([key, value]);
    });
    const body = response.body ? await response.arrayBuffer() : null;
    port.postMessage(
      {
        type: 'rendered',
        id,
        status: response.status,
        headers: answerHeaders,
        cookies: response.headers.getSetCookie(),
        body,
      },
      body ? [body] : [],
    );
  } catch (error) {
    port.postMessage({
      type: 'failed',
      id,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}

port.on('message', (message) => {
  if (message.type === 'render') {
    void render(message);
  } else if (message.type === 'site') {
    const waiting = asked.get(message.id);
    asked.delete(message.id);
    if (!waiting) return;
    if (message.error === undefined) waiting.resolve(message.value);
    else waiting.reject(new Error(message.error));
  }
});
port.postMessage({ type: 'ready' });
