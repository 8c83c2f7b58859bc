import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultRenderThreads, loadConfig, S3_REQUIRED, TRUST_PROXY_TRUE_MESSAGE } from './config.ts';

/** What a public site must set besides SITE_URL. */
const PUBLIC_SAFE = { PAYMENT_PROVIDER: 'sandbox', MEDIA_SIGNING_SECRET: randomBytes(32).toString('base64') };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.payments.provider).toBe('sandbox');
    expect(config.google).toBeNull();
    expect(config.mail.smtpUrl).toBeUndefined();
    // This machine only, until the owner says who else may reach it.
    expect(config.host).toBe('127.0.0.1');
  });

  it('lists every bad value together', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PAYMENT_PROVIDER: 'paypal' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems.some((p) => p.startsWith('PORT'))).toBe(true);
      expect(problems.some((p) => p.startsWith('DATABASE_URL'))).toBe(true);
      expect(problems.some((p) => p.startsWith('PAYMENT_PROVIDER'))).toBe(true);
    }
  });

  it('asks for the keys a chosen provider needs', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'ziina' })).toThrow(/ZIINA_API_KEY/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it('treats empty values as unset and trims the site URL', () => {
    const config = loadConfig({ PORT: '', SITE_URL: 'https://oasis.example/', HOST: '127.0.0.1', ...PUBLIC_SAFE });
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe('https://oasis.example');
  });

  it('signs video links with MEDIA_SIGNING_SECRET, or a random key per start', () => {
    const secret = randomBytes(32).toString('hex');
    expect(loadConfig({ MEDIA_SIGNING_SECRET: secret }).mediaSigningSecret).toBe(secret);
    expect(() => loadConfig({ MEDIA_SIGNING_SECRET: 'short' })).toThrow(/MEDIA_SIGNING_SECRET/);
    const a = loadConfig({}).mediaSigningSecret;
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({}).mediaSigningSecret).not.toBe(a);
  });

  it('refuses a media-signing secret without real randomness, saying how to make one', () => {
    for (const weak of [
      ' '.repeat(32),
      'x'.repeat(64),
      'ab'.repeat(20),
      '0123'.repeat(10),
      'password'.repeat(4),
      '0123456789abcdef'.repeat(2),
    ]) {
      const [problem, ...more] = problemsOf({ MEDIA_SIGNING_SECRET: weak });
      expect(problem, JSON.stringify(weak)).toMatch(/^MEDIA_SIGNING_SECRET: is too predictable/);
      expect(problem).toContain('openssl rand -base64 32');
      expect(more).toEqual([]);
    }
    expect(problemsOf({ MEDIA_SIGNING_SECRET: 'short' })[0]).toContain('openssl rand -base64 32');
    // What the recipes make passes every time (128 bits as 32 hex characters the least of them).
    for (let i = 0; i < 300; i++) {
      for (const secret of [
        randomBytes(32).toString('base64'),
        randomBytes(32).toString('hex'),
        randomBytes(16).toString('hex'),
      ])
        expect(problemsOf({ MEDIA_SIGNING_SECRET: secret }), secret).toEqual([]);
    }
  });
});

describe('RENDERS_PER_IP_PER_MINUTE', () => {
  it('gives each address 300 renders a minute by default; 0 turns the budget off', () => {
    expect(loadConfig({}).rendersPerIpPerMinute).toBe(300);
    expect(loadConfig({ RENDERS_PER_IP_PER_MINUTE: '0' }).rendersPerIpPerMinute).toBe(0);
    expect(loadConfig({ RENDERS_PER_IP_PER_MINUTE: '1200' }).rendersPerIpPerMinute).toBe(1200);
    for (const value of ['-1', 'many', '1.5'])
      expect(problemsOf({ RENDERS_PER_IP_PER_MINUTE: value })[0], value).toMatch(/^RENDERS_PER_IP_PER_MINUTE: /);
  });
});

