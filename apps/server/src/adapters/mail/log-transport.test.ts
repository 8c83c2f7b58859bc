import { describe, expect, it } from 'vitest';
import { createLogTransport } from './log-transport.ts';

function capture() {
  const lines: { data: unknown; text: string }[] = [];
  return { lines, log: { info: (data: unknown, text: string) => lines.push({ data, text }) } as never };
}

const reset = {
  from: 'Oasis <no-reply@localhost>',
  to: 'layla@example.com',
  subject: 'Reset your password',
  text: 'Open https://oasis.example/reset-password/secret-token-123 to choose a new password.',
};

describe('the log mail transport', () => {
  it('prints the text on this machine, so a developer can follow the link', async () => {
    const { lines, log } = capture();
    await createLogTransport(log, { printText: true }).send(reset);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.text).toContain('secret-token-123');
  });

  it('never prints the text on a public site: only that a message waits in the outbox', async () => {
    const { lines, log } = capture();
    await createLogTransport(log, { printText: false }).send(reset);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('secret-token-123');
    expect(lines[0]?.text).toContain('outbox');
  });
});
