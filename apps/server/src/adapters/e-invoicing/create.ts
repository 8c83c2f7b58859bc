import type { EInvoicingConfig } from '../../config.ts';
import type { EInvoicing } from './index.ts';
import { createLocalEInvoicing } from './local.ts';

/** The e-invoicing adapter the configuration chooses (E_INVOICING_PROVIDER; only `local` so far). */
export function createEInvoicing(config: EInvoicingConfig): EInvoicing {
  return createLocalEInvoicing(config.dir);
}
