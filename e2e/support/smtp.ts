import fs from 'node:fs';
import path from 'node:path';
import { type ReceivedMail, startSmtpStandIn } from '../../apps/server/test/smtp-stand-in.ts';

/*
 * The SMTP stand-in of the browser tests. Playwright's global setup (the default export) starts a
 * real SMTP server on E2E_PORT + 1000; the e2e site sends to it through SMTP_URL. Every message
 * it receives is written to tmp/e2e-mail-{E2E_PORT}/NNN.json, which tests read with waitForMail.
 */

export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const smtpPort = e2ePort + 1000;
export const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
export const mailDir = path.resolve(import.meta.dirname, `../../tmp/e2e-mail-${e2ePort}`);
/** Where the site sends owner notifications in the e2e run (CONTACT_EMAIL). */
export const OWNER_EMAIL = 'owner@e2e.test';

export type StoredMail = Omit<ReceivedMail, 'raw'> & { file: string };

export default async function startMailCatcher() {
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
  let seq = 0;
  const server = await startSmtpStandIn({
    port: smtpPort,
    onMail(mail) {
      seq += 1;
      const { raw: _raw, ...stored } = mail;
      const file = path.join(mailDir, `${String(seq).padStart(3, '0')}.json`);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(stored, null, 2));
      fs.renameSync(`${file}.tmp`, file);
    },
  });
  return async () => {
    await server.close();
  };
}

/** Every message received so far, oldest first. */
export function readMail(): StoredMail[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({
      ...(JSON.parse(fs.readFileSync(path.join(mailDir, name), 'utf8')) as Omit<StoredMail, 'file'>),
      file: name,
    }));
}

export interface MailQuery {
  /** A recipient address (case-insensitive). */
  to?: string;
  subjectIncludes?: string;
  /** Text the plain-text body must contain. */
  textIncludes?: string;
}

function matches(mail: StoredMail, query: MailQuery): boolean {
  if (query.to && !mail.to.some((address) => address.toLowerCase() === query.to!.toLowerCase())) return false;
  if (query.subjectIncludes && !mail.subject.includes(query.subjectIncludes)) return false;
  if (query.textIncludes && !mail.text.includes(query.textIncludes)) return false;
  return true;
}

export function findMail(query: MailQuery): StoredMail[] {
  return readMail().filter((mail) => matches(mail, query));
}

/** The first received message that matches; waits for it up to `timeout` ms. Use unique addresses per test. */
export async function waitForMail(query: MailQuery, { timeout = 15_000 } = {}): Promise<StoredMail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const [found] = findMail(query);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = readMail().map((m) => `${m.to.join(',')}: ${m.subject}`);
      throw new Error(
        `No e-mail matching ${JSON.stringify(query)} within ${timeout} ms. Received:\n${seen.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
