import { eq } from 'drizzle-orm';
import { checkHeroForm, checkIntroForm } from '@oasis/shared/admin/home';
import type { Hero, Intro } from '@oasis/shared/api';
import { CENTRE } from '@oasis/shared/selling';
import type { Db } from '../../db/client.ts';
import { hero, intro, media } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { assertValid } from '../../lib/form-check.ts';
import type { ReadFormResult } from '../media/form-input.ts';
import { DEFAULT_HERO, DEFAULT_INTRO } from './defaults.ts';
import { type MediaRow, toImage, withUploadedImage } from '../media/service.ts';

export type HeroRow = typeof hero.$inferSelect;
export type IntroRow = typeof intro.$inferSelect;

const EPOCH = new Date(0).toISOString();
/** The defaults have no Arabic: Arabic pages show them in English until the owner saves their own. */
const NO_ARABIC_HERO = { titleAr: '', subtitleAr: '' } as const;
const NO_ARABIC_INTRO = { headingAr: '', subheadingAr: '', paragraph1Ar: '', paragraph2Ar: '' } as const;

export function toHero(row: HeroRow | null, image: MediaRow | null): Hero {
  if (!row) return { ...DEFAULT_HERO, ...NO_ARABIC_HERO, image: null, imageFocus: CENTRE, updatedAt: EPOCH };
  return {
    title: row.title,
    titleAr: row.titleAr,
    subtitle: row.subtitle,
    subtitleAr: row.subtitleAr,
    image: toImage(image),
    imageFocus: row.imageFocus,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toIntro(row: IntroRow | null, image: MediaRow | null): Intro {
  if (!row) return { ...DEFAULT_INTRO, ...NO_ARABIC_INTRO, image: null, imageFocus: CENTRE, updatedAt: EPOCH };
  return {
    heading: row.heading,
    headingAr: row.headingAr,
    subheading: row.subheading,
    subheadingAr: row.subheadingAr,
    paragraph1: row.paragraph1,
    paragraph1Ar: row.paragraph1Ar,
    paragraph2: row.paragraph2,
    paragraph2Ar: row.paragraph2Ar,
    image: toImage(image),
    imageFocus: row.imageFocus,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getHero(db: Db): Promise<Hero> {
  const [row] = await db.select({ hero, image: media }).from(hero).leftJoin(media, eq(media.id, hero.imageId)).limit(1);
  return toHero(row?.hero ?? null, row?.image ?? null);
}

export async function getIntro(db: Db): Promise<Intro> {
  const [row] = await db
    .select({ intro, image: media })
    .from(intro)
    .leftJoin(media, eq(media.id, intro.imageId))
    .limit(1);
  return toIntro(row?.intro ?? null, row?.image ?? null);
}

// ---------------------------------------------------------------------------------------------
// Admin writes: the hero banner and the intro block are single rows (id 'main'), created on the
// first save. A new image replaces the old one, whose files are deleted.

type ContentDeps = Pick<Deps, 'db' | 'storage' | 'pageCache'>;
type HomeForm = Pick<ReadFormResult, 'fields' | 'image'>;

/**
 * `PUT /hero/update`: title, subtitle and optionally a new image; the Arabic title and subtitle
 * and the image's focal point (`focusX`, `focusY`) when given (left out, they keep their value;
 * '' clears a translation).
 */
export async function updateHero(deps: ContentDeps, form: HomeForm): Promise<Hero> {
  const value = assertValid(checkHeroForm(form.fields));
  const [current] = await deps.db.select({ imageId: hero.imageId }).from(hero).limit(1);
  await withUploadedImage(
    deps,
    form.image,
    (image) =>
      deps.db
        .insert(hero)
        .values({ id: 'main', ...value, imageId: image?.id ?? null })
        .onConflictDoUpdate({
          target: hero.id,
          set: { ...value, ...(image && { imageId: image.id }), updatedAt: new Date() },
        }),
    current?.imageId,
  );
  return getHero(deps.db);
}

/**
 * `PUT /intro/intro`: heading, subheading, both paragraphs (all required) and optionally an image;
 * their Arabic twins and the image's focal point when given (left out, they keep their value).
 */
export async function updateIntro(deps: ContentDeps, form: HomeForm): Promise<Intro> {
  const value = assertValid(checkIntroForm(form.fields));
  const [current] = await deps.db.select({ imageId: intro.imageId }).from(intro).limit(1);
  await withUploadedImage(
    deps,
    form.image,
    (image) =>
      deps.db
        .insert(intro)
        .values({ id: 'main', ...value, imageId: image?.id ?? null })
        .onConflictDoUpdate({
          target: intro.id,
          set: { ...value, ...(image && { imageId: image.id }), updatedAt: new Date() },
        }),
    current?.imageId,
  );
  return getIntro(deps.db);
}
