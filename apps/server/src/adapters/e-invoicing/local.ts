import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EInvoiceDocument, EInvoicing } from './index.ts';

/** Document numbers are safe file names; anything else is refused rather than written elsewhere. */
const SAFE_NUMBER = /^[A-Z]{2,4}-\d{6,}$/;

/**
 * The local default: each document's XML in `dir` (DATA_DIR/e-invoices) as `<number>.xml`,
 * written to a temporary name and renamed, so a reader never sees half a file.
 */
export function createLocalEInvoicing(dir: string): EInvoicing {
  return {
    async send(document: EInvoiceDocument) {
      if (!SAFE_NUMBER.test(document.number)) throw new Error('e-invoice number is not a document number');
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, `${document.number}.xml`);
      const partial = `${target}.${process.pid}.part`;
      await writeFile(partial, document.xml, 'utf8');
      await rename(partial, target);
      return { reference: `local:${document.number}.xml` };
    },
  };
}
