import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { type StripeFake, startStripeFake, stripeEnv } from '../../../test/fakes/stripe.ts';
import { startZiinaFake, ziinaEnv, type ZiinaFake } from '../../../test/fakes/ziina.ts';
import { createTestApp, createTestDatabase, type TestContext } from '../../../test/helpers.ts';
import { signIn } from '../../../test/uploads.ts';
import type { Database } from '../../db/client.ts';
import { settleMail } from '../mail/outbox.ts';

/** The apps of one test file, filled in its beforeAll. */
export interface ProviderApps {
  database: Database;
  ziinaFake: ZiinaFake;
  stripeFake: StripeFake;
  ziina: TestContext;
  stripe: TestContext;
  /** Only when asked for: an app on the sandbox provider. */
  sandbox: TestContext;
}

/**
 * Apps with the real Ziina and Stripe adapters talking HTTP to local stand-ins (and, with
 * `sandbox`, one on the sandbox provider), all on one database: one migration for the file. Built
 * in beforeAll, closed with their data folders in afterAll.
 */
export function setUpProviderApps(options: { sandbox?: boolean } = {}): ProviderApps {
  const apps = {} as ProviderApps;
  beforeAll(async () => {
    apps.database = await createTestDatabase();
    [apps.ziinaFake, apps.stripeFake] = await Promise.all([startZiinaFake(), startStripeFake()]);
    if (options.sandbox) apps.sandbox = await createTestApp({ database: apps.database });
    apps.ziina = await createTestApp({ database: apps.database, env: ziinaEnv(apps.ziinaFake) });
    apps.stripe = await createTestApp({ database: apps.database, env: stripeEnv(apps.stripeFake) });
  });
  afterAll(async () => {
    await settleMail();
    for (const t of [apps.sandbox, apps.ziina, apps.stripe]) {
      if (!t) continue;
      await t.app.close();
      fs.rmSync(t.deps.config.dataDir, { recursive: true, force: true });
    }
    await apps.database.close();
    await Promise.all([apps.ziinaFake.close(), apps.stripeFake.close()]);
  });
  return apps;
}

/** A new user of `t`'s database signed in as `role`, with the header that carries the session. */
export async function signedIn(t: TestContext, role: 'learner' | 'admin') {
  const { user, headers } = await signIn(t.deps.db, role);
  return { user, auth: headers };
}

/** A provider's webhook delivery (its signed headers and raw body), posted to the app as the provider would. */
export function webhook(t: TestContext, delivery: { body: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: delivery.headers,
    payload: delivery.body,
  });
}
