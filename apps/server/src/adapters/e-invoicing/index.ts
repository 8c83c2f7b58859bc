/**
 * Where business buyers' e-invoices go (docs/decisions/ for the PINT AE choice): one call that
 * hands over a document's PINT AE XML. The local default (`local.ts`) keeps the files on this
 * machine for the owner's accountant or a later upload; an accredited provider's adapter will
 * implement the same call. `create.ts` picks one from the configuration.
 */
export interface EInvoiceDocument {
  /** The document's number, e.g. 'INV-000042' or 'CN-000003': unique, and the file's name. */
  number: string;
  kind: 'invoice' | 'credit_note';
  xml: string;
}

export interface EInvoicing {
  /**
   * Hands the document over; resolves once it is kept (locally) or accepted (by a provider), with
   * where it went. Sending the same number again replaces it with the same bytes, so a retry is safe.
   */
  send(document: EInvoiceDocument): Promise<{ reference: string }>;
}
