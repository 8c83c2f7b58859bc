import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { checkIntroForm } from '@oasis/shared/admin/home';
import type { Intro } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { TextArea, TextInput } from '~/components/admin/fields';
import { ImageInput } from '~/components/admin/image-input';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { adminApi, loadAdmin } from '~/components/admin/request';
import { draftFields, fieldMessage, useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { buttonClass } from '~/components/ui/button';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/intro';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminHome.introTitle);

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<Intro>('/intro/intro', ADMIN_SCREEN_MESSAGES.failedToLoadIntro, request);

type IntroText = Pick<Intro, 'heading' | 'subheading' | 'paragraph1' | 'paragraph2'>;

/** /admin/dashboard/introeditor (docs/product.md#admin-hero-and-intro): the home introduction; every text required. */
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
    subheading: intro.subheading,
    paragraph1: intro.paragraph1,
    paragraph2: intro.paragraph2,
  });
  const [image, setImage] = useState<File | null>(null);
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const { t, tr, lp } = useI18n();
  const copy = t.adminHome;

  function submit(form: HTMLFormElement) {
    const check = checkIntroForm(text);
    if (!accept(form, check)) return;
    void save(ADMIN_MESSAGES.introUpdateFailed, async () => {
      const body = new FormData();
      for (const [key, value] of Object.entries(check.value)) body.set(key, value);
      if (image) body.set('image', image);
      await adminApi<Intro>('/intro/intro', { method: 'PUT', body });
      toast.success(tr(ADMIN_MESSAGES.introUpdated));
      setImage(null);
      await onSaved();
    });
  }

  const field = draftFields(
    text,
    (patch) => setText((current) => ({ ...current, ...patch })),
    fieldMessage(errors, ADMIN_MESSAGES.introFieldsRequired, tr),
    saving,
  );

  return (
    <div>
      <AdminPageHeader
        title={copy.introTitle}
        lead={copy.introLead}
        actions={
          <a href={lp('/#intro')} className={buttonClass('outline', 'sm')}>
            {copy.viewHome}
          </a>
        }
      />
      <Panel>
        <PageForm
          label={copy.introTitle}
          onSubmit={submit}
          problem={problem}
          busy={saving}
          submitLabel={copy.saveIntro}
        >
          <div className="grid gap-6 md:grid-cols-2">
            <TextInput label={copy.heading} {...field('heading')} maxLength={ADMIN_LIMITS.textMax} required />
            <TextInput label={copy.subheading} {...field('subheading')} maxLength={ADMIN_LIMITS.textMax} required />
          </div>
          <TextArea
            label={copy.paragraph1}
            rows={4}
            {...field('paragraph1')}
            maxLength={ADMIN_LIMITS.textMax}
            required
          />
          <TextArea
            label={copy.paragraph2}
            rows={4}
            {...field('paragraph2')}
            maxLength={ADMIN_LIMITS.textMax}
            required
          />
          <ImageInput
            label={copy.image}
            file={image}
            onChange={setImage}
            currentUrl={intro.image?.url}
            currentAlt={copy.currentIntroImage}
            error={errors.image && tr(errors.image)}
            hint={copy.introImageHint}
            disabled={saving}
          />
        </PageForm>
      </Panel>
    </div>
  );
}
