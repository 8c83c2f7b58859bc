import http from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/*
 * The OpenID Connect stand-in for Google in the browser tests: a real provider (oauth2-mock-server:
 * discovery, authorize with PKCE, token endpoint, signed ID tokens) on E2E_PORT + 2000. Playwright's
 * global setup (the default export) starts it; the e2e site points GOOGLE_ISSUER at it. Its
 * authorize endpoint signs in at once (no consent page), as the person chosen by the last
 * `setGoogleIdentity` call.
 */

export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const oidcPort = e2ePort + 2000;
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
export const GOOGLE_CLIENT_ID = 'oasis-e2e-client';
export const GOOGLE_CLIENT_SECRET = 'oasis-e2e-secret';

export interface GoogleIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

const IDENTITY_PATH = '/__e2e/identity';

export default async function startOidcStandIn() {
  const issuer = new OAuth2Issuer();
  issuer.url = oidcIssuer;
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);
  let identity: GoogleIdentity = {
    sub: 'e2e-google-default',
    email: 'google.default@e2e.test',
    email_verified: true,
    name: 'Google Default',
  };
  service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, identity);
  });
  const provider = service.requestHandler;
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && request.url === IDENTITY_PATH) {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        try {
          identity = JSON.parse(body) as GoogleIdentity;
          response.writeHead(204).end();
        } catch {
          response.writeHead(400).end();
        }
      });
      return;
    }
    provider(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(oidcPort, '127.0.0.1', () => resolve());
  });
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

/** Who the stand-in signs in as on the next authorization (workers: 1, so tests do not race). */
export async function setGoogleIdentity(request: APIRequestContext, identity: GoogleIdentity) {
  const response = await request.post(`${oidcIssuer}${IDENTITY_PATH}`, { data: identity });
  if (response.status() !== 204) throw new Error(`The OIDC stand-in refused the identity (${response.status()})`);
}
