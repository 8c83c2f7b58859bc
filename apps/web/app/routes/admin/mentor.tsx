import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { checkMentorForm, focusFields, MENTOR_LIMITS, MENTOR_MESSAGES } from '@oasis/shared/admin/mentor';
import type { Mentor } from '@oasis/shared/api';
import { MENTOR_SOCIAL_KEYS } from '@oasis/shared/selling';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { BilingualField } from '~/components/admin/bilingual-field';
import { TextInput } from '~/components/admin/fields';
import { PageImageFields, pageImageBody, usePageImage } from '~/components/admin/page-image';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import { draftFields, translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { FormMessage } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/mentor';
import { getMentor, getMentorSignature, updateMentor } from '~/lib/api/site';
import { MentorSignature } from '~/components/admin/mentor-signature';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminMentor.title);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [mentor, signature] = await Promise.all([
    loadAdmin(getMentor, MENTOR_MESSAGES.failedToLoadMentor, request),
    // The signature panel shows only when it could be read.
    getMentorSignature(request.signal).then(
      (answer) => answer.signature,
      () => undefined,
    ),
  ]);
  return { mentor, signature };
}

/** The form's texts: credentials one a line, each social link a field (what `checkMentorForm` reads). */
type MentorDraft = {
  name: string;
  nameAr: string;
  jobTitle: string;
  jobTitleAr: string;
  bio: string;
  bioAr: string;
  credentials: string;
  credentialsAr: string;
  aboutHtml: string;
  aboutHtmlAr: string;
} & Record<(typeof MENTOR_SOCIAL_KEYS)[number], string>;

function draftOf(mentor: Mentor): MentorDraft {
  return {
    name: mentor.name,
    nameAr: mentor.nameAr,
    jobTitle: mentor.jobTitle,
    jobTitleAr: mentor.jobTitleAr,
    bio: mentor.bio,
    bioAr: mentor.bioAr,
    credentials: mentor.credentials.join('\n'),
    credentialsAr: mentor.credentialsAr.join('\n'),
    aboutHtml: mentor.aboutHtml,
    aboutHtmlAr: mentor.aboutHtmlAr,
    linkedin: mentor.social.linkedin ?? '',
    instagram: mentor.social.instagram ?? '',
    youtube: mentor.social.youtube ?? '',
    x: mentor.social.x ?? '',
    website: mentor.social.website ?? '',
  };
}

/**
 * /admin/dashboard/mentor: the mentor's profile (docs/product.md#mentor), shown by the About page,
 * the course pages' instructor block and the `Person` structured data; each text with its Arabic twin.
 */
export default function MentorEditor({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { t } = useI18n();
  return (
    <WhenReady result={loaderData.mentor} loadingLabel={t.adminMentor.loading}>
      {(mentor) => (
        <>
          <MentorForm key={mentor.updatedAt} mentor={mentor} onSaved={revalidate} />
          {/* Saved apart from the profile, once the profile exists (it holds the name printed under it). */}
          {mentor.name && loaderData.signature !== undefined && (
            <MentorSignature signature={loaderData.signature} onSaved={revalidate} />
          )}
        </>
      )}
    </WhenReady>
  );
}

function MentorForm({ mentor, onSaved }: { mentor: Mentor; onSaved(): Promise<void> }) {
  const [draft, setDraft] = useState<MentorDraft>(() => draftOf(mentor));
  const portrait = usePageImage(mentor.portraitFocus);
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const { t, tr, locale } = useI18n();
  const copy = t.adminMentor;
  const error = translatedErrors(errors, locale);
  const patch = (change: Partial<MentorDraft>) => setDraft((current) => ({ ...current, ...change }));
  const field = draftFields(draft, patch, error, saving);

  function submit(form: HTMLFormElement) {
    const fields = { ...draft, ...focusFields(portrait.focus) };
    const check = checkMentorForm(fields);
    if (!accept(form, check)) return;
    void save(MENTOR_MESSAGES.mentorSaveFailed, async () => {
      // Every field as typed (the server applies the same rule); the Arabic ones too: '' clears a translation.
      await updateMentor(pageImageBody(fields, portrait, 'portrait'));
      toast.success(tr(MENTOR_MESSAGES.mentorSaved));
      portrait.setFile(null);
      await onSaved();
    });
  }

  return (
    <div>
      <AdminPageHeader title={copy.title} lead={copy.lead} view={{ path: '/about', label: copy.viewAbout }} />
      <Panel>
        <PageForm label={copy.title} onSubmit={submit} problem={problem} busy={saving} submitLabel={copy.save}>
          <BilingualField
            english={{ label: copy.name, ...field('name'), maxLength: MENTOR_LIMITS.nameMax, required: true }}
            arabic={{ label: copy.nameAr, ...field('nameAr') }}
          />
          <BilingualField
            english={{ label: copy.jobTitle, ...field('jobTitle'), maxLength: MENTOR_LIMITS.jobTitleMax }}
            arabic={{ label: copy.jobTitleAr, ...field('jobTitleAr') }}
          />
          <BilingualField
            kind="textarea"
            english={{ label: copy.bio, rows: 3, ...field('bio'), maxLength: MENTOR_LIMITS.bioMax, hint: copy.bioHint }}
            arabic={{ label: copy.bioAr, ...field('bioAr') }}
          />
          <BilingualField
            kind="textarea"
            english={{ label: copy.credentials, rows: 3, ...field('credentials'), hint: copy.credentialsHint }}
            arabic={{ label: copy.credentialsAr, ...field('credentialsAr') }}
          />
          {/* Until the owner uploads one, the public pages show the placeholder silhouette. */}
          {!mentor.portrait && <FormMessage tone="info">{copy.portraitMissing}</FormMessage>}
          <PageImageFields
            image={portrait}
            name="portrait"
            label={copy.portrait}
            hint={copy.portraitHint}
            currentUrl={mentor.portrait?.url}
            currentAlt={copy.currentPortrait}
            error={error}
            disabled={saving}
          />
          <fieldset className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-800">{copy.socialTitle}</legend>
            <p className="mb-3 text-sm text-slate-600">{copy.socialHint}</p>
            <div className="grid gap-4 md:grid-cols-2">
              {MENTOR_SOCIAL_KEYS.map((key) => (
                <TextInput
                  key={key}
                  label={copy[key]}
                  type="url"
                  inputMode="url"
                  dir="ltr"
                  placeholder="https://"
                  maxLength={MENTOR_LIMITS.urlMax}
                  {...field(key)}
                />
              ))}
            </div>
          </fieldset>
          <BilingualField
            kind="rich"
            english={{
              label: copy.story,
              value: draft.aboutHtml,
              onChange: (html) => patch({ aboutHtml: html }),
              error: error('aboutHtml'),
              hint: copy.storyHint,
              disabled: saving,
            }}
            arabic={{
              label: copy.storyAr,
              value: draft.aboutHtmlAr,
              onChange: (html) => patch({ aboutHtmlAr: html }),
              error: error('aboutHtmlAr'),
            }}
          />
        </PageForm>
      </Panel>
    </div>
  );
}
