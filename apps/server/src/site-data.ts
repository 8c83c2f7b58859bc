import type { PublicSiteData } from '@oasis/shared/contracts';
import type { Deps } from './deps.ts';
import { publicReadModel, toSiteData } from './read-model.ts';

/**
 * The public, anonymous view of the content, handed to server-rendered pages as load context. It
 * reads the in-memory read model, which the public API reads too, so a page and `/api/...` never
 * disagree and a render costs no database round trip; video URLs never enter the model.
 */
export function createPublicSiteData(
  deps: Pick<Deps, 'db' | 'pageCache'> & Partial<Pick<Deps, 'database'>>,
): PublicSiteData {
  return toSiteData(publicReadModel(deps));
}
