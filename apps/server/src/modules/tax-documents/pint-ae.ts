import { createHash } from 'node:crypto';
import { orderReference } from '@oasis/shared/payments';
import type { TaxDocument, TaxDocumentLine, TaxParty, VatTreatment } from '@oasis/shared/tax-documents';
import { el, type XmlNode, writeXmlDocument } from './xml-writer.ts';

/**
 * A stored tax invoice or credit note as a Peppol PINT AE document (UBL 2.1), the format the UAE's
 * accredited e-invoicing providers take (docs/decisions/ for the mapping choices). Amounts in UBL
 * are VAT-exclusive: each line carries its net amount, and its VAT and VAT-inclusive amount in the
 * UAE's line extension, so the document's totals are sums of the stored integers and reconcile to
 * the fils.
 */

export const PINT_AE_CUSTOMIZATION_ID = 'urn:peppol:pint:billing-1@ae-1';
export const PINT_AE_PROFILE_ID = 'urn:peppol:bis:billing';

/** Participant identifiers in the UAE: scheme 0235 and the party's 10-digit TIN. */
const UAE_SCHEME = '0235';
/** Predefined buyer endpoints for a buyer not on the network: in the UAE, and outside it (export). */
const ENDPOINT_NOT_ON_NETWORK = '9900000098';
const ENDPOINT_EXPORT = '9900000099';

const NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** The emirates' codes (the country subdivision of an address in the UAE) and how addresses name them. */
const EMIRATES: readonly { code: string; city: string; names: readonly string[] }[] = [
  { code: 'AUH', city: 'Abu Dhabi', names: ['abu dhabi', 'abudhabi', 'al ain', 'أبوظبي', 'أبو ظبي', 'العين'] },
  { code: 'DXB', city: 'Dubai', names: ['dubai', 'دبي'] },
  { code: 'SHJ', city: 'Sharjah', names: ['sharjah', 'الشارقة'] },
  { code: 'AJM', city: 'Ajman', names: ['ajman', 'عجمان'] },
  { code: 'UAQ', city: 'Umm Al Quwain', names: ['umm al quwain', 'umm al-quwain', 'أم القيوين'] },
  { code: 'RAK', city: 'Ras Al Khaimah', names: ['ras al khaimah', 'ras al-khaimah', 'رأس الخيمة'] },
  { code: 'FUJ', city: 'Fujairah', names: ['fujairah', 'الفجيرة'] },
];

/**
 * What PINT AE asks of the seller that a stored document does not hold: the trade licence and its
 * issuing authority, and the address's city and emirate. Until the owner's settings hold them, the
 * TRN stands for the licence and the emirate is read from the address text (Dubai when it names
 * none); see the decision record.
 */
export interface PintAeSellerDetails {
  tradeLicence: string;
  licenceAuthority: string;
  emirate: string;
  city: string;
}

/** The document's kind as UBL names its root. */
export function pintAeRoot(document: TaxDocument): 'Invoice' | 'CreditNote' {
  return document.kind === 'credit_note' ? 'CreditNote' : 'Invoice';
}

/** A TRN's first ten digits: the party's TIN, its participant identifier on the network. */
export function tinOf(trn: string): string {
  return trn.slice(0, 10);
}

/** The emirate an address names, in English or Arabic; null when it names none. */
export function emirateOf(address: string): { code: string; city: string } | null {
  const text = address.toLowerCase();
  return EMIRATES.find((emirate) => emirate.names.some((name) => text.includes(name))) ?? null;
}

function defaultSellerDetails(seller: TaxParty): PintAeSellerDetails {
  const emirate = emirateOf(seller.address) ?? { code: 'DXB', city: 'Dubai' };
  return {
    tradeLicence: seller.trn ?? '',
    licenceAuthority: 'Federal Tax Authority',
    emirate: emirate.code,
    city: emirate.city,
  };
}

