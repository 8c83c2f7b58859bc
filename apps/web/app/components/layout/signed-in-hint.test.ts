import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSlot, isSignedInPath, readSignedInHint, writeSignedInHint } from './signed-in-hint';

const anonymous = { isAuthenticated: false, user: null, loading: false, token: null };

describe('accountSlot', () => {
  it('shows the menu once the user is known', () => {
    expect(accountSlot({ isAuthenticated: true, user: { name: 'Sara' }, loading: false, token: 't' }, '/')).toBe(
      'menu',
    );
  });

  it('waits (no Login button) while a stored token is checked, on any page', () => {
    expect(accountSlot({ ...anonymous, loading: true, token: 't' }, '/courses')).toBe('pending');
  });

  it("waits on signed-in pages while the browser has not read the session yet (the server's render)", () => {
    expect(accountSlot({ ...anonymous, loading: true }, '/enrolledCourse')).toBe('pending');
    expect(accountSlot({ ...anonymous, loading: true }, '/ar/watch/abc')).toBe('pending');
  });

  it('offers Login to visitors on public and guest pages', () => {
    expect(accountSlot({ ...anonymous, loading: true }, '/')).toBe('login');
    expect(accountSlot({ ...anonymous, loading: true }, '/login')).toBe('login');
    expect(accountSlot(anonymous, '/enrolledCourse')).toBe('login');
  });
});

describe('isSignedInPath', () => {
  it('knows the learner pages in both languages, not the public ones', () => {
    for (const path of ['/checkout/dubai-basics', '/ar/profile']) expect(isSignedInPath(path), path).toBe(true);
    for (const path of ['/courses', '/cancellation-policy']) expect(isSignedInPath(path), path).toBe(false);
  });
});

describe('the signed-in hint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is kept in local storage and cleared with an empty name', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
    });
    writeSignedInHint(' Sara ');
    expect(readSignedInHint()).toBe('Sara');
    writeSignedInHint(null);
    expect(readSignedInHint()).toBeNull();
  });

  it('reads nothing where there is no browser', () => {
    expect(readSignedInHint()).toBeNull();
  });
});
