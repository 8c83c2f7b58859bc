import type { Db } from '../../db/client.ts';
import { blogs } from '../../db/schema.ts';
import { uniqueSlug } from '../courses/slugs.ts';

/** A slug for `title` that no other blog post has: `title`, then `title-2`, `title-3`… */
export const uniqueBlogSlug = (db: Db, title: string, exceptId?: string) => uniqueSlug(db, blogs, title, exceptId);
