import type { SiteSettings } from '@oasis/shared/api';
import { type Messages, messagesFor } from '@oasis/shared/i18n/catalogue';
import { type InLocaleAttrs, inLocale } from '@oasis/shared/i18n/content';
import type { Locale } from '@oasis/shared/i18n/locales';
import { ContactForm } from '~/components/leads/contact-form';
import { contactFormData } from '~/components/leads/form-data';
import { telHref } from '~/components/ui/core';
import { PageHeader } from '~/components/layout/page-header';
import { Icon, type IconName } from '~/components/ui/icons';
import { CONTACT_PARAMS } from '@oasis/shared/public-pages';
import { Island, ISLANDS_PAGE } from '~/islands/island';
import { useI18n } from '~/lib/i18n';
import { buildHead, headContext } from '~/lib/seo';
import type { Route } from './+types/contact';
import { loadPart } from './sections/load-part';
import { videoSection } from './sections/video-items';
import { VideoSection } from './sections/video-section';

export async function loader({ request, context }: Route.LoaderArgs) {
  const queryType: 'consultation' | 'course' =
    new URL(request.url).searchParams.get(CONTACT_PARAMS.queryType) === 'course' ? 'course' : 'consultation';
  const [root, podcasts] = await Promise.all([
    headContext(context),
    loadPart('contact', 'videos', context.site.podcasts(), []),
  ]);
  const text = messagesFor(context.locale).contact;
  return {
    queryType,
    text,
    form: contactFormData(context.locale),
    reach: reachItems(root.settings, text, context.locale),
    videos: videoSection(podcasts, 'default', context.locale),
    head: buildHead(root, {
      title: text.metaTitle,
      description: text.metaDescription,
      path: '/contact',
    }),
  };
}

interface ReachItem {
  icon: IconName;
  label: string;
  value: string;
  href?: string;
  /** Opens in a new tab (said to screen readers). */
  external?: boolean;
  /** A postal address (`<address>`), with its language and direction when it is not the page's (`inLocale`). */
  address?: boolean;
  valueAttrs?: InLocaleAttrs;
  /** An e-mail address or a phone number: written left to right in either language. */
  ltr?: boolean;
}

/** The other ways to reach me, from the site settings: built here, so the page's code holds one item's markup. */
function reachItems(settings: SiteSettings, text: Messages['contact'], locale: Locale): ReachItem[] {
  const address = inLocale(locale, settings.address, settings.addressAr);
  return [
    { icon: 'mail', label: text.email, value: settings.email, href: `mailto:${settings.email}`, ltr: true },
    { icon: 'phone', label: text.phone, value: settings.phone, href: telHref(settings.phone), ltr: true },
    ...(settings.chatUrl
      ? [{ icon: 'chat' as const, label: text.chat, value: text.chatValue, href: settings.chatUrl, external: true }]
      : []),
    { icon: 'map-pin', label: text.office, value: address.text, address: true, valueAttrs: address.attrs },
    { icon: 'clock', label: text.replies, value: text.repliesValue },
  ];
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { queryType, text, form, reach, videos } = loaderData;
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow={text.eyebrow} title={text.title} lead={text.lead} />
      <section aria-label={text.section} className="bg-brand-sand/60 py-16 sm:py-20">
        <div className="wrap grid gap-8 lg:grid-cols-[1.5fr_1fr]">
          <div className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
            <h2 className="font-display text-2xl font-semibold text-brand-green sm:text-3xl">{text.formTitle}</h2>
            <p className="mt-2 text-slate-600">{text.allRequired}</p>
            <div className="mt-8">
              <Island
                key={queryType}
                name="contactForm"
                component={ContactForm}
                props={{ data: form, defaultQueryType: queryType }}
              />
            </div>
          </div>
          <div className="on-dark self-start rounded-2xl bg-brand-green p-6 text-white shadow-card sm:p-10">
            <h2 className="font-display text-2xl font-semibold sm:text-3xl">{text.otherWays}</h2>
            <ul className="mt-8 space-y-6">
              {reach.map((item) => {
                const body = (
                  <>
                    <Icon name={item.icon} className="mt-0.5 h-6 w-6 shrink-0 text-brand-yellow" />
                    <span>
                      <span className="block text-sm text-white/75">{item.label}</span>
                      {item.address ? (
                        <address className="font-semibold not-italic" {...item.valueAttrs}>
                          {item.value}
                        </address>
                      ) : (
                        <span className="font-semibold wrap-anywhere">
                          {item.ltr ? <span dir="ltr">{item.value}</span> : item.value}
                          {item.external && <span className="sr-only"> {t.common.opensInNewTab}</span>}
                        </span>
                      )}
                    </span>
                  </>
                );
                return (
                  <li key={item.label} className={item.href ? undefined : 'flex items-start gap-4 text-white/90'}>
                    {item.href ? (
                      <a
                        href={item.href}
                        className="flex items-start gap-4 rounded-lg text-white/90 hover:text-brand-yellow"
                        {...(item.external && { target: '_blank', rel: 'noopener noreferrer' })}
                      >
                        {body}
                      </a>
                    ) : (
                      body
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </section>
      <Island name="videos" component={VideoSection} props={{ section: videos, className: 'bg-white' }} />
    </main>
  );
}
