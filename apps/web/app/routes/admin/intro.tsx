import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { checkIntroForm } from '@oasis/shared/admin/home';
import { focusFields } from '@oasis/shared/admin/mentor';
import type { Intro } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { BilingualField } from '~/components/admin/bilingual-field';
import { PageImageFields, pageImageBody, usePageImage } from '~/components/admin/page-image';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import { draftFields, fieldMessage, translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/intro';
import { getIntro, updateIntro } from '~/lib/api/site';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminHome.introTitle);

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin(getIntro, ADMIN_SCREEN_MESSAGES.failedToLoadIntro, request);

type TextKey = 'heading' | 'subheading' | 'paragraph1' | 'paragraph2';
/** Each text of the introduction and its Arabic twin ('' shows the English on Arabic pages). */
type IntroText = Pick<Intro, TextKey | `${TextKey}Ar`>;

/**
 * /admin/dashboard/introeditor (docs/product.md#admin-hero-and-intro): the home introduction; every
 * text required, its Arabic twin not.
 */
export default function IntroEditor({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { t } = useI18n();
  return (
    <WhenReady result={loaderData} loadingLabel={t.adminHome.loadingIntro}>
      {(intro) => <IntroForm intro={intro} onSaved={revalidate} />}
    </WhenReady>
  );
}

function IntroForm({ intro, onSaved }: { intro: Intro; onSaved(): Promise<void> }) {
  const [text, setText] = useState<IntroText>({
    heading: intro.heading,
    headingAr: intro.headingAr,
    subheading: intro.subheading,
    subheadingAr: intro.subheadingAr,
    paragraph1: intro.paragraph1,
    paragraph1Ar: intro.paragraph1Ar,
    paragraph2: intro.paragraph2,
    paragraph2Ar: intro.paragraph2Ar,
  });
  const image = usePageImage(intro.imageFocus);
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const { t, tr, locale } = useI18n();
  const copy = t.adminHome;

  function submit(form: HTMLFormElement) {
    const check = checkIntroForm({ ...text, ...focusFields(image.focus) });
    if (!accept(form, check)) return;
    void save(ADMIN_MESSAGES.introUpdateFailed, async () => {
      // The Arabic twins too: '' clears a translation.
      const { imageFocus, ...texts } = check.value;
      await updateIntro(pageImageBody({ ...texts, ...(imageFocus && focusFields(imageFocus)) }, image, 'image'));
      toast.success(tr(ADMIN_MESSAGES.introUpdated));
      image.setFile(null);
      await onSaved();
    });
  }

  const field = draftFields(
    text,
    (patch) => setText((current) => ({ ...current, ...patch })),
    fieldMessage(errors, 'admin.introFieldsRequired', locale),
    saving,
  );

  return (
    <div>
      <AdminPageHeader title={copy.introTitle} lead={copy.introLead} view={{ path: '/#intro', label: copy.viewHome }} />
      <Panel>
        <PageForm
          label={copy.introTitle}
          onSubmit={submit}
          problem={problem}
          busy={saving}
          submitLabel={copy.saveIntro}
        >
          <BilingualField
            english={{ label: copy.heading, ...field('heading'), maxLength: ADMIN_LIMITS.textMax, required: true }}
            arabic={{ label: copy.headingAr, ...field('headingAr') }}
          />
          <BilingualField
            english={{
              label: copy.subheading,
              ...field('subheading'),
              maxLength: ADMIN_LIMITS.textMax,
              required: true,
            }}
            arabic={{ label: copy.subheadingAr, ...field('subheadingAr') }}
          />
          {(['paragraph1', 'paragraph2'] as const).map((key) => (
            <BilingualField
              key={key}
              kind="textarea"
              english={{ label: copy[key], rows: 4, ...field(key), maxLength: ADMIN_LIMITS.textMax, required: true }}
              arabic={{ label: copy[`${key}Ar`], ...field(`${key}Ar`) }}
            />
          ))}
          <PageImageFields
            image={image}
            name="image"
            label={copy.image}
            hint={copy.introImageHint}
            currentUrl={intro.image?.url}
            currentAlt={copy.currentIntroImage}
            error={translatedErrors(errors, locale)}
            disabled={saving}
          />
        </PageForm>
      </Panel>
    </div>
  );
}
