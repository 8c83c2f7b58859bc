import { localePath } from '@oasis/shared/i18n/locales';
import { redirect } from 'react-router';
import type { Route } from './+types/why-dubai-redirect';

/**
 * `/why-dubai` is canonical (docs/product.md#why-dubai); the old address moves there permanently,
 * in the same language (`/ar/why-dubai-real-estate` → `/ar/why-dubai`).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`${localePath(context.locale, '/why-dubai')}${search}`, 301);
}
