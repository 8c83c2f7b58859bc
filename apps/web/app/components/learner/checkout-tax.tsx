import { countryCodesIn } from '@oasis/shared/country-codes';
import { TAX_LIMITS, trnField } from '@oasis/shared/vat';
import { SelectField, TextField } from '~/components/ui/form';
import { type FieldErrorRef, fieldErrorText } from '~/lib/field-error-text';
import { useI18n } from '~/lib/i18n';

/** The buyer's tax details as checkout sends them (docs/product.md#tax-invoices). */
export interface BuyerTax {
  buyerCountry: string;
  buyerCompany: string;
  buyerAddress: string;
  buyerTrn: string;
}
export type BuyerTaxErrors = Partial<Record<keyof BuyerTax, FieldErrorRef>>;

/** The checks the server makes too, as error codes (rendered in the page's language). */
export function checkBuyerTax(tax: BuyerTax): BuyerTaxErrors {
  const errors: BuyerTaxErrors = {};
  if (!tax.buyerCountry) errors.buyerCountry = 'tax.countryRequired';
  if (!trnField.safeParse(tax.buyerTrn).success) errors.buyerTrn = 'tax.trnInvalid';
  return errors;
}

/**
 * A VAT-registered seller's checkout asks where the course is used (outside the UAE the invoice
 * says VAT is out of scope; the price stays) and, optionally, a business's details for a full tax
 * invoice. The country is preselected by the page (the phone's code, the browser's region, or AE).
 */
export function CheckoutTax({
  value,
  errors,
  onChange,
}: {
  value: BuyerTax;
  errors: BuyerTaxErrors;
  onChange: (value: BuyerTax) => void;
}) {
  const { t, locale } = useI18n();
  const set = (key: keyof BuyerTax) => (text: string) => onChange({ ...value, [key]: text });
  const error = (key: keyof BuyerTax) => {
    const ref = errors[key];
    return ref ? fieldErrorText(ref, locale) : undefined;
  };
  return (
    <div className="mt-6 space-y-4 border-t border-slate-100 pt-6">
      <SelectField
        id="buyer-country"
        label={t.invoices.buyerCountry}
        value={value.buyerCountry}
        onValue={set('buyerCountry')}
        error={error('buyerCountry')}
        required
        requiredMark
      >
        <option value="">{t.invoices.chooseCountry}</option>
        {countryCodesIn(locale).map((country) => (
          <option key={country.iso} value={country.iso}>
            {country.name}
          </option>
        ))}
      </SelectField>
      <details className="rounded-xl border border-slate-200 p-4">
        <summary className="cursor-pointer font-semibold text-brand-green">{t.invoices.forBusiness}</summary>
        <div className="mt-4 space-y-4">
          <TextField
            id="buyer-company"
            label={t.invoices.company}
            value={value.buyerCompany}
            onValue={set('buyerCompany')}
            autoComplete="organization"
            maxLength={TAX_LIMITS.nameMax}
          />
          <TextField
            id="buyer-address"
            label={t.invoices.companyAddress}
            value={value.buyerAddress}
            onValue={set('buyerAddress')}
            autoComplete="street-address"
            maxLength={TAX_LIMITS.addressMax}
          />
          <TextField
            id="buyer-trn"
            label={t.invoices.companyTrn}
            value={value.buyerTrn}
            onValue={set('buyerTrn')}
            error={error('buyerTrn')}
            inputMode="numeric"
            dir="ltr"
            maxLength={24}
          />
        </div>
      </details>
      <p className="text-sm text-slate-600">{t.invoices.vatIncluded}</p>
    </div>
  );
}
