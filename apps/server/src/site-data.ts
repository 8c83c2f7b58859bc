import type { PublicSiteData } from '@oasis/shared/contracts';
import type { Deps } from './deps.ts';
import { getSettings } from './modules/settings/service.ts';

/** The public, anonymous view of the content, handed to server-rendered pages as load context. */
export function createPublicSiteData(deps: Deps): PublicSiteData {
  const { db } = deps;
  const now = new Date(0).toISOString();
  return {
    settings: () => getSettings(db),
    hero: async () => ({ title: 'Invest in Dubai with confidence', subtitle: '', image: null, updatedAt: now }),
    intro: async () => ({ heading: '', subheading: '', paragraph1: '', paragraph2: '', image: null, updatedAt: now }),
    courses: async () => [],
    course: async () => null,
    blogs: async () => [],
    blog: async () => null,
    podcasts: async () => [],
  };
}
