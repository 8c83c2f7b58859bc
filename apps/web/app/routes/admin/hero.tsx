import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES, checkHeroForm, type FieldErrors } from '@oasis/shared/admin';
import type { Hero } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { FormMessage } from '~/components/ui/field';
import { Spinner } from '~/components/auth/auth-page';
import { TextArea, TextInput } from '~/components/admin/fields';
import { ImageInput } from '~/components/admin/image-input';
import { AdminPageHeader, ErrorState, LoadingState, Panel } from '~/components/admin/page';
import { adminApi, describeFailure, failureToast } from '~/components/admin/request';
import { useAdminData } from '~/components/admin/use-admin-data';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/hero';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Hero');

/** /admin/dashboard/heroeditor: the home page banner's title, subtitle and image. */
export default function HeroEditor() {
  const { state, retry, setData } = useAdminData<Hero>('/hero/get', 'Failed to load the hero section');
  if (state.status === 'loading') return <LoadingState label="Loading the hero section..." />;
  if (state.status === 'error')
    return <ErrorState message={state.message} signedOut={state.signedOut} onRetry={retry} />;
  return <HeroForm hero={state.data} onSaved={(hero) => setData(() => hero)} />;
}

function HeroForm({ hero, onSaved }: { hero: Hero; onSaved(hero: Hero): void }) {
  const [title, setTitle] = useState(hero.title);
  const [subtitle, setSubtitle] = useState(hero.subtitle);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const check = checkHeroForm({ title, subtitle });
    if (!check.ok) {
      setErrors(check.errors);
      setProblem(check.message);
      toast.error(check.message);
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const body = new FormData();
      body.set('title', check.value.title);
      body.set('subtitle', check.value.subtitle);
      if (image) body.set('image', image);
      const saved = await adminApi<Hero>('/hero/update', { method: 'PUT', body });
      toast.success(ADMIN_MESSAGES.heroUpdated);
      setImage(null);
      onSaved(saved);
    } catch (error) {
      const failure = describeFailure(error, ADMIN_MESSAGES.heroUpdateFailed);
      setErrors(failure.fields);
      setProblem(failure.message);
      toast.error(failureToast(error, ADMIN_MESSAGES.heroUpdateFailed));
    } finally {
      setSaving(false);
    }
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
        <form ref={form} noValidate onSubmit={submit} aria-label="Hero" className="space-y-6">
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={errors.title}
            maxLength={ADMIN_LIMITS.textMax}
            disabled={saving}
            required
          />
          <TextArea
            label="Subtitle"
            rows={3}
            value={subtitle}
            onChange={(e) => setSubtitle(e.target.value)}
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
          {problem && <FormMessage tone="error">{problem}</FormMessage>}
          <div className="flex justify-end border-t border-slate-100 pt-6">
            <button type="submit" className={buttonClass('secondary', 'md', 'w-full sm:w-auto')} disabled={saving}>
              {saving && <Spinner className="h-4 w-4" />}
              {saving ? 'Saving...' : 'Save Hero'}
            </button>
          </div>
        </form>
      </Panel>
    </div>
  );
}
