import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config.ts';

export const REDACTED = '[redacted]';

/** Keys whose values are secrets or say who someone is, wherever they sit in a log object. */
const SECRET_KEYS = ['password', 'passwordHash', 'token', 'secret', 'authorization', 'cookie', 'email', 'phone'];
/** Who a message was for: outbox and mail lines name the recipient. */
const RECIPIENT_KEYS = ['to', 'replyTo'];
/**
 * `name` and `message` are personal only inside the data we handle (a lead, a form, a user); an
 * error's own `message` must stay readable, so these are redacted under those holders only.
 */
const PERSONAL_TEXT_KEYS = ['name', 'message'];
const DATA_HOLDERS = ['body', 'input', 'lead', 'user', 'data', 'details', 'fields', 'values', 'form', 'query'];

function redactPaths(): string[] {
  const paths = [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
  ];
  for (const key of SECRET_KEYS) paths.push(key, `*.${key}`, `*.*.${key}`);
  for (const key of RECIPIENT_KEYS) paths.push(key, `*.${key}`);
  for (const key of PERSONAL_TEXT_KEYS) {
    paths.push(key);
    for (const holder of DATA_HOLDERS) paths.push(`${holder}.${key}`, `*.${holder}.${key}`);
  }
  return paths;
}

/** Path segments that are themselves one-time secrets (a reset or verification link's token). */
const SECRET_SEGMENT = /(\/(?:reset-password|verify-email)\/)[^/?]+/gi;

/**
 * The URL as it may be logged: no query string (sign-in tokens, signed-link signatures and search
 * words travel there) and no token segments. A query is shown as `?…`, so its presence still shows.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_SEGMENT, '$1…');
  return queryAt === -1 ? path : `${path}?…`;
}

/** Error fields that carry the values of a failed query (PGlite, pg and Drizzle put them there). */
const QUERY_VALUE_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery']);
const MAX_CAUSES = 5;

/**
 * A copy of the error without the values of the query that failed: Drizzle's `DrizzleQueryError`
 * repeats them in its message ("Failed query: … params: …") and the driver's error under it keeps
 * them in `params` and `detail` ("Key (email)=(…) already exists"). The SQL text, the error's code,
 * its constraint and the messages of its causes stay: they are what explains the failure.
 */
function withoutQueryValues(error: Error, depth = 0): Error {
  const copy = Object.create(Object.getPrototypeOf(error)) as Error & Record<string, unknown>;
  const hasValues = 'params' in error || 'parameters' in error;
  const paramsAt = hasValues ? error.message.indexOf('\nparams: ') : -1;
  const message = paramsAt === -1 ? error.message : `${error.message.slice(0, paramsAt)}\nparams: ${REDACTED}`;
  for (const [key, value] of Object.entries(error)) {
    if (!QUERY_VALUE_FIELDS.has(key)) copy[key] = value;
  }
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  if (error.stack)
    Object.defineProperty(copy, 'stack', {
      value: error.stack.replace(error.message, message),
      enumerable: false,
      writable: true,
    });
  if (error.cause instanceof Error && depth < MAX_CAUSES) {
    copy.cause = withoutQueryValues(error.cause, depth + 1);
    // The log shows a cause's message but not its fields: bring up the database's error code.
    const causeCode = (error.cause as { code?: unknown }).code;
    if (copy.code === undefined && typeof causeCode === 'string') copy.code = causeCode;
  }
  return copy;
}

export const logSerializers = {
  req(request: FastifyRequest) {
    // Fastify passes its request; anything else logged under `req` is left to the redaction paths.
    if (typeof request?.url !== 'string') return request;
    return { method: request.method, url: loggableUrl(request.url), remoteAddress: request.ip };
  },
  res(reply: FastifyReply) {
    return { statusCode: reply.statusCode };
  },
  err(error: unknown) {
    return pino.stdSerializers.err(error instanceof Error ? withoutQueryValues(error) : (error as Error));
  },
};

/**
 * The server's logger. Whatever a log line holds, secrets and personal data come out as
 * `[redacted]`: tokens, passwords and their hashes, authorization and cookie headers, e-mail
 * addresses, phone numbers, and the names and messages in leads and forms. Request lines carry the
 * path only, and errors of failed queries lose their parameters. `destination` is for tests, which
 * read what was written.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'env'>>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: redactPaths(), censor: REDACTED },
    serializers: logSerializers as LoggerOptions['serializers'],
  };
  if (destination) return pino(options, destination);
  // pino-pretty is a development tool: a production install leaves it out.
  if (config.env === 'development' && process.stdout.isTTY)
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } });
  return pino(options);
}

/**
 * One line per request, written once it is answered: method, the loggable path, status and
 * duration, all made here from the request and never copied from what a visitor sent. So the line
 * skips the redaction pass every other line goes through, which costs more than answering a cached
 * page. A request that failed is logged in full (redacted) as before.
 */
export class AccessLogController extends LogController {
  readonly #lines: FastifyBaseLogger;
  constructor(logger: FastifyBaseLogger) {
    super({});
    this.#lines = logger.child({}, { redact: { paths: [] } });
  }
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    this.line({
      reqId: request.id,
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    });
  }
  /** False when request lines are below the log level: callers can skip building them. */
  get enabled(): boolean {
    return (this.#lines as Logger).isLevelEnabled('info');
  }
  /** The request's line. */
  line(fields: { reqId?: string; method: string; url: string; statusCode: number; ms: number }) {
    this.#lines.info({ ...fields, url: loggableUrl(fields.url) }, 'request');
  }
  /**
   * False unless the level is debug: the cached pages answered before Fastify
   * (lib/page-fast-lane.ts) are counted in /metrics, and their lines are written at debug only. At
   * info a line each cost a cached page a fifth of its throughput (docs/benchmarks.md).
   */
  get hitsEnabled(): boolean {
    return (this.#lines as Logger).isLevelEnabled('debug');
  }
  /** A cached page's line (debug), marked `cache: 'hit'`. */
  hit(fields: { method: string; url: string; statusCode: number; ms: number }) {
    this.#lines.debug({ ...fields, url: loggableUrl(fields.url), cache: 'hit' }, 'request');
  }
}
