import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as blogs from './admin/blogs.ts';
import * as common from './admin/common.ts';
import * as courses from './admin/courses.ts';
import * as home from './admin/home.ts';
import * as mentor from './admin/mentor.ts';
import * as modules from './admin/modules.ts';
import * as podcasts from './admin/podcasts.ts';
import * as settings from './admin/settings.ts';
import * as auth from './auth.ts';
import * as coupons from './coupons.ts';
import { type ErrorRef, errorDetail, errorValueNames, isErrorCode } from './error-codes.ts';
import { fieldErrors } from './field-errors.ts';
import * as leadRules from './lead-rules.ts';
import * as leads from './leads.ts';
import * as payments from './payments.ts';
import * as progress from './progress.ts';
import * as quiz from './quiz.ts';
import * as refunds from './refunds.ts';
import * as revenue from './admin/revenue.ts';
import * as taxDocuments from './tax-documents.ts';
import * as vat from './vat.ts';

/*
 * Every shared check speaks in codes (docs/i18n.md#errors): each schema's and each form check's
 * refusal, walked with bad input, is a code of the catalogues with the values its text needs.
 * Zod's own words (a schema that gave none) are marked here, so that a text of ours written in
 * English, or a code misspelt, fails.
 */
const ZOD_OWN = '(zod)';
const MODULES = {
  blogs,
  common,
  courses,
  home,
  mentor,
  modules,
  podcasts,
  settings,
  auth,
  coupons,
  leads,
  payments,
  progress,
  quiz,
  refunds,
  revenue,
  taxDocuments,
  vat,
};

/** Bad values of every kind: missing, wrong type, blank, too long, too big, not a choice. */
const BAD: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x'.repeat(200_001),
  'nope',
  -1,
  1.5,
  1e12,
  true,
  [],
  {},
  '<p></p>',
  '9999-99-99',
];

/** Inputs for `schema`: the bad values, and objects and lists of its parts' bad values. */
function samples(schema: z.ZodType, depth = 0): unknown[] {
  if (depth > 4) return BAD;
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  const inner = (def.innerType ?? def.in ?? def.schema) as z.ZodType | undefined;
  if (inner && def.type !== 'object') return [...samples(inner, depth + 1), ...BAD];
  if (def.type === 'object') {
    const shape = (schema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    const parts = Object.entries(shape).map(([key, part]) => [key, samples(part, depth + 1)] as const);
    const longest = Math.max(1, ...parts.map(([, values]) => values.length));
    return [
      ...BAD,
      ...Array.from({ length: longest }, (_, i) =>
        Object.fromEntries(parts.map(([key, values]) => [key, values[i % values.length]])),
      ),
    ];
  }
  if (def.type === 'array') {
    const element = samples(def.element as z.ZodType, depth + 1);
    return [...BAD, ...element.map((item) => [item]), Array(1_001).fill(0)];
  }
  return BAD;
}

function isSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** What is wrong with one refusal: '' when it is a known code with its values. */
function wrong(where: string, ref: unknown): string {
  const detail = errorDetail(ref as ErrorRef);
  if (!isErrorCode(detail.code)) return `${where}: ${JSON.stringify(ref)} is not a code`;
  const names = Object.keys(detail.values ?? {})
    .sort()
    .join();
  if (names !== [...errorValueNames(detail.code)].sort().join())
    return `${where}: ${detail.code} with values [${names}]`;
  return '';
}

/** A form's fields where every field holds `value` (the checks read fields by name). */
const formOf = (value: unknown) =>
  new Proxy(
    {},
    { get: (_, key) => (typeof key === 'string' && key !== 'then' && key !== 'toJSON' ? value : undefined) },
  );

/** The errors `checkArabicTitleAndBody` writes for fields that all hold `value`. */
function arabicTwinErrors(value: unknown): common.FieldErrors {
  const errors: common.FieldErrors = {};
  common.checkArabicTitleAndBody(formOf(value), errors);
  return errors;
}

describe('the shared checks', () => {
  it('refuse with codes of the catalogues, never with English', () => {
    z.config({ customError: () => ZOD_OWN });
    const problems = new Set<string>();
    let schemas = 0;
    for (const [moduleName, exports] of Object.entries(MODULES)) {
      for (const [name, value] of Object.entries(exports)) {
        if (!isSchema(value)) continue;
        schemas += 1;
        for (const input of samples(value)) {
          const parsed = value.safeParse(input);
          if (parsed.success) continue;
          for (const issue of parsed.error.issues)
            if (issue.message !== ZOD_OWN && !isErrorCode(issue.message))
              problems.add(`${moduleName}.${name}: '${issue.message}'`);
          for (const [field, ref] of Object.entries(fieldErrors(parsed.error)))
            problems.add(wrong(`${moduleName}.${name} ${field}`, ref));
        }
      }
    }
    z.config({ customError: undefined });
    expect(schemas).toBeGreaterThan(40);

    // The form checks, with every field bad in each way.
    const checks: [string, (value: unknown) => unknown][] = [
      ['checkBlogForm', (v) => blogs.checkBlogForm(formOf(v))],
      ['checkCourseForm create', (v) => courses.checkCourseForm(formOf(v), { mode: 'create', hasThumbnail: false })],
      ['checkCourseForm update', (v) => courses.checkCourseForm(formOf(v), { mode: 'update', hasThumbnail: true })],
      ['checkHeroForm', (v) => home.checkHeroForm(formOf(v))],
      ['checkIntroForm', (v) => home.checkIntroForm(formOf(v))],
      ['checkMentorForm', (v) => mentor.checkMentorForm(formOf(v))],
      ['checkPodcastForm', (v) => podcasts.checkPodcastForm(formOf(v) as never)],
      ['checkSettingsForm', (v) => settings.checkSettingsForm(formOf(v) as never)],
      ['checkCouponForm', (v) => coupons.checkCouponForm(formOf(v) as never)],
      [
        'checkBulkModules',
        (v) =>
          modules.checkBulkModules([
            { title: v, titleAr: v, videos: [] } as never,
            { title: v, videos: [{ title: v, titleAr: v, videoUrl: v, length: v }] } as never,
          ]),
      ],
      ['checkArabicTitleAndBody', (v) => common.fail(arabicTwinErrors(v))],
    ];
    let refusals = 0;
    // Form fields arrive as text.
    const texts = BAD.filter((value) => typeof value === 'string');
    for (const [name, check] of checks) {
      for (const value of texts) {
        const result = check(value) as common.FormCheck<unknown>;
        if (result.ok) continue;
        refusals += 1;
        problems.add(wrong(`${name} (form)`, result.message));
        for (const [field, ref] of Object.entries(result.errors)) problems.add(wrong(`${name} ${field}`, ref));
      }
    }
    for (const value of texts) {
      for (const [name, errors] of [
        ['validateContactForm', leadRules.validateContactForm(formOf(value))],
        ['validateConsultationForm', leadRules.validateConsultationForm(formOf(value))],
      ] as const) {
        for (const [field, ref] of Object.entries(errors)) {
          refusals += 1;
          problems.add(wrong(`${name} ${field}`, ref));
        }
      }
    }
    expect(refusals).toBeGreaterThan(50);
    problems.delete('');
    expect([...problems]).toEqual([]);
  }, 60_000);
});
