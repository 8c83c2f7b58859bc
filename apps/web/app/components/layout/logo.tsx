/**
 * The brand wordmark, drawn from the brand name in the site settings: the mark (`.logo-mark` in
 * app.css, an arch with a rising sun) beside the name. `light` sits on green or photos, `dark` on white.
 */
export function Logo({ name, variant }: { name: string; variant: 'light' | 'dark' }) {
  const [first, ...rest] = name.trim().split(/\s+/);
  const tail = rest.join(' ');
  const light = variant === 'light';
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark variant={variant} />
      <span className="flex flex-col leading-none">
        <span
          className={`font-display text-[1.35rem] font-semibold tracking-wide ${light ? 'text-white' : 'text-brand-green'}`}
        >
          {first}
        </span>
        {tail && (
          <span
            className={`mt-1 text-[0.62rem] font-bold tracking-[0.22em] uppercase ${light ? 'text-brand-yellow' : 'text-brand-gold'}`}
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
