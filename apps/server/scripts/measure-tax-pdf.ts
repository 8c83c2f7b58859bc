// `npx tsx scripts/measure-tax-pdf.ts` (from apps/server): the cost of drawing a tax document as PDF
// (src/modules/tax-documents/pdf.ts) in a fresh process, for docs/benchmarks.md: the first render
// (which loads the renderer and the fonts), the median of 20 warm ones, the CPU time of each, the memory the process
// holds, and the size of each kind of document.
import { renderTaxDocumentPdf } from '../src/modules/tax-documents/pdf.ts';
import { BUYER, courseLine, taxInvoice } from '../src/modules/tax-documents/pdf.fixtures.ts';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const arabicCourse = 'الاستثمار العقاري في دبي';
const documents = {
  'simplified invoice, English': taxInvoice(),
  'full invoice, English': taxInvoice({
    form: 'full',
    buyer: BUYER,
    lines: [courseLine('Off-Plan Investing Masterclass', 150_000, 26_550), courseLine('Golden Visa Guide', 20_000)],
  }),
  'full invoice, Arabic': taxInvoice({
    locale: 'ar',
    form: 'full',
    buyer: BUYER,
    lines: [courseLine(arabicCourse, 150_000, 26_550)],
  }),
  'credit note, Arabic': taxInvoice({
    kind: 'credit_note',
    number: 'CN-000003',
    locale: 'ar',
    lines: [courseLine(arabicCourse, 50_000)],
    creditOf: {
      invoiceNumber: 'INV-000042',
      invoiceIssuedAt: '2026-03-31T21:30:00.000Z',
      originalGrossFils: 123_450,
      correctedGrossFils: 73_450,
      reason: 'خصم متفق عليه بعد الشراء',
    },
  }),
};

const before = process.memoryUsage().rss;
const first = documents['full invoice, Arabic'];
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return Math.round((used.user + used.system) / 1000);
};
let started = performance.now();
let cpu = process.cpuUsage();
await renderTaxDocumentPdf(first);
const firstMs = performance.now() - started;
const firstCpu = cpuMs(cpu);
const afterFirst = process.memoryUsage().rss;
const warm: number[] = [];
cpu = process.cpuUsage();
for (let turn = 0; turn < 20; turn++) {
  started = performance.now();
  await renderTaxDocumentPdf(first);
  warm.push(performance.now() - started);
}
const warmCpu = cpuMs(cpu) / 20;
warm.sort((a, b) => a - b);
console.log(`first render: ${Math.round(firstMs)} ms (${firstCpu} ms CPU)`);
console.log(`warm: median ${Math.round(warm[10] ?? 0)} ms, ${Math.round(warmCpu)} ms CPU each`);
console.log(
  `rss: ${mb(before)} MB before, ${mb(afterFirst)} MB after the first, ${mb(process.memoryUsage().rss)} MB after 21`,
);
for (const [name, doc] of Object.entries(documents)) {
  console.log(`${name}: ${Math.round((await renderTaxDocumentPdf(doc)).length / 1024)} KB`);
}
