import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { checkIntroForm } from '@oasis/shared/admin/home';
import type { Intro } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { TextArea, TextInput } from '~/components/admin/fields';
import { ImageInput } from '~/components/admin/image-input';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { adminApi, loadAdmin } from '~/components/admin/request';
import { draftFields, fieldMessage, useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/intro';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Intro');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<Intro>('/intro/intro', 'Failed to load the introduction', request);

type IntroText = Pick<Intro, 'heading' | 'subheading' | 'paragraph1' | 'paragraph2'>;

/** /admin/dashboard/introeditor (docs/product.md#admin-hero-and-intro): the home introduction; every text required. */
export default function IntroEditor({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return (
    <WhenReady result={loaderData} loadingLabel="Loading the introduction...">
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

  function submit(form: HTMLFormElement) {
    const check = checkIntroForm(text);
    if (!accept(form, check)) return;
    void save(ADMIN_MESSAGES.introUpdateFailed, async () => {
      const body = new FormData();
      for (const [key, value] of Object.entries(check.value)) body.set(key, value);
      if (image) body.set('image', image);
      await adminApi<Intro>('/intro/intro', { method: 'PUT', body });
      toast.success(ADMIN_MESSAGES.introUpdated);
      setImage(null);
      await onSaved();
    });
  }

  const field = draftFields(
    text,
    (patch) => setText((t) => ({ ...t, ...patch })),
    fieldMessage(errors, ADMIN_MESSAGES.introFieldsRequired),
    saving,
  );

  return (
    <div>
      <AdminPageHeader
        title="Intro"
        lead="The introduction block under the home page banner, with its link to 'Why Choose Me?'."
        actions={
          <a href="/#intro" className={buttonClass('outline', 'sm')}>
            View home page
          </a>
        }
      />
      <Panel>
        <PageForm label="Intro" onSubmit={submit} problem={problem} busy={saving} submitLabel="Save Intro">
          <div className="grid gap-6 md:grid-cols-2">
            <TextInput label="Heading" {...field('heading')} maxLength={ADMIN_LIMITS.textMax} required />
            <TextInput label="Subheading" {...field('subheading')} maxLength={ADMIN_LIMITS.textMax} required />
          </div>
          <TextArea
            label="First paragraph"
            rows={4}
            {...field('paragraph1')}
            maxLength={ADMIN_LIMITS.textMax}
            required
          />
          <TextArea
            label="Second paragraph"
            rows={4}
            {...field('paragraph2')}
            maxLength={ADMIN_LIMITS.textMax}
            required
          />
          <ImageInput
            label="Image"
            file={image}
            onChange={setImage}
            currentUrl={intro.image?.url}
            currentAlt="Current introduction image"
            error={errors.image}
            hint="A portrait photo works best. Leave empty to keep the current one."
            disabled={saving}
          />
        </PageForm>
      </Panel>
    </div>
  );
}
