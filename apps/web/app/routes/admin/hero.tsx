import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { checkHeroForm } from '@oasis/shared/admin/home';
import { focusFields } from '@oasis/shared/admin/mentor';
import type { Hero } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { BilingualField } from '~/components/admin/bilingual-field';
import { PageImageFields, pageImageBody, usePageImage } from '~/components/admin/page-image';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import { draftFields, translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/hero';
import { getHero, updateHero } from '~/lib/api/site';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminHome.heroTitle);

type HeroText = Pick<Hero, 'title' | 'titleAr' | 'subtitle' | 'subtitleAr'>;

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin(getHero, ADMIN_SCREEN_MESSAGES.failedToLoadHero, request);

/** /admin/dashboard/heroeditor: the home page banner's title, subtitle (each with its Arabic twin) and image. */
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
  const [text, setText] = useState<HeroText>({
    title: hero.title,
    titleAr: hero.titleAr,
    subtitle: hero.subtitle,
    subtitleAr: hero.subtitleAr,
  });
  const image = usePageImage(hero.imageFocus);
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const { t, tr, locale } = useI18n();
  const copy = t.adminHome;
  const error = translatedErrors(errors, locale);
  const field = draftFields(text, (patch) => setText((current) => ({ ...current, ...patch })), error, saving);

  function submit(form: HTMLFormElement) {
    const check = checkHeroForm({ ...text, ...focusFields(image.focus) });
    if (!accept(form, check)) return;
    void save(ADMIN_MESSAGES.heroUpdateFailed, async () => {
      // The Arabic twins too: '' clears a translation.
      const { imageFocus, ...texts } = check.value;
      await updateHero(pageImageBody({ ...texts, ...(imageFocus && focusFields(imageFocus)) }, image, 'image'));
      toast.success(tr(ADMIN_MESSAGES.heroUpdated));
      image.setFile(null);
      await onSaved();
    });
  }

  return (
    <div>
      <AdminPageHeader title={copy.heroTitle} lead={copy.heroLead} view={{ path: '/', label: copy.viewHome }} />
      <Panel>
        <PageForm label={copy.heroTitle} onSubmit={submit} problem={problem} busy={saving} submitLabel={copy.saveHero}>
          <BilingualField
            english={{ label: copy.title, ...field('title'), maxLength: ADMIN_LIMITS.textMax, required: true }}
            arabic={{ label: copy.titleAr, ...field('titleAr') }}
          />
          <BilingualField
            kind="textarea"
            english={{
              label: copy.subtitle,
              rows: 3,
              ...field('subtitle'),
              maxLength: ADMIN_LIMITS.textMax,
              required: true,
            }}
            arabic={{ label: copy.subtitleAr, ...field('subtitleAr') }}
          />
          <PageImageFields
            image={image}
            name="image"
            label={copy.backgroundImage}
            hint={copy.heroImageHint}
            currentUrl={hero.image?.url}
            currentAlt={copy.currentHeroImage}
            error={error}
            disabled={saving}
          />
        </PageForm>
      </Panel>
    </div>
  );
}
