import type { SiteSettings } from '@oasis/shared/api';
import { inLocale } from '@oasis/shared/i18n/content';
import { Link } from '~/components/page-link';
import { Icon } from '~/components/ui/icons';
import { telHref } from '~/components/ui/core';
import { fmtNodes } from '~/lib/fmt-nodes';
import { useI18n } from '~/lib/i18n';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { NAV_LINKS } from './nav-links';

const SOCIAL: { key: keyof SiteSettings['social']; label: string }[] = [
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'youtube', label: 'YouTube' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'tiktok', label: 'TikTok' },
  { key: 'facebook', label: 'Facebook' },
];

/**
 * The footer's links, prepared from the site settings by the root loader (so that every page's
 * code need not carry the table of networks or the URL tidying).
 */
export function footerData(settings: SiteSettings) {
  return {
    socials: SOCIAL.filter((s) => settings.social[s.key]).map((s) => ({ ...s, href: settings.social[s.key] })),
    tel: telHref(settings.phone),
    brandSite: settings.brandSiteUrl
      ? { href: settings.brandSiteUrl, label: settings.brandSiteUrl.replace(/^https?:\/\//, '').replace(/\/$/, '') }
      : null,
  };
}

export type FooterData = ReturnType<typeof footerData>;

interface FooterProps {
  settings: SiteSettings;
  links: FooterData;
  /** On /consult paths, a plain link to the brand's main website (docs/product.md#navigation-and-footer). */
  showBrandSite: boolean;
}

export function Footer({ settings, links, showBrandSite }: FooterProps) {
  const year = new Date().getFullYear();
  const { t, fmt, lp, locale } = useI18n();
  const { socials, brandSite } = links;
  const address = inLocale(locale, settings.address, settings.addressAr);
  const linkClass = 'footer-link';
  return (
    <footer className="on-dark bg-brand-green-dark text-white">
      <div className="wrap grid gap-12 py-16 md:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1.2fr]">
        <div>
          <Link
            to={lp('/')}
            className="inline-block rounded-md"
            aria-label={fmt(t.common.brandHome, { brand: settings.brandName })}
          >
            <Logo name={settings.brandName} variant="light" />
          </Link>
          <p className="mt-5 max-w-sm leading-relaxed text-white/80">{t.footer.tagline}</p>
          {socials.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-3" aria-label={t.footer.social}>
              {socials.map((s) => (
                <li key={s.key}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer" className="social-link">
                    <Icon name={s.key} className="h-[1.15rem] w-[1.15rem]" />
                    <span className="sr-only">
                      {/* The network's own name, in its own script and language. */}
                      <bdi lang="en">{s.label}</bdi> {t.common.opensInNewTab}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>

        <nav aria-label={t.footer.footer}>
          <h2 className="footer-heading">{t.footer.explore}</h2>
          <ul className="mt-5 space-y-3">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={lp(link.to)} className={linkClass}>
                  {t.nav[link.label]}
                </Link>
              </li>
            ))}
            <li>
              <Link to={lp('/consult')} className={linkClass}>
                {t.footer.bookConsultation}
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="footer-heading">{t.footer.getInTouch}</h2>
          <ul className="mt-5 space-y-4">
            <li>
              <a href={`mailto:${settings.email}`} className={`${linkClass} inline-flex items-center gap-3 break-all`}>
                <Icon name="mail" className="shrink-0 text-brand-yellow" />
                <span dir="ltr">{settings.email}</span>
              </a>
            </li>
            <li>
              <a href={links.tel} className={`${linkClass} inline-flex items-center gap-3`}>
                <Icon name="phone" className="shrink-0 text-brand-yellow" />
                <span dir="ltr">{settings.phone}</span>
              </a>
            </li>
            {settings.chatUrl && (
              <li>
                <a
                  href={settings.chatUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClass} inline-flex items-center gap-3`}
                >
                  <Icon name="chat" className="shrink-0 text-brand-yellow" />
                  {t.footer.chat}
                  <span className="sr-only"> {t.common.opensInNewTab}</span>
                </a>
              </li>
            )}
            <li className="flex gap-3 text-white/80">
              <Icon name="map-pin" className="mt-0.5 h-5 w-5 shrink-0 text-brand-yellow" />
              <address className="not-italic leading-relaxed" {...address.attrs}>
                {address.text}
              </address>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="wrap flex flex-col gap-3 py-6 text-sm text-white/75 md:flex-row md:items-center md:justify-between">
          {/* The brand's name isolated: its script may not be the page's, and the full stop stays after it. */}
          <p>{fmtNodes(t.footer.rights, { year, brand: <bdi>{settings.brandName}</bdi> })}</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {showBrandSite && brandSite && (
              <li>
                <a href={brandSite.href} dir="ltr" className={linkClass}>
                  {brandSite.label}
                </a>
              </li>
            )}
            <li>
              <Link to={lp('/privacy-policy')} className={linkClass}>
                {t.footer.privacy}
              </Link>
            </li>
            <li>
              <LanguageSwitch className={linkClass} />
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
