import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { checkHeroForm } from '@oasis/shared/admin/home';
import type { Hero } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { TextArea, TextInput } from '~/components/admin/fields';
import { ImageInput } from '~/components/admin/image-input';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { adminApi, loadAdmin } from '~/components/admin/request';
import { useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/hero';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Hero');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<Hero>('/hero/get', 'Failed to load the hero section', request);

/** /admin/dashboard/heroeditor: the home page banner's title, subtitle and image. */
export default function HeroEditor({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return (
    <WhenReady result={loaderData} loadingLabel="Loading the hero section...">
      {(hero) => <HeroForm hero={hero} onSaved={revalidate} />}
    </WhenReady>
  );
}

function HeroForm({ hero, onSaved }: { hero: Hero; onSaved(): Promise<void> }) {
  const [title, setTitle] = useState(hero.title);
  const [subtitle, setSubtitle] = useState(hero.subtitle);
  const [image, setImage] = useState<File | null>(null);
  const { errors, problem, saving, accept, save } = useFormFeedback();

  function submit(form: HTMLFormElement) {
    const check = checkHeroForm({ title, subtitle });
    if (!accept(form, check)) return;
    void save(ADMIN_MESSAGES.heroUpdateFailed, async () => {
      const body = new FormData();
      body.set('title', check.value.title);
      body.set('subtitle', check.value.subtitle);
      if (image) body.set('image', image);
      await adminApi<Hero>('/hero/update', { method: 'PUT', body });
      toast.success(ADMIN_MESSAGES.heroUpdated);
      setImage(null);
      await onSaved();
    });
  }

  return (
    <div>
      <AdminPageHeader
        title="Hero"
        lead="The banner at the top of the home page."
        actions={
          <a href="/" className={buttonClass('outline', 'sm')}>
            View home page
          </a>
        }
      />
      <Panel>
        <PageForm label="Hero" onSubmit={submit} problem={problem} busy={saving} submitLabel="Save Hero">
          <TextInput
            label="Title"
            value={title}
            onValue={setTitle}
            error={errors.title}
            maxLength={ADMIN_LIMITS.textMax}
            disabled={saving}
            required
          />
          <TextArea
            label="Subtitle"
            rows={3}
            value={subtitle}
            onValue={setSubtitle}
            error={errors.subtitle}
            maxLength={ADMIN_LIMITS.textMax}
            disabled={saving}
            required
          />
          <ImageInput
            label="Background image"
            file={image}
            onChange={setImage}
            currentUrl={hero.image?.url}
            currentAlt="Current hero image"
            error={errors.image}
            hint="A wide photo (at least 1600 px across) works best. Leave empty to keep the current one."
            disabled={saving}
          />
        </PageForm>
      </Panel>
    </div>
  );
}
