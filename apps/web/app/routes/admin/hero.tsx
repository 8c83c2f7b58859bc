import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { checkHeroForm } from '@oasis/shared/admin/home';
import type { Hero } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { TextArea, TextInput } from '~/components/admin/fields';
import { ImageInput } from '~/components/admin/image-input';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { adminApi, loadAdmin } from '~/components/admin/request';
import { translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { buttonClass } from '~/components/ui/button';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/hero';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminHome.heroTitle);

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<Hero>('/hero/get', ADMIN_SCREEN_MESSAGES.failedToLoadHero, request);

/** /admin/dashboard/heroeditor: the home page banner's title, subtitle and image. */
export default function HeroEditor({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { t } = useI18n();
  return (
    <WhenReady result={loaderData} loadingLabel={t.adminHome.loadingHero}>
      {(hero) => <HeroForm hero={hero} onSaved={revalidate} />}
    </WhenReady>
  );
}

function HeroForm({ hero, onSaved }: { hero: Hero; onSaved(): Promise<void> }) {
  const [title, setTitle] = useState(hero.title);
  const [subtitle, setSubtitle] = useState(hero.subtitle);
  const [image, setImage] = useState<File | null>(null);
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const { t, tr, lp } = useI18n();
  const text = t.adminHome;
  const error = translatedErrors(errors, tr);

  function submit(form: HTMLFormElement) {
    const check = checkHeroForm({ title, subtitle });
    if (!accept(form, check)) return;
    void save(ADMIN_MESSAGES.heroUpdateFailed, async () => {
      const body = new FormData();
      body.set('title', check.value.title);
      body.set('subtitle', check.value.subtitle);
      if (image) body.set('image', image);
      await adminApi<Hero>('/hero/update', { method: 'PUT', body });
      toast.success(tr(ADMIN_MESSAGES.heroUpdated));
      setImage(null);
      await onSaved();
    });
  }

  return (
    <div>
      <AdminPageHeader
        title={text.heroTitle}
        lead={text.heroLead}
        actions={
          <a href={lp('/')} className={buttonClass('outline', 'sm')}>
            {text.viewHome}
          </a>
        }
      />
      <Panel>
        <PageForm label={text.heroTitle} onSubmit={submit} problem={problem} busy={saving} submitLabel={text.saveHero}>
          <TextInput
            label={text.title}
            value={title}
            onValue={setTitle}
            error={error('title')}
            maxLength={ADMIN_LIMITS.textMax}
            disabled={saving}
            required
          />
          <TextArea
            label={text.subtitle}
            rows={3}
            value={subtitle}
            onValue={setSubtitle}
            error={error('subtitle')}
            maxLength={ADMIN_LIMITS.textMax}
            disabled={saving}
            required
          />
          <ImageInput
            label={text.backgroundImage}
            file={image}
            onChange={setImage}
            currentUrl={hero.image?.url}
            currentAlt={text.currentHeroImage}
            error={error('image')}
            hint={text.heroImageHint}
            disabled={saving}
          />
        </PageForm>
      </Panel>
    </div>
  );
}
