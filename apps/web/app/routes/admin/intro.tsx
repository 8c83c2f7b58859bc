import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES, checkIntroForm, type FieldErrors } from '@oasis/shared/admin';
import type { Intro } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { FormMessage } from '~/components/ui/field';
import { Spinner } from '~/components/auth/auth-page';
import { TextArea, TextInput } from '~/components/admin/fields';
import { ImageInput } from '~/components/admin/image-input';
import { AdminPageHeader, ErrorState, LoadingState, Panel } from '~/components/admin/page';
import { adminApi, describeFailure, failureToast } from '~/components/admin/request';
import { useAdminData } from '~/components/admin/use-admin-data';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/intro';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Intro');

type IntroText = Pick<Intro, 'heading' | 'subheading' | 'paragraph1' | 'paragraph2'>;

/** /admin/dashboard/introeditor (spec §5): the home page's introduction block; every text is required. */
export default function IntroEditor() {
  const { state, retry, setData } = useAdminData<Intro>('/intro/intro', 'Failed to load the introduction');
  if (state.status === 'loading') return <LoadingState label="Loading the introduction..." />;
  if (state.status === 'error')
    return <ErrorState message={state.message} signedOut={state.signedOut} onRetry={retry} />;
  return <IntroForm intro={state.data} onSaved={(intro) => setData(() => intro)} />;
}

function IntroForm({ intro, onSaved }: { intro: Intro; onSaved(intro: Intro): void }) {
  const [text, setText] = useState<IntroText>({
    heading: intro.heading,
    subheading: intro.subheading,
    paragraph1: intro.paragraph1,
    paragraph2: intro.paragraph2,
  });
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const fieldError = (key: keyof IntroText) =>
    errors[key] === ADMIN_MESSAGES.introFieldsRequired ? 'This field is required.' : errors[key];

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const check = checkIntroForm(text);
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
      for (const [key, value] of Object.entries(check.value)) body.set(key, value);
      if (image) body.set('image', image);
      const saved = await adminApi<Intro>('/intro/intro', { method: 'PUT', body });
      toast.success(ADMIN_MESSAGES.introUpdated);
      setImage(null);
      onSaved(saved);
    } catch (error) {
      const failure = describeFailure(error, ADMIN_MESSAGES.introUpdateFailed);
      setErrors(failure.fields);
      setProblem(failure.message);
      toast.error(failureToast(error, ADMIN_MESSAGES.introUpdateFailed));
    } finally {
      setSaving(false);
    }
  }

  const set = (key: keyof IntroText) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setText((t) => ({ ...t, [key]: e.target.value }));

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
        <form ref={form} noValidate onSubmit={submit} aria-label="Intro" className="space-y-6">
          <div className="grid gap-6 md:grid-cols-2">
            <TextInput
              label="Heading"
              value={text.heading}
              onChange={set('heading')}
              error={fieldError('heading')}
              maxLength={ADMIN_LIMITS.textMax}
              disabled={saving}
              required
            />
            <TextInput
              label="Subheading"
              value={text.subheading}
              onChange={set('subheading')}
              error={fieldError('subheading')}
              maxLength={ADMIN_LIMITS.textMax}
              disabled={saving}
              required
            />
          </div>
          <TextArea
            label="First paragraph"
            rows={4}
            value={text.paragraph1}
            onChange={set('paragraph1')}
            error={fieldError('paragraph1')}
            maxLength={ADMIN_LIMITS.textMax}
            disabled={saving}
            required
          />
          <TextArea
            label="Second paragraph"
            rows={4}
            value={text.paragraph2}
            onChange={set('paragraph2')}
            error={fieldError('paragraph2')}
            maxLength={ADMIN_LIMITS.textMax}
            disabled={saving}
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
          {problem && <FormMessage tone="error">{problem}</FormMessage>}
          <div className="flex justify-end border-t border-slate-100 pt-6">
            <button type="submit" className={buttonClass('secondary', 'md', 'w-full sm:w-auto')} disabled={saving}>
              {saving && <Spinner className="h-4 w-4" />}
              {saving ? 'Saving...' : 'Save Intro'}
            </button>
          </div>
        </form>
      </Panel>
    </div>
  );
}
