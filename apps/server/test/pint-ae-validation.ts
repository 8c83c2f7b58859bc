import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * Checks a PINT AE document the way an accredited provider would before sending it: the OASIS UBL
 * 2.1 schema (xmllint compiled to WebAssembly, no native build) and the OpenPeppol PINT AE rules
 * (the published schematron, already compiled to XSLT 2.0, run by SaxonJS). Test-only: nothing
 * here ships with the server.
 */

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const ublDir = join(fixtures, 'ubl-2.1');
const pintDir = join(fixtures, 'pint-ae');

/** The two rule sets of PINT AE billing: the shared PINT rules and the UAE's own (ibr-*-ae). */
export const PINT_AE_RULE_SETS = ['PINT-UBL-validation-preprocessed', 'PINT-jurisdiction-aligned-rules'] as const;

export function readPintFixture(name: string): string {
  return readFileSync(join(pintDir, name), 'utf8');
}

// Every schema module under its path relative to ubl-2.1/, so the relative imports resolve.
function ublModules(): { fileName: string; contents: string }[] {
  return ['common', 'maindoc'].flatMap((folder) =>
    readdirSync(join(ublDir, folder)).map((file) => ({
      fileName: `${folder}/${file}`,
      contents: readFileSync(join(ublDir, folder, file), 'utf8'),
    })),
  );
}

/** The UBL 2.1 schema errors of a document (an Invoice or a CreditNote), empty when it is valid. */
export async function ublSchemaErrors(xml: string): Promise<string[]> {
  const root = /<(?:\w+:)?(Invoice|CreditNote)[\s>]/.exec(xml)?.[1];
  if (!root) return ['root element is neither Invoice nor CreditNote'];
  const modules = ublModules();
  const main = `maindoc/UBL-${root}-2.1.xsd`;
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: modules.filter((m) => m.fileName === main),
    preload: modules.filter((m) => m.fileName !== main),
    maxMemoryPages: 16_384,
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

// Compiling a rule set to SaxonJS's format takes a while, so the result is kept in the system's
// temporary folder under the hash of the stylesheet and reused by later runs.
function compiledRuleSet(name: (typeof PINT_AE_RULE_SETS)[number]): string {
  const source = join(pintDir, `${name}.xslt`);
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 16);
  const cacheDir = join(tmpdir(), 'oasis-pint-ae-sef');
  const target = join(cacheDir, `${name}-${hash}.sef.json`);
  if (existsSync(target)) return target;
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${target}.${process.pid}.part`;
  const require = createRequire(import.meta.url);
  const cli = join(dirname(require.resolve('xslt3/package.json')), 'xslt3.js');
  execFileSync(process.execPath, [cli, `-xsl:${source}`, `-export:${partial}`, '-nogo', '-relocate:on'], {
    stdio: 'pipe',
  });
  renameSync(partial, target);
  return target;
}

interface SaxonJs {
  transform(
    options: { stylesheetFileName: string; sourceText: string; destination: 'serialized' },
    mode: 'sync',
  ): { principalResult: string };
}

/** One failed schematron assertion: its rule id, its flag (fatal or warning) and its text. */
export interface RuleFailure {
  id: string;
  flag: string;
  text: string;
}

/** The failed PINT AE assertions of a document, from both rule sets. */
export function pintAeRuleFailures(xml: string): RuleFailure[] {
  const require = createRequire(import.meta.url);
  const saxon = require('saxon-js') as SaxonJs;
  const failures: RuleFailure[] = [];
  for (const name of PINT_AE_RULE_SETS) {
    const report = saxon.transform(
      { stylesheetFileName: compiledRuleSet(name), sourceText: xml, destination: 'serialized' },
      'sync',
    ).principalResult;
    for (const match of report.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
      const attributes = match[1] ?? '';
      const id = /\bid="([^"]*)"/.exec(attributes)?.[1] ?? '';
      const flag = /\bflag="([^"]*)"/.exec(attributes)?.[1] ?? '';
      const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2] ?? '')?.[1]?.trim() ?? '';
      failures.push({ id, flag, text });
    }
  }
  return failures;
}

/** The failures that stop a document (fatal); warnings are reported but do not block sending. */
export function fatalRuleFailures(xml: string): RuleFailure[] {
  return pintAeRuleFailures(xml).filter((failure) => failure.flag !== 'warning');
}
