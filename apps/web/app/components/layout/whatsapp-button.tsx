import { useLocation, useMatches } from 'react-router';
import { stripLocale } from '@oasis/shared/i18n/locales';
import { whatsappHref } from '@oasis/shared/whatsapp';
import { Icon } from '~/components/ui/icons';
import { useI18n } from '~/lib/i18n';

/** The page's title from its loader's head (lib/seo.ts `buildHead`), or '' when it has none. */
function usePageTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const head = (matches[i]?.data as { head?: unknown } | undefined)?.head;
    if (!Array.isArray(head)) continue;
    const entry = head.find((d): d is { title: string } => typeof (d as { title?: unknown })?.title === 'string');
    if (entry) return entry.title;
  }
  return '';
}

/**
 * The WhatsApp click-to-chat button of public pages (docs/product.md#whatsapp): a plain link, no
 * script, through our own `/go/whatsapp`, which counts the press and sends the visitor on to wa.me
 * with a message naming this page. In the corner of the screen, at the reading end; on a course
 * page on a phone it sits above the sticky price bar. The spacer below the footer lets the end of
 * every page scroll clear of it.
 */
export function WhatsappButton() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const title = usePageTitle();
  const coursePage = /^\/courses\/[^/]+$/.test(stripLocale(pathname));
  return (
    <>
      <div aria-hidden="true" className="h-20 bg-brand-green-dark" />
      <a
        href={whatsappHref(pathname, title)}
        rel="nofollow"
        aria-label={t.attribution.whatsappButton}
        title={t.attribution.whatsappButton}
        data-whatsapp-button=""
        className={`fixed end-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-[#0b7a3b] text-white shadow-lg outline-offset-4 hover:bg-[#096431] focus-visible:outline-3 focus-visible:outline-brand-yellow ${coursePage ? 'bottom-24 lg:bottom-4' : 'bottom-4'}`}
      >
        <Icon name="chat" className="h-7 w-7" />
      </a>
    </>
  );
}
