import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the stand-in received it, decoded enough for a test to read. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  replyTo: string;
  /** The Message-ID header, as sent. */
  messageId: string;
  /** Every top-level header by its lower-cased name (the first of a name), unfolded. */
  headers: Record<string, string>;
  text: string;
  html: string;
  /** The calendar invitation (`text/calendar`, decoded), or '' when the message has none. */
  calendar: string;
  raw: string;
}

export interface SmtpStandIn {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /**
   * How long the server waits, after it has received a whole message, before it answers it (the
   * reply to the final dot); 0 answers at once. Settable while running, so a test can make a
   * server slow for some attempts only. The message counts as received either way.
   */
  replyDelayMs: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on localhost (the `smtp-server` package) that accepts every message without
 * authentication or TLS, decodes it and keeps it. Used by the API tests and the browser tests'
 * global setup. `port: 0` picks a free port.
 */
export async function startSmtpStandIn(
  options: { port?: number; host?: string; replyDelayMs?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<SmtpStandIn> {
  const host = options.host ?? '127.0.0.1';
  const messages: ReceivedMail[] = [];
  const pendingReplies = new Set<NodeJS.Timeout>();
  let standIn: SmtpStandIn | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks), to);
        messages.push(mail);
        options.onMail?.(mail);
        const delay = standIn?.replyDelayMs ?? 0;
        if (delay <= 0) return callback();
        const timer = setTimeout(() => {
          pendingReplies.delete(timer);
          callback();
        }, delay);
        pendingReplies.add(timer);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  standIn = {
    port,
    url: `smtp://${host}:${port}`,
    messages,
    replyDelayMs: options.replyDelayMs ?? 0,
    close: () => {
      for (const timer of pendingReplies) clearTimeout(timer);
      pendingReplies.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}

/** A small MIME reader: headers (with encoded words), multipart bodies, quoted-printable and base64. */
export function parseMail(raw: Buffer, envelopeTo: string[] = []): ReceivedMail {
  const source = raw.toString('latin1');
  const root = parsePart(source);
  const texts: Record<string, string> = {};
  collectBodies(root, texts);
  const header = (name: string) => decodeWords(root.headers[name] ?? '');
  return {
    to: envelopeTo,
    from: header('from'),
    subject: header('subject'),
    replyTo: header('reply-to'),
    messageId: header('message-id'),
    headers: root.headers,
    text: texts['text/plain'] ?? '',
    html: texts['text/html'] ?? '',
    calendar: texts['text/calendar'] ?? '',
    raw: Buffer.from(source, 'latin1').toString('utf8'),
  };
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function parsePart(source: string): Part {
  const split = source.search(/\r?\n\r?\n/);
  const head = split === -1 ? source : source.slice(0, split);
  const body = split === -1 ? '' : source.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectBodies(part: Part, out: Record<string, string>) {
  const contentType = part.headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(parsePart(section.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  if (type === 'text/plain' || type === 'text/html' || type === 'text/calendar') {
    out[type] ??= decodeBody(part.body, part.headers['content-transfer-encoding'] ?? '7bit').replace(/\r\n/g, '\n');
  }
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.trim().toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return Buffer.from(body, 'latin1').toString('utf8');
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`); whitespace between two encoded words is dropped. */
function decodeWords(value: string): string {
  const decoded = value.replace(/\?=\s+=\?/g, '?==?');
  return Buffer.from(decoded, 'latin1')
    .toString('utf8')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) => {
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}
