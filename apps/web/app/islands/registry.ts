/**
 * The interactive parts of public pages (docs/decisions/013-public-pages-as-islands.md). Public
 * pages are rendered whole on the server and are not hydrated as one React app: each part listed
 * here is marked in the page by `<Island>` and brought to life on its own by `main.ts`, on Preact.
 *
 * Each part is its own chunk, loaded only by the pages that hold it: a page's script grows with
 * what that page does, not with every page's parts. `source` is the part's module as the islands
 * build's manifest names it: the server turns it into `<link rel="modulepreload">`s in the page's
 * head (island.tsx), so the part arrives with the entry script, not after it, and is live before
 * the page's load event. `registry.test.ts` checks that each `source` is the module `load` imports.
 * What a part needs only later (the phone menu, the booking dialog, the form rules, the toaster)
 * still loads on demand inside it.
 */
export const ISLANDS = {
  navbar: {
    source: 'app/components/layout/navbar.tsx',
    load: () => import('~/components/layout/navbar').then((module) => module.Navbar),
  },
  consultationButton: {
    source: 'app/components/leads/consultation-button.tsx',
    load: () => import('~/components/leads/consultation-button').then((module) => module.ConsultationButton),
  },
  consultationForm: {
    source: 'app/components/leads/consultation-form.tsx',
    load: () => import('~/components/leads/consultation-form').then((module) => module.ConsultationForm),
  },
  contactForm: {
    source: 'app/components/leads/contact-form.tsx',
    load: () => import('~/components/leads/contact-form').then((module) => module.ContactForm),
  },
  catalogueSearch: {
    source: 'app/routes/public/sections/catalogue-search.tsx',
    load: () => import('~/routes/public/sections/catalogue-search').then((module) => module.CatalogueSearch),
  },
  purchase: {
    source: 'app/components/course/purchase-action.tsx',
    load: () => import('~/components/course/purchase-action').then((module) => module.PurchaseAction),
  },
  lessonPreview: {
    source: 'app/components/course/sales/lesson-preview.tsx',
    load: () => import('~/components/course/sales/lesson-preview').then((module) => module.LessonPreview),
  },
  videos: {
    source: 'app/routes/public/sections/video-section.tsx',
    load: () => import('~/routes/public/sections/video-section').then((module) => module.VideoSection),
  },
  toaster: {
    source: 'app/components/ui/deferred-toaster.tsx',
    load: () => import('~/components/ui/deferred-toaster').then((module) => module.DeferredToaster),
  },
  copyLink: {
    source: 'app/components/ui/copy-link.tsx',
    load: () => import('~/components/ui/copy-link').then((module) => module.CopyLink),
  },
};

export type IslandName = keyof typeof ISLANDS;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof ISLANDS)[N]['load']>>;
