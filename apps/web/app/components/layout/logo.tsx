import { textAttrs } from '@oasis/shared/i18n/content';
import { useI18n } from '~/lib/i18n';

/**
 * The brand wordmark, drawn from the brand name in the site settings: the mark (`.logo-mark` in
 * app.css, an arch with a rising sun) beside the name. `light` sits on green or photos, `dark` on white.
 */
export function Logo({ name, variant }: { name: string; variant: 'light' | 'dark' }) {
  const { locale } = useI18n();
  const [first, ...rest] = name.trim().split(/\s+/);
  const tail = rest.join(' ');
  const light = variant === 'light';
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark variant={variant} />
      {/* The words change colour with the header's background (300 ms), not before it. */}
      <span
        className="flex flex-col leading-none [&>span]:transition-colors [&>span]:duration-300 motion-reduce:[&>span]:transition-none"
        {...textAttrs(locale, name)}
      >
        <span
          className={`font-display text-[1.35rem] font-semibold tracking-wide ${light ? 'text-white' : 'text-brand-green'}`}
        >
          {first}
        </span>
        {/* Not drawn (a flex gap), but the words' text keeps its space: the link's name starts with it. */}
        {tail && ' '}
        {tail && (
          <span
            className={`logo-tail mt-1 text-[0.62rem] font-bold tracking-[0.22em] uppercase ${light ? 'text-brand-yellow' : 'text-brand-gold'}`}
          >
            {tail}
          </span>
        )}
      </span>
    </span>
  );
}

/** The mark alone (decorative); size it with classes, e.g. `h-11 w-11`. */
export function LogoMark({ variant, className = '' }: { variant: 'light' | 'dark'; className?: string }) {
  return <span aria-hidden="true" className={`logo-mark logo-mark-${variant} ${className}`} />;
}