describe('HOST beyond this machine', () => {
  it('refuses to serve the demo to the network unless asked, naming what to set', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'oasis.lan']) {
      const [problem, ...more] = problemsOf({ HOST: host });
      expect(problem, host).toMatch(new RegExp(`^HOST=${host.replace(/\./g, '\\.')} listens beyond this machine`));
      expect(problem).toContain('Set SITE_URL');
      expect(problem).toContain('DEMO=true');
      expect(more).toEqual([]);
    }
    // A loopback SITE_URL does not make it local: the port is still open to the network.
    expect(problemsOf({ HOST: '0.0.0.0', SITE_URL: 'http://localhost:3000' })[0]).toMatch(/^HOST=0\.0\.0\.0 /);
    expect(problemsOf({ HOST: '0.0.0.0', DEMO: 'false' })[0]).toMatch(/^HOST=0\.0\.0\.0 /);
  });

  it('serves a demo to the network with DEMO=true, and a public site with its SITE_URL', () => {
    const demo = loadConfig({ HOST: '0.0.0.0', DEMO: 'true' });
    expect(demo.host).toBe('0.0.0.0');
    expect(demo.seedDemo).toBe(true);
    expect(demo.siteUrl).toBe('http://localhost:3000');
    const published = loadConfig({ HOST: '0.0.0.0', SITE_URL: 'https://oasis.example', ...PUBLIC_SAFE });
    expect(published.publicSite).toBe(true);
    expect(published.seedDemo).toBe(false);
  });

  it('needs nothing more on this machine alone', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]'])
      expect(problemsOf({ HOST: host }), host).toEqual([]);
    expect(loadConfig({ HOST: '::1', PORT: '3001' }).siteUrl).toBe('http://[::1]:3001');
  });
});

describe('RENDER_THREADS', () => {
  it('defaults to one per core, at most four, and one fewer on PostgreSQL (at least one)', () => {
    expect([1, 2, 3, 4, 8].map((cores) => defaultRenderThreads(cores, false))).toEqual([1, 2, 3, 4, 4]);
    expect([1, 2, 3, 4, 8].map((cores) => defaultRenderThreads(cores, true))).toEqual([1, 1, 2, 3, 4]);
  });

  it('takes the number given, 0 (pages rendered on the main thread) included', () => {
    const postgres = { DATABASE_URL: 'postgres://localhost/oasis' };
    expect(loadConfig({ RENDER_THREADS: '0' }).renderThreads).toBe(0);
    expect(loadConfig({ ...postgres, RENDER_THREADS: '3' }).renderThreads).toBe(3);
    expect(loadConfig(postgres).renderThreads).toBeLessThanOrEqual(loadConfig({}).renderThreads);
    expect(problemsOf({ RENDER_THREADS: 'many' }).some((p) => p.startsWith('RENDER_THREADS'))).toBe(true);
  });
});

