import type { Deps } from '../deps.ts';

/** Seeds demo content into an empty database. */
export async function seedDemoContent(_deps: Deps): Promise<void> {}