/** Fils as a UBL amount: two decimals, a dot, no grouping ('1050.00', '-0.05'). */
export function amount(fils: number): string {
  const sign = fils < 0 ? '-' : '';
  const abs = Math.abs(fils);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const money = (name: string, fils: number) => el(name, amount(fils), { currencyID: 'AED' });

/** The date and time of an ISO instant in the UAE (UTC+4 all year). */
function uaeDateTime(iso: string): { date: string; time: string } {
  const local = new Date(new Date(iso).getTime() + 4 * 60 * 60 * 1000).toISOString();
  return { date: local.slice(0, 10), time: `${local.slice(11, 19)}+04:00` };
}

/** A stable UUID for the document (BTAE-07): the same document always gets the same one. */
function documentUuid(document: TaxDocument): string {
  const hex = createHash('sha256').update(`${document.orderId}/${document.number}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** UAE tax categories: standard rated 5 % is S; outside the scope of VAT is O (no rate at all). */
function taxCategory(treatment: VatTreatment): 'S' | 'O' {
  return treatment === 'standard' ? 'S' : 'O';
}

function categoryElement(name: string, category: 'S' | 'O', ratePercent: number): XmlNode {
  return el(name, [
    el('cbc:ID', category),
    category === 'S' && el('cbc:Percent', String(ratePercent)),
    el('cac:TaxScheme', [el('cbc:ID', 'VAT')]),
  ]);
}

function postalAddress(address: string, city: string, subdivision: string, country: string): XmlNode {
  return el('cac:PostalAddress', [
    el('cbc:StreetName', address.trim() || city),
    el('cbc:CityName', city),
    el('cbc:CountrySubentity', subdivision),
    el('cac:Country', [el('cbc:IdentificationCode', country)]),
  ]);
}

function supplierParty(seller: TaxParty, details: PintAeSellerDetails): XmlNode {
  if (!seller.trn) throw new Error('a PINT AE document needs the seller’s TRN');
  return el('cac:AccountingSupplierParty', [
    el('cac:Party', [
      el('cbc:EndpointID', tinOf(seller.trn), { schemeID: UAE_SCHEME }),
      el('cac:PartyName', [el('cbc:Name', seller.name)]),
      postalAddress(seller.address, details.city, details.emirate, 'AE'),
      el('cac:PartyTaxScheme', [el('cbc:CompanyID', seller.trn), el('cac:TaxScheme', [el('cbc:ID', 'VAT')])]),
      el('cac:PartyLegalEntity', [
        el('cbc:RegistrationName', seller.name),
        el('cbc:CompanyID', details.tradeLicence, { schemeAgencyID: 'TL', schemeAgencyName: details.licenceAuthority }),
      ]),
    ]),
  ]);
}

/**
 * The buyer. A business with a TRN is addressed by its TIN; a buyer without one by the predefined
 * endpoint for a buyer not on the network (in the UAE) or for an export (outside it), and named by
 * the order's reference, the seller's own identifier for it.
 */
function customerParty(document: TaxDocument): XmlNode {
  const buyer = document.buyer;
  const country = buyer?.country ?? document.buyerCountry;
  const inUae = country === 'AE';
  const emirate = emirateOf(buyer?.address ?? '');
  const endpoint = buyer?.trn ? tinOf(buyer.trn) : inUae ? ENDPOINT_NOT_ON_NETWORK : ENDPOINT_EXPORT;
  const city = inUae ? (emirate?.city ?? 'Dubai') : country;
  const subdivision = inUae ? (emirate?.code ?? 'DXB') : country;
  const name = buyer?.name.trim() || 'Consumer';
  return el('cac:AccountingCustomerParty', [
    el('cac:Party', [
      el('cbc:EndpointID', endpoint, { schemeID: UAE_SCHEME }),
      !buyer?.trn && el('cac:PartyIdentification', [el('cbc:ID', orderReference(document.orderId))]),
      el('cac:PartyName', [el('cbc:Name', name)]),
      postalAddress(buyer?.address ?? '', city, subdivision, country),
      buyer?.trn
        ? el('cac:PartyTaxScheme', [el('cbc:CompanyID', buyer.trn), el('cac:TaxScheme', [el('cbc:ID', 'VAT')])])
        : null,
      el('cac:PartyLegalEntity', [el('cbc:RegistrationName', name)]),
    ]),
  ]);
}

/** An export (a buyer outside the UAE) must say where the supply went: the buyer's address. */
function delivery(document: TaxDocument): XmlNode {
  const country = document.buyer?.country ?? document.buyerCountry;
  if (country === 'AE') return null;
  return el('cac:Delivery', [
    el('cac:DeliveryLocation', [
      el('cac:Address', [
        el('cbc:StreetName', document.buyer?.address.trim() || country),
        el('cbc:CityName', country),
        el('cbc:CountrySubentity', country),
        el('cac:Country', [el('cbc:IdentificationCode', country)]),
      ]),
    ]),
  ]);
}

/** One VAT breakdown per category present, each the sum of its lines. */
function taxTotal(lines: readonly TaxDocumentLine[]): XmlNode {
  const categories = (['S', 'O'] as const).filter((category) =>
    lines.some((line) => taxCategory(line.treatment) === category),
  );
  const vat = lines.reduce((sum, line) => sum + line.vatFils, 0);
  return el('cac:TaxTotal', [
    money('cbc:TaxAmount', vat),
    ...categories.map((category) => {
      const own = lines.filter((line) => taxCategory(line.treatment) === category);
      return el('cac:TaxSubtotal', [
        money(
          'cbc:TaxableAmount',
          own.reduce((sum, line) => sum + line.netFils, 0),
        ),
        money(
          'cbc:TaxAmount',
          own.reduce((sum, line) => sum + line.vatFils, 0),
        ),
        categoryElement('cac:TaxCategory', category, own[0]?.vatRatePercent ?? 0),
      ]);
    }),
  ]);
}

/**
 * The totals: net, VAT-inclusive, what was paid at checkout and what is left (nothing: a course is
 * paid before its invoice is issued). A credit note's payable amount is what is refunded.
 */
function monetaryTotal(document: TaxDocument): XmlNode {
  const { netFils, grossFils } = document.totals;
  const paidAlready = document.kind === 'invoice';
  return el('cac:LegalMonetaryTotal', [
    money('cbc:LineExtensionAmount', netFils),
    money('cbc:TaxExclusiveAmount', netFils),
    money('cbc:TaxInclusiveAmount', grossFils),
    paidAlready && money('cbc:PrepaidAmount', grossFils),
    money('cbc:PayableAmount', paidAlready ? 0 : grossFils),
  ]);
}

/**
 * One line: one course, quantity one. The price's gross and discount are VAT-exclusive, taken
 * from the VAT-inclusive list price the same way the line's own net was, so net = gross - discount.
 */
function documentLine(document: TaxDocument, line: TaxDocumentLine, index: number): XmlNode {
  const credit = document.kind === 'credit_note';
  const listNet = credit ? line.netFils : netOf(line.listPriceFils, line);
  const discountNet = Math.max(0, listNet - line.netFils);
  const category = taxCategory(line.treatment);
  return el(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
    el('cbc:ID', String(index + 1)),
    el(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', '1', { unitCode: 'C62' }),
    money('cbc:LineExtensionAmount', line.netFils),
    el('cac:Item', [
      el('cbc:Description', line.description),
      el('cbc:Name', line.description),
      categoryElement('cac:ClassifiedTaxCategory', category, line.vatRatePercent),
    ]),
    el('cac:Price', [
      money('cbc:PriceAmount', line.netFils),
      el('cbc:BaseQuantity', '1', { unitCode: 'C62' }),
      el('cac:AllowanceCharge', [
        el('cbc:ChargeIndicator', 'false'),
        money('cbc:Amount', discountNet),
        money('cbc:BaseAmount', listNet),
      ]),
    ]),
    el('cac:ItemPriceExtension', [
      money('cbc:Amount', line.grossFils),
      el('cac:TaxTotal', [money('cbc:TaxAmount', line.vatFils)]),
    ]),
  ]);
}

/** The VAT-exclusive part of a VAT-inclusive price under the line's rate. */
function netOf(grossFils: number, line: TaxDocumentLine): number {
  if (line.vatRatePercent <= 0) return grossFils;
  const divisor = 100 + line.vatRatePercent;
  const vat = Math.floor((2 * grossFils * line.vatRatePercent + divisor) / (2 * divisor));
  return grossFils - vat;
}

/**
 * The UAE's reason for a credit note: the supply cancelled when nothing of it is left, else the
 * agreed consideration altered (a partial refund).
 */
export function creditNoteReasonCode(document: TaxDocument): 'DL8.61.1.A' | 'DL8.61.1.C' {
  return (document.creditOf?.correctedGrossFils ?? 0) <= 0 ? 'DL8.61.1.A' : 'DL8.61.1.C';
}

/** Export (BTAE-02, eighth flag) when the buyer is outside the UAE; no other flag applies here. */
function transactionType(document: TaxDocument): string {
  return (document.buyer?.country ?? document.buyerCountry) === 'AE' ? '00000000' : '00000001';
}

/** The PINT AE XML of a stored document: an Invoice (380) or a CreditNote (381). */
export function toPintAeXml(document: TaxDocument, seller?: PintAeSellerDetails): string {
  const details = seller ?? defaultSellerDetails(document.seller);
  const root = pintAeRoot(document);
  const credit = root === 'CreditNote';
  const issued = uaeDateTime(document.issuedAt);
  const creditOf = document.creditOf;
  if (credit && !creditOf) throw new Error('a credit note needs the invoice it corrects');
  const children: XmlNode[] = [
    el('cbc:CustomizationID', PINT_AE_CUSTOMIZATION_ID),
    el('cbc:ProfileID', PINT_AE_PROFILE_ID),
    el('cbc:ProfileExecutionID', transactionType(document)),
    el('cbc:ID', document.number),
    el('cbc:UUID', documentUuid(document)),
    el('cbc:IssueDate', issued.date),
    el('cbc:IssueTime', issued.time),
    !credit && el('cbc:DueDate', issued.date),
    el(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380'),
    creditOf && el('cbc:Note', creditOf.reason),
    el('cbc:DocumentCurrencyCode', document.currency),
    el('cbc:BuyerReference', orderReference(document.orderId)),
    credit && el('cac:DiscrepancyResponse', [el('cbc:ResponseCode', creditNoteReasonCode(document))]),
    creditOf &&
      el('cac:BillingReference', [
        el('cac:InvoiceDocumentReference', [
          el('cbc:ID', creditOf.invoiceNumber),
          el('cbc:IssueDate', uaeDateTime(creditOf.invoiceIssuedAt).date),
        ]),
      ]),
    supplierParty(document.seller, details),
    customerParty(document),
    delivery(document),
    !credit && el('cac:PaymentMeans', [el('cbc:PaymentMeansCode', '48', { name: 'Bank card' })]),
    taxTotal(document.lines),
    monetaryTotal(document),
    ...document.lines.map((line, index) => documentLine(document, line, index)),
  ];
  return writeXmlDocument(el(root, children, { xmlns: NS[root], 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc }));
}
