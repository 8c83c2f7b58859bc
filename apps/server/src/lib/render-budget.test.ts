import { describe, expect, it } from 'vitest';
import { RenderBudget } from './render-budget.ts';

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('render budget', () => {
  it("lets a minute's worth through at once, then one as each refills, saying how long to wait", () => {
    const time = clock();
    const budget = new RenderBudget(60, { now: time.now });
    for (let i = 0; i < 60; i++) expect(budget.take('203.0.113.1'), `render ${i}`).toBe(0);
    expect(budget.take('203.0.113.1')).toBe(1);
    time.advance(500);
    expect(budget.take('203.0.113.1')).toBe(1);
    time.advance(500);
    expect(budget.take('203.0.113.1')).toBe(0);
    expect(budget.take('203.0.113.1')).toBe(1);
    // A quiet minute fills it again, never past a minute's worth.
    time.advance(10 * 60_000);
    for (let i = 0; i < 60; i++) expect(budget.take('203.0.113.1')).toBe(0);
    expect(budget.take('203.0.113.1')).toBeGreaterThan(0);
  });

  it('waits are whole seconds from the refill rate', () => {
    const time = clock();
    const budget = new RenderBudget(6, { now: time.now });
    for (let i = 0; i < 6; i++) budget.take('198.51.100.2');
    expect(budget.take('198.51.100.2')).toBe(10);
    time.advance(4_000);
    expect(budget.take('198.51.100.2')).toBe(6);
  });

  it('keeps each address apart, an IPv6 /64 as one, IPv4 written as IPv6 as itself', () => {
    const time = clock();
    const budget = new RenderBudget(2, { now: time.now });
    expect(budget.take('2001:db8:1:2::1')).toBe(0);
    expect(budget.take('2001:db8:1:2:ffff:1:2:3')).toBe(0);
    expect(budget.take('2001:0db8:0001:0002::9')).toBeGreaterThan(0);
    expect(budget.take('2001:db8:1:3::1')).toBe(0);
    expect(budget.take('192.0.2.7')).toBe(0);
    expect(budget.take('::ffff:192.0.2.7')).toBe(0);
    expect(budget.take('192.0.2.7')).toBeGreaterThan(0);
    expect(budget.take('192.0.2.8')).toBe(0);
  });

  it('remembers a bounded number of addresses, forgetting the one seen longest ago', () => {
    const time = clock();
    const budget = new RenderBudget(1, { now: time.now, maxClients: 3 });
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect(budget.take(address)).toBe(0);
    // 10.0.0.1 is seen again (and refused): now 10.0.0.2 is the oldest.
    expect(budget.take('10.0.0.1')).toBeGreaterThan(0);
    expect(budget.take('10.0.0.4')).toBe(0);
    expect(budget.size).toBe(3);
    expect(budget.take('10.0.0.1')).toBeGreaterThan(0);
    expect(budget.take('10.0.0.3')).toBeGreaterThan(0);
    // Forgotten, so it starts again full.
    expect(budget.take('10.0.0.2')).toBe(0);
    for (let i = 0; i < 50_000; i++) budget.take(`10.1.${i >> 8}.${i & 255}`);
    expect(budget.size).toBe(3);
  });
});
