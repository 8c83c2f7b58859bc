/** STUB (owned by the Leads work): the /contact form of spec §2 and §5. */
export function ContactForm({ defaultQueryType = 'consultation' }: { defaultQueryType?: 'consultation' | 'course' }) {
  return <p data-stub="contact-form" data-query-type={defaultQueryType} />;
}
