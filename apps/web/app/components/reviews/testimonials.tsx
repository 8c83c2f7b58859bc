import { inLocale } from '@oasis/shared/i18n/content';
import type { Testimonial } from '@oasis/shared/reviews';
import { Picture } from '~/components/ui/picture';
import { useI18n } from '~/lib/i18n';

/**
 * Testimonials in the owner's order, in the page's language (the English where no Arabic was
 * written): quotes in figures, no carousel and no script. Nothing when there are none.
 */
export function TestimonialsSection({ items, className = '' }: { items: readonly Testimonial[]; className?: string }) {
  const { t, locale } = useI18n();
  if (!items.length) return null;
  return (
    <section aria-labelledby="testimonials" className={className} data-testid="testimonials">
      <h2 id="testimonials" className="font-display text-3xl font-semibold text-brand-green">
        {t.reviews.testimonialsHeading}
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {items.map((item) => {
          const quote = inLocale(locale, item.quote, item.quoteAr);
          const name = inLocale(locale, item.name, item.nameAr);
          const role = inLocale(locale, item.role, item.roleAr);
          return (
            <li key={item._id}>
              <figure className="flex h-full flex-col rounded-2xl bg-brand-sand p-6">
                <blockquote className="flex-1 text-lg leading-relaxed text-slate-800" {...quote.attrs}>
                  <p>{quote.text}</p>
                </blockquote>
                <figcaption className="mt-4 flex items-center gap-3">
                  {item.photo && (
                    <Picture
                      image={item.photo}
                      alt=""
                      sizes="48px"
                      width={48}
                      height={48}
                      className="h-12 w-12 rounded-full object-cover"
                    />
                  )}
                  <span>
                    <span className="block font-semibold text-brand-green" {...name.attrs}>
                      {name.text}
                    </span>
                    {role.text && (
                      <span className="block text-sm text-slate-600" {...role.attrs}>
                        {role.text}
                      </span>
                    )}
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
