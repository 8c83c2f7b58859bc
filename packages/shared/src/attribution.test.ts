import { describe, expect, it } from 'vitest';
import { type Channel, channelOf, nextTouches, type Touch, touchesSchema, touchOfVisit } from './attribution.ts';
import { whatsappNumberField } from './whatsapp.ts';

/** GA4's default channel groups, one or more cases per rule, in GA4's order. */
const CASES: [source: string, medium: string, campaign: string, channel: Channel][] = [
  ['(direct)', '(none)', '', 'Direct'],
  ['(direct)', '(not set)', '', 'Direct'],
  ['google', 'cpc', 'spring cross-network', 'Cross-network'],
  ['google', 'cpc', '', 'Paid Search'],
  ['bing', 'ppc', '', 'Paid Search'],
  ['duckduckgo', 'paid-search', '', 'Paid Search'],
  ['facebook', 'cpc', '', 'Paid Social'],
  ['instagram', 'paid_social', '', 'Paid Social'],
  ['l.instagram.com', 'retargeting', '', 'Paid Social'],
  ['tiktok', 'cpm', '', 'Paid Social'],
  ['youtube', 'cpv', '', 'Paid Video'],
  ['newsletter-partner', 'display', '', 'Display'],
  ['adnetwork', 'banner', '', 'Display'],
  ['adnetwork', 'cpa', '', 'Paid Other'],
  ['instagram', 'social', '', 'Organic Social'],
  ['m.facebook.com', 'referral', '', 'Organic Social'],
  ['t.co', 'referral', '', 'Organic Social'],
  ['partner', 'social-network', '', 'Organic Social'],
  ['whatsapp', 'share', '', 'Organic Social'],
  ['youtube', 'referral', '', 'Organic Video'],
  ['vimeo.com', 'referral', '', 'Organic Video'],
  ['partner', 'video', '', 'Organic Video'],
  ['google', 'organic', '', 'Organic Search'],
  ['www.google.ae', 'referral', '', 'Organic Search'],
  ['ecosia', 'organic', '', 'Organic Search'],
  ['someblog.example', 'organic', '', 'Organic Search'],
  ['propertynews.example', 'referral', '', 'Referral'],
  ['partner', 'link', '', 'Referral'],
  ['newsletter', 'email', '', 'Email'],
  ['e-mail', 'whatever', '', 'Email'],
  ['partner', 'affiliate', '', 'Affiliates'],
  ['podcast', 'audio', '', 'Audio'],
  ['sms', 'text', '', 'SMS'],
  ['firebase', 'alert', '', 'Mobile Push Notifications'],
  ['app', 'web-push', '', 'Mobile Push Notifications'],
  ['somewhere', 'something', '', 'Unassigned'],
];

describe('channelOf (GA4 default channel groups)', () => {
  it.each(CASES)('%s / %s (%s) is %s', (source, medium, campaign, channel) => {
    expect(channelOf({ source, medium, campaign })).toBe(channel);
  });
});

const visit = (over: Partial<Parameters<typeof touchOfVisit>[0]> = {}) =>
  touchOfVisit({ search: '', path: '/', ownHost: 'oasis.example', limited: false, at: 1_000, ...over });

describe('touchOfVisit', () => {
  it('reads UTM parameters, the click id, the referrer host and the landing path', () => {
    const touch = visit({
      search: '?utm_source=Instagram&utm_medium=social&utm_campaign=launch&utm_content=reel&gclid=abc',
      path: '/ar/courses/x',
      referrer: 'https://l.instagram.com/some/path?u=1',
    });
    expect(touch).toEqual({
      source: 'instagram',
      medium: 'social',
      channel: 'Organic Social',
      campaign: 'launch',
      content: 'reel',
      clickId: { name: 'gclid', value: 'abc' },
      referrer: 'l.instagram.com',
      landing: '/ar/courses/x',
      at: 1_000,
    });
  });

  it('reads a click id without UTM parameters as its network, and a referrer as organic or referral', () => {
    expect(visit({ search: 'gclid=x' })).toMatchObject({ source: 'google', medium: 'cpc', channel: 'Paid Search' });
    expect(visit({ search: 'msclkid=x' })).toMatchObject({ source: 'bing', channel: 'Paid Search' });
    expect(visit({ search: 'fbclid=x', referrer: 'https://l.instagram.com/' })).toMatchObject({
      source: 'instagram',
      channel: 'Organic Social',
    });
    expect(visit({ referrer: 'https://www.google.com/' })).toMatchObject({ source: 'google', medium: 'organic' });
    expect(visit({ referrer: 'https://news.example/a' })).toMatchObject({
      source: 'news.example',
      channel: 'Referral',
    });
    expect(visit({ referrer: 'https://oasis.example/courses' })).toMatchObject({ channel: 'Direct' });
    expect(visit()).toMatchObject({ source: '(direct)', medium: '(none)', channel: 'Direct' });
  });

  it('keeps the channel only for a visitor who asked not to be tracked', () => {
    const touch = visit({
      search: '?utm_source=instagram&utm_medium=social&utm_campaign=launch&fbclid=1',
      referrer: 'https://l.instagram.com/',
      path: '/contact',
      limited: true,
    });
    expect(touch).toEqual({
      source: '(not set)',
      medium: '(not set)',
      channel: 'Organic Social',
      at: 1_000,
      limited: true,
    });
  });

  it('cuts what it keeps to bounded printable text', () => {
    const touch = visit({ search: `?utm_source=${'a'.repeat(500)}&utm_campaign=%3Cscript%3E%00x` });
    expect(touch.source).toHaveLength(100);
    expect(touch.campaign).toBe('scriptx');
    expect(touchesSchema.safeParse({ first: touch }).success).toBe(true);
  });
});

describe('nextTouches', () => {
  const direct = visit();
  const tagged = visit({ search: 'utm_source=google&utm_medium=cpc', at: 2_000 });
  it('keeps the first touch and records later non-direct ones as the last', () => {
    expect(nextTouches(null, direct)).toEqual({ first: direct });
    expect(nextTouches({ first: direct }, visit({ at: 5 }))).toBeNull();
    expect(nextTouches({ first: direct }, tagged)).toEqual({ first: direct, last: tagged });
    expect(nextTouches({ first: direct, last: tagged }, { ...tagged, at: 3_000 })).toBeNull();
  });

  it('refuses a stored touch with junk or unknown fields', () => {
    const junk: Record<string, unknown> = { ...direct, source: 'x"<b>' };
    expect(touchesSchema.safeParse({ first: junk }).success).toBe(false);
    expect(touchesSchema.safeParse({ first: { ...direct, extra: 1 } }).success).toBe(false);
    expect(touchesSchema.safeParse({ first: { ...direct, channel: 'Made Up' } as unknown as Touch }).success).toBe(
      false,
    );
  });
});

describe('the WhatsApp number setting', () => {
  it('keeps E.164 digits and refuses anything else', () => {
    expect(whatsappNumberField.parse('+971 50 123-4567')).toBe('971501234567');
    expect(whatsappNumberField.parse('')).toBe('');
    for (const bad of ['0501234567', '+12', 'https://evil.example', '9715012345678901'])
      expect(whatsappNumberField.safeParse(bad).success, bad).toBe(false);
  });
});
