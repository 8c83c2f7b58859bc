import type { Configuration } from 'openid-client';

// openid-client (and jose beneath it) is loaded with the first sign-in through the provider, not at
// every start of the server.
const loadClient = () => import('openid-client');

/** What an OpenID Connect provider tells us about the person who signed in. */
export interface OidcIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** The per-attempt secrets kept by the browser (in a short-lived cookie) between start and callback. */
export interface OidcChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface OidcProvider {
  /** The provider's authorization URL for this attempt, and the checks to keep for the callback. */
  start(redirectUri: string): Promise<{ url: string; checks: OidcChecks }>;
  /** Exchanges the code (PKCE, state and nonce checked) and returns the verified identity. */
  finish(callbackUrl: URL, checks: OidcChecks): Promise<OidcIdentity>;
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
}

/**
 * Authorization-code flow with PKCE, state and nonce through openid-client. The issuer's metadata
 * is discovered on first use and kept; a failed discovery is retried on the next attempt.
 */
export function createOidcProvider(options: OidcClientOptions): OidcProvider {
  const scope = options.scope ?? 'openid email profile';
  let configuration: Promise<Configuration> | null = null;

  const getConfiguration = () => {
    if (!configuration) {
      const issuer = new URL(options.issuer);
      // Plain http only for a local stand-in (tests, development); real providers are https.
      const insecure = issuer.protocol === 'http:';
      configuration = loadClient()
        .then((client) =>
          client.discovery(
            issuer,
            options.clientId,
            options.clientSecret,
            undefined,
            insecure ? { execute: [client.allowInsecureRequests] } : undefined,
          ),
        )
        .catch((error: unknown) => {
          configuration = null;
          throw error;
        });
    }
    return configuration;
  };

  return {
    async start(redirectUri) {
      const config = await getConfiguration();
      const client = await loadClient();
      const checks: OidcChecks = {
        state: client.randomState(),
        codeVerifier: client.randomPKCECodeVerifier(),
        nonce: client.randomNonce(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
        prompt: 'select_account',
      });
      return { url: url.href, checks };
    },

    async finish(callbackUrl, checks) {
      const config = await getConfiguration();
      const client = await loadClient();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider returned no ID token');
      let email = typeof claims.email === 'string' ? claims.email : null;
      let emailVerified = claims.email_verified === true || claims.email_verified === 'true';
      let name = typeof claims.name === 'string' ? claims.name : null;
      if (!email) {
        // Some providers keep the e-mail out of the ID token; the userinfo endpoint has it.
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : null;
        emailVerified = info.email_verified === true;
        name ??= typeof info.name === 'string' ? info.name : null;
      }
      return { sub: claims.sub, email, emailVerified, name };
    },
  };
}