describe('S3-compatible storage (S3_ variables)', () => {
  const S3 = {
    S3_BUCKET: 'oasis-media',
    S3_REGION: 'auto',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret-value-that-must-not-show-0123',
  };

  it('keeps media on local disk when none is set', () => {
    const config = loadConfig({ DATA_DIR: '/srv/oasis' });
    expect(config.storage).toEqual({ kind: 'local', dir: '/srv/oasis/media' });
    expect(loadConfig({ S3_BUCKET: '', S3_REGION: '' }).storage.kind).toBe('local');
  });

  it('takes a bucket with its endpoint, path style and folder', () => {
    const { storage } = loadConfig({
      ...S3,
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'sites/oasis',
    });
    expect(storage).toMatchObject({
      kind: 's3',
      bucket: 'oasis-media',
      region: 'auto',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      forcePathStyle: true,
      prefix: 'sites/oasis/',
      accessKeyId: 'AKIAEXAMPLE',
    });
    expect(storage.kind === 's3' && storage.secretAccessKey.reveal()).toBe(S3.S3_SECRET_ACCESS_KEY);
    // AWS itself: no endpoint, virtual-hosted style, no folder.
    expect(loadConfig(S3).storage).toMatchObject({ endpoint: undefined, forcePathStyle: false, prefix: '' });
  });

  it('never shows the secret key when the configuration is printed or logged', () => {
    const config = loadConfig(S3);
    expect(JSON.stringify(config)).not.toContain(S3.S3_SECRET_ACCESS_KEY);
    expect(inspect(config, { depth: 10 })).not.toContain(S3.S3_SECRET_ACCESS_KEY);
    expect(`${config.storage.kind === 's3' && config.storage.secretAccessKey}`).toBe('[redacted]');
  });

  it('refuses half a configuration, listing every variable that is missing', () => {
    const problems = problemsOf({ S3_BUCKET: 'oasis-media', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    expect(problems[0]).toBe(
      `S3_REGION: required because S3_BUCKET, S3_ENDPOINT are set (S3-compatible storage needs ${S3_REQUIRED.join(', ')}; set none of the S3_ variables to keep media on local disk)`,
    );
    // A secret alone is half a configuration too, and the message does not repeat it.
    const secretOnly = problemsOf({ S3_SECRET_ACCESS_KEY: 'lonely-secret-value' });
    expect(secretOnly.map((p) => p.split(':')[0])).toEqual(['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID']);
    expect(secretOnly.join('\n')).not.toContain('lonely-secret-value');
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'true' })).toThrow(
      /S3_BUCKET: required because S3_FORCE_PATH_STYLE is set/,
    );
  });

  it('refuses values that are not what they should be, together with what is missing', () => {
    const problems = problemsOf({
      S3_BUCKET: 's3://oasis-media/media',
      S3_ENDPOINT: 'minio:9000/path',
      S3_PREFIX: '../up',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_PREFIX',
      'S3_REGION',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(problemsOf({ ...S3, S3_ENDPOINT: 'https://store.example/bucket' })).toEqual([
      expect.stringMatching(/^S3_ENDPOINT: must be the address of the S3 API alone/),
    ]);
    expect(problemsOf({ ...S3, S3_ENDPOINT: 'http://user:pw@127.0.0.1:9000' })[0]).toMatch(/^S3_ENDPOINT/);
    expect(problemsOf({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([]);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, false or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes the number of proxies in front of the site', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it("takes the proxies' addresses and ranges", () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses a count of proxies past a few, which trusts what clients write', () => {
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toBe(3);
    for (const value of ['4', '999']) {
      const [problem, ...more] = problemsOf({ TRUST_PROXY: value });
      expect(problem, value).toMatch(new RegExp(`^TRUST_PROXY: ${value} proxies is more than a site has .*at most 3`));
      expect(more).toEqual([]);
    }
  });

  it('refuses ranges that reach far into public addresses, one message each', () => {
    const problems = problemsOf({ TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1,::/1,8000::/1' });
    expect(problems.map((p) => p.split(': ')[1])).toEqual(['0.0.0.0/1', '128.0.0.0/1', '::/1', '8000::/1']);
    expect(problems[0]).toContain('wider than /12 (IPv4)');
    expect(problems[2]).toContain('covers every IPv4 address');
    expect(problems[3]).toContain('wider than /24 (IPv6)');
    // IPv4 written as IPv6 is judged as IPv4; a private range is fine however wide.
    expect(problemsOf({ TRUST_PROXY: '::ffff:0:0/96' })[0]).toContain('wider than /12 (IPv4)');
    expect(problemsOf({ TRUST_PROXY: '::/80' })[0]).toContain('covers every IPv4 address');
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/7' })[0]).toContain('wider than /12');
  });

  it('refuses a zero prefix at start-up instead of failing later', () => {
    expect(problemsOf({ TRUST_PROXY: '0.0.0.0/0,::/0' })).toEqual([
      'TRUST_PROXY: 0.0.0.0/0: the prefix must be 1 to 32',
      'TRUST_PROXY: ::/0: the prefix must be 1 to 128',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'fe80::1%eth0' })[0]).toMatch(/^TRUST_PROXY: /);
  });

  it("takes a CDN's published ranges and private networks", () => {
    const ranges =
      '173.245.48.0/20,104.16.0.0/13,2a06:98c0::/29,2606:4700::/32,10.0.0.0/8,fc00::/7,::ffff:10.0.0.0/104';
    expect(loadConfig({ TRUST_PROXY: ranges }).trustProxy).toEqual(ranges.split(','));
  });

  it('refuses true, saying what to write instead', () => {
    for (const value of ['true', 'TRUE', 'yes'])
      expect(problemsOf({ TRUST_PROXY: value })).toEqual([`TRUST_PROXY: ${TRUST_PROXY_TRUE_MESSAGE}`]);
    expect(TRUST_PROXY_TRUE_MESSAGE).toContain('TRUST_PROXY=1');
    expect(TRUST_PROXY_TRUE_MESSAGE).toContain('TRUST_PROXY=127.0.0.1,10.0.0.0/8');
  });

  it('refuses what is neither a count nor addresses, naming the bad entries', () => {
    for (const value of ['proxy', '10.0.0.0/33', '10.0.0.1,nginx', '1.5', '-1', '10.0.0.0/8/8']) {
      const [problem, ...more] = problemsOf({ TRUST_PROXY: value });
      expect(problem, value).toMatch(/^TRUST_PROXY: not a number of proxies nor a list of IP addresses/);
      expect(more).toEqual([]);
    }
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1,nginx' })[0]).toContain('(nginx)');
  });
});

describe('a public site (SITE_URL not on this machine)', () => {
  it('keeps the zero-setup demo on this machine: sandbox, demo content, no secret needed', () => {
    for (const env of [
      {},
      { SITE_URL: 'http://localhost:3000' },
      { SITE_URL: 'http://127.0.0.1:8080' },
      { SITE_URL: 'http://127.1.2.3' },
      { SITE_URL: 'http://[::1]:3000' },
      { SITE_URL: 'http://oasis.localhost' },
    ]) {
      const config = loadConfig(env);
      expect(config.payments.provider, JSON.stringify(env)).toBe('sandbox');
      expect(config.seedDemo, JSON.stringify(env)).toBe(true);
      expect(config.publicSite, JSON.stringify(env)).toBe(false);
    }
    const published = loadConfig({
      SITE_URL: 'https://oasis.example',
      PAYMENT_PROVIDER: 'sandbox',
      MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'),
    });
    expect(published.publicSite).toBe(true);
    expect(published.seedDemo).toBe(false);
  });

  it('lists every unsafe setting in one message', () => {
    try {
      loadConfig({ SITE_URL: 'http://oasis.example' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems, message } = error as ConfigError;
      expect(problems).toHaveLength(3);
      expect(problems[0]).toMatch(
        /^PAYMENT_PROVIDER: required because SITE_URL=http:\/\/oasis.example is a public address/,
      );
      expect(problems[0]).toContain('PAYMENT_PROVIDER=sandbox');
      expect(problems[1]).toMatch(/^MEDIA_SIGNING_SECRET: required because/);
      expect(problems[2]).toMatch(/^SITE_URL: must start with https:\/\//);
      expect(message.split('\n')).toHaveLength(4);
    }
    // Together with values that are wrong anywhere.
    const all = problemsOf({ SITE_URL: 'http://oasis.example', TRUST_PROXY: 'true', PORT: 'eighty' });
    expect(all.map((p) => p.split(':')[0])).toEqual([
      'PORT',
      'TRUST_PROXY',
      'PAYMENT_PROVIDER',
      'MEDIA_SIGNING_SECRET',
      'SITE_URL',
    ]);
  });

  it('refuses the sandbox by default but allows it when chosen', () => {
    const secret = { MEDIA_SIGNING_SECRET: PUBLIC_SAFE.MEDIA_SIGNING_SECRET };
    expect(problemsOf({ SITE_URL: 'https://oasis.example', ...secret })).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER: /),
    ]);
    expect(
      loadConfig({ SITE_URL: 'https://oasis.example', PAYMENT_PROVIDER: 'sandbox', ...secret }).payments.provider,
    ).toBe('sandbox');
    const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec', ...secret };
    expect(loadConfig({ SITE_URL: 'https://oasis.example', ...stripe }).payments.provider).toBe('stripe');
  });

  it('asks for a media-signing secret', () => {
    expect(problemsOf({ SITE_URL: 'https://oasis.example', PAYMENT_PROVIDER: 'sandbox' })).toEqual([
      expect.stringMatching(/^MEDIA_SIGNING_SECRET: required because .*survive restarts/),
    ]);
  });

  it('asks for https', () => {
    expect(problemsOf({ SITE_URL: 'http://203.0.113.7:3000', ...PUBLIC_SAFE })).toEqual([
      expect.stringMatching(/^SITE_URL: must start with https:\/\//),
    ]);
  });

  it('seeds demo content only when asked for', () => {
    expect(loadConfig({ SITE_URL: 'https://oasis.example', ...PUBLIC_SAFE }).seedDemo).toBe(false);
    expect(loadConfig({ SITE_URL: 'https://oasis.example', SEED_DEMO: 'true', ...PUBLIC_SAFE }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});
