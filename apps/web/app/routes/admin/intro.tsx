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
import { FocalPointPicker } from '~/components/admin/focal-point';
import { ImageInput } from '~/components/admin/image-input';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import { draftFields, fieldMessage, useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/intro';
import { getIntro, updateIntro } from '~/lib/api/site';
import { fieldErrorText } from '~/lib/field-error-text';

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
  const [image, setImage] = useState<File | null>(null);
  const [focus, setFocus] = useState(intro.imageFocus);
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const { t, tr, locale } = useI18n();
  const copy = t.adminHome;

  function submit(form: HTMLFormElement) {
    const check = checkIntroForm({ ...text, ...focusFields(focus) });
    if (!accept(form, check)) return;
    void save(ADMIN_MESSAGES.introUpdateFailed, async () => {
      const body = new FormData();
      // The Arabic twins too: '' clears a translation.
      const { imageFocus, ...texts } = check.value;
      for (const [key, value] of Object.entries(texts)) body.set(key, value);
      if (imageFocus) for (const [key, value] of Object.entries(focusFields(imageFocus))) body.set(key, value);
      if (image) body.set('image', image);
      await updateIntro(body);
      toast.success(tr(ADMIN_MESSAGES.introUpdated));
      setImage(null);
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
          <ImageInput
            label={copy.image}
            file={image}
            onChange={setImage}
            currentUrl={intro.image?.url}
            currentAlt={copy.currentIntroImage}
            error={errors.image && fieldErrorText(errors.image, locale)}
            hint={copy.introImageHint}
            disabled={saving}
          />
          <FocalPointPicker
            file={image}
            currentUrl={intro.image?.url}
            value={focus}
            onChange={setFocus}
            errorX={errors.focusX && fieldErrorText(errors.focusX, locale)}
            errorY={errors.focusY && fieldErrorText(errors.focusY, locale)}
            disabled={saving}
          />
        </PageForm>
      </Panel>
    </div>
  );
}
