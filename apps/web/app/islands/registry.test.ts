import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISLANDS } from './registry';

describe('the islands registry', () => {
  it("names, for each part, the module its loader imports (the server preloads the part's chunks by that name)", () => {
    const text = readFileSync(new URL('./registry.ts', import.meta.url), 'utf8');
    for (const [name, island] of Object.entries(ISLANDS)) {
      const entry = text.match(
        new RegExp(`\\n  ${name}: \\{\\n    source: '([^']+)',\\n    load: \\(\\) => import\\('~/([^']+)'\\)`),
      );
      expect(entry, name).not.toBeNull();
      expect(island.source, name).toBe(`app/${entry?.[2]}.tsx`);
      expect(entry?.[1], name).toBe(island.source);
    }
  });

  it('loads each part as a component', async () => {
    for (const [name, island] of Object.entries(ISLANDS)) {
      expect(typeof (await island.load()), name).toBe('function');
    }
  });
});
