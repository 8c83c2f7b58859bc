import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * Public pages carry public.css inline (root.tsx): Tailwind's utilities for the public pages'
 * sources only. Built here as the app's build does (Tailwind's compiler and scanner), the sheet
 * must hold every class of every module a public page can show (the modules root.tsx, the public
 * routes and the islands import, followed through their imports) and none of the admin's.
 */
const app = path.dirname(fileURLToPath(import.meta.url));

let sheet = '';
let scanned = new Set<string>();

beforeAll(async () => {
  const compiler = await compile(readFileSync(path.join(app, 'public.css'), 'utf8'), {
    base: app,
    onDependency: () => {},
  });
  expect(compiler.root).toBe('none');
  const scanner = new Scanner({ sources: compiler.sources });
  sheet = compiler.build(scanner.scan());
  scanned = new Set(scanner.files.map((file) => path.resolve(file)));
});

/** The app's modules `entry` imports, statically or on demand, followed to the end. */
function importClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)) {
      const specifier = match[1] ?? '';
      const base = specifier.startsWith('~/')
        ? path.join(app, specifier.slice(2))
        : specifier.startsWith('.')
          ? path.resolve(path.dirname(file), specifier)
          : null;
      if (!base) continue;
      const found = ['.tsx', '.ts', '/index.tsx', '/index.ts']
        .map((ending) => base + ending)
        .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
      if (found) visit(found);
    }
  };
  for (const entry of entries) visit(entry);
  return seen;
}

const publicRoutes = readdirSync(path.join(app, 'routes/public'))
  .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
  .map((name) => path.join(app, 'routes/public', name));

/** Whether the built sheet has a rule for `className` (escaped as Tailwind writes it). */
function hasClass(css: string, className: string): boolean {
  const escaped = className.replace(/[^\w-]/g, (character) => `\\${character}`);
  return css.includes(`.${escaped}`);
}

describe('public.css', () => {
  it('scans every module a public page is made of', () => {
    const modules = importClosure([path.join(app, 'root.tsx'), path.join(app, 'islands/main.ts'), ...publicRoutes]);
    expect(modules.size).toBeGreaterThan(40);
    const missing = [...modules].filter((file) => !scanned.has(file)).map((file) => path.relative(app, file));
    expect(missing).toEqual([]);
  });

  it('holds the classes of the public pages', () => {
    // The navigation, the footer, the course page's sticky price card and the booking dialog.
    for (const name of [
      'site-header',
      'footer-link',
      'lg:sticky',
      'backdrop:backdrop-blur-sm',
      'max-h-[calc(100dvh-2rem)]',
    ])
      expect(hasClass(sheet, name), name).toBe(true);
  });

  it("leaves out the admin's and the learner's classes", () => {
    // The focal point picker, the upload buttons, the on/off switch, a lead's message (admin), and
    // the watch page's progress bar (learner).
    for (const name of [
      'cursor-crosshair',
      'file:bg-brand-mist',
      'peer-checked:translate-x-5',
      'whitespace-pre-wrap',
      'transition-[width]',
    ])
      expect(hasClass(sheet, name), name).toBe(false);
  });

  it('is read by no test file, only by the modules it serves', () => {
    expect([...scanned].filter((file) => /\.test\.tsx?$/.test(file))).toEqual([]);
  });
});
