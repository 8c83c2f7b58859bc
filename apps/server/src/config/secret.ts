// A configured secret that never prints itself.

import { inspect } from 'node:util';

/**
 * A secret that stays out of logs, JSON and `util.inspect` (`console.log(config)` shows
 * `[redacted]`); `reveal()` hands it to the one client that needs it.
 */
/** How to make a secret, for the messages that ask for one. */
export const SECRET_RECIPE = 'e.g. from: openssl rand -base64 32';

export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return '[redacted]';
  }
}
