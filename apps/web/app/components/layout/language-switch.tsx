import { useLocation } from 'react-router';
import { LOCALE_INFO, switchLocale } from '@oasis/shared/i18n/locales';
import { useI18n } from '~/lib/i18n';

/**
 * The link to this very page in the other language (docs/i18n.md). A whole page load, not a
 * client navigation: the page's direction, texts and font all change with it. The link's text is
 * the other language's own name, marked with its language for screen readers.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { pathname, search } = useLocation();
  const { locale, t, fmt } = useI18n();
  const other = locale === 'ar' ? 'en' : 'ar';
  const { lang, name } = LOCALE_INFO[other];
  return (
    <a
      href={switchLocale(`${pathname}${search}`, other)}
      hrefLang={lang}
      lang={lang}
      className={className}
      title={fmt(t.common.readInOther, { language: name })}
    >
      {name}
    </a>
  );
}
