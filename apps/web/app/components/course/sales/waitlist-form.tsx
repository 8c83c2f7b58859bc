import { HONEYPOT_FIELD, LEAD_LIMITS } from '@oasis/shared/lead-rules';
import { buttonClass } from '~/components/ui/button';
import { TextField } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';

/**
 * 'Tell me when it opens' on a coming-soon course: a plain HTML form, no island and no script. It
 * posts to `POST /api/waitlist`, which answers a small page of its own in the language the hidden
 * `locale` names, with a link back to the course. The consent text is the field's hint, so a screen
 * reader hears it with the field. The honeypot is hidden as on the other lead forms.
 */
export function WaitlistForm({ courseId }: { courseId: string }) {
  const { t, locale } = useI18n();
  const c = t.course;
  return (
    <section aria-labelledby="waitlist-heading" className="mt-6 border-t border-slate-100 pt-6">
      <h2 id="waitlist-heading" className="font-display text-xl font-semibold text-brand-green">
        {c.waitlistTitle}
      </h2>
      <p className="mt-1 text-slate-700">{c.waitlistText}</p>
      <form method="post" action="/api/waitlist" className="relative mt-4 grid gap-4">
        <input type="hidden" name="courseId" value={courseId} />
        <input type="hidden" name="locale" value={locale} />
        <TextField
          label={c.waitlistEmail}
          name="email"
          type="email"
          dir="ltr"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={LEAD_LIMITS.email}
          hint={c.waitlistConsent}
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -start-[10000px] top-auto h-px w-px overflow-hidden"
        >
          <label>
            {t.leadForm.honeypot}
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <button type="submit" className={buttonClass('primary', 'md', 'w-full')}>
          {c.waitlistSubmit}
        </button>
      </form>
    </section>
  );
}
