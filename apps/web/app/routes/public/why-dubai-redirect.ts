import { redirect } from 'react-router';
import type { Route } from './+types/why-dubai-redirect';

/** `/why-dubai` is canonical (docs/product.md#why-dubai); the old address moves there permanently. */
export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`/why-dubai${search}`, 301);
}
