/**
 * The rules' texts of VAT and tax invoices (docs/product.md#tax-invoices), written once in English;
 * the `tax` namespace translates them. Kept apart from the zod schemas so pages can show them
 * without shipping zod.
 */
export const TAX_MESSAGES = {
  trnInvalid: 'A Tax Registration Number (TRN) is 15 digits.',
  legalNameRequired: 'Enter the legal name registered for VAT.',
  legalNameTooLong: 'A legal name can be at most 200 characters.',
  addressRequired: 'Enter the address registered for VAT.',
  addressTooLong: 'An address can be at most 500 characters.',
  countryRequired: 'Choose the country you are buying from.',
  countryInvalid: 'Choose a country from the list.',
  companyTooLong: 'A company name can be at most 200 characters.',
  invoiceNotFound: 'There is no invoice for this order.',
  orderNotFound: 'Order not found.',
} as const;
