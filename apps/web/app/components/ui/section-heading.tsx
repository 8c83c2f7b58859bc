interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  align?: 'left' | 'center';
  /** On a dark (green) surface. */
  dark?: boolean;
  level?: 'h1' | 'h2';
}

/** A section's small label, heading and lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
  dark = false,
  level = 'h2',
}: SectionHeadingProps) {
  const Heading = level;
  const centered = align === 'center';
  return (
    <div className={centered ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && <p className={`mb-3 eyebrow ${dark ? 'text-brand-yellow' : 'text-brand-gold'}`}>{eyebrow}</p>}
      <Heading
        id={id}
        className={`font-display text-3xl font-semibold leading-tight sm:text-4xl ${dark ? 'text-white' : 'text-brand-green'}`}
      >
        {title}
      </Heading>
      <span
        aria-hidden="true"
        className={`mt-4 block h-1 w-14 rounded-full bg-brand-yellow ${centered ? 'mx-auto' : ''}`}
      />
      {lead && <p className={`mt-5 text-lg leading-relaxed ${dark ? 'text-white/85' : 'text-slate-600'}`}>{lead}</p>}
    </div>
  );
}
