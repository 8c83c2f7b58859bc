import { Link } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { useRootData } from '~/components/layout/root-data';
import { seo } from '~/lib/seo';
import type { Route } from './+types/privacy-policy';

export const EFFECTIVE_DATE = '2025-06-29';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: 'Privacy Policy',
    description:
      'How we collect, use and protect your personal data when you browse, create an account, buy a course or contact us, and your rights under UAE law.',
    path: '/privacy-policy',
  });

const SECTIONS = [
  { id: 'who-we-are', title: '1. Who we are' },
  { id: 'what-we-collect', title: '2. What we collect' },
  { id: 'how-we-use', title: '3. How and why we use it' },
  { id: 'cookies', title: '4. Cookies and local storage' },
  { id: 'sharing', title: '5. Who we share it with' },
  { id: 'transfers', title: '6. International transfers' },
  { id: 'retention', title: '7. How long we keep it' },
  { id: 'rights', title: '8. Your rights' },
  { id: 'security', title: '9. Security' },
  { id: 'children', title: '10. Children' },
  { id: 'changes', title: '11. Changes to this policy' },
  { id: 'contact', title: '12. Contact us' },
];

export default function PrivacyPolicy() {
  const settings = useRootData()?.settings;
  const brand = settings?.brandName ?? 'This site';
  const email = settings?.email;
  const mail = email ? <a href={`mailto:${email}`}>{email}</a> : <Link to="/contact">our contact page</Link>;
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader
        eyebrow="Legal"
        title="Privacy Policy"
        lead="How we collect, use and protect your personal data, and the choices you have."
      >
        <p className="mt-6 inline-flex rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-white">
          Valid from{' '}
          <time dateTime={EFFECTIVE_DATE} className="ml-1 font-semibold">
            29 June 2025
          </time>
        </p>
      </PageHeader>

      <div className="bg-white py-14 sm:py-20">
        <div className="wrap grid gap-12 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <nav aria-label="On this page" className="lg:sticky lg:top-28 lg:self-start">
            <h2 className="text-sm font-bold uppercase tracking-[0.18em] text-brand-gold">On this page</h2>
            <ol className="mt-4 space-y-2 text-slate-700">
              {SECTIONS.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="rounded-sm hover:text-brand-green hover:underline">
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="rich-text max-w-3xl">
            <p>
              This policy explains how {settings?.brandName ?? 'we'} (“we”, “us”) handles personal data when you use
              this website: when you browse it, create an account, buy and take a course, or contact us. We process
              personal data in line with the UAE Federal Decree-Law No. 45 of 2021 on the Protection of Personal Data
              (PDPL) and, where it applies to you, other data-protection laws such as the EU and UK GDPR.
            </p>

            <h2 id="who-we-are">1. Who we are</h2>
            <p>
              {brand} is responsible (the “controller”) for the personal data described here. Our office is at{' '}
              {settings?.address ?? 'Dubai Silicon Oasis, Dubai, United Arab Emirates'}. You can reach us about anything
              in this policy at {mail}.
            </p>

            <h2 id="what-we-collect">2. What we collect</h2>
            <ul>
              <li>
                <strong>Account details:</strong> your name, e-mail address and, if you give it, your phone number. Your
                password is stored only as a one-way hash; we never see it. If you sign in with Google, we receive your
                name and e-mail address from Google.
              </li>
              <li>
                <strong>Purchases:</strong> the course you buy, the price, the date and the payment reference. Card
                details are entered on our payment provider’s secure page and never reach our servers.
              </li>
              <li>
                <strong>Learning records:</strong> the courses you are enrolled in, the lessons you have completed and
                your quiz results, so you can pick up where you left off on any device.
              </li>
              <li>
                <strong>Enquiries:</strong> what you send through the contact form (name, e-mail, phone number, your
                message and its topic) or the consultation form (name, e-mail, phone number, investment interest, budget
                range and preferred call time), and any e-mails we exchange afterwards.
              </li>
              <li>
                <strong>Technical data:</strong> our servers record requests (IP address, browser type, the page asked
                for and the time) to keep the site secure and working.
              </li>
            </ul>
            <p>
              We do not ask for, and ask you not to send us, sensitive data such as health or religious information.
            </p>

            <h2 id="how-we-use">3. How and why we use it</h2>
            <ul>
              <li>
                <strong>To provide your account and courses</strong> (performing our contract with you): signing you in,
                giving you access to what you bought, saving your progress.
              </li>
              <li>
                <strong>To take payments and keep records</strong> (contract and legal obligation): confirming payments,
                issuing receipts and meeting UAE accounting and tax rules.
              </li>
              <li>
                <strong>To answer enquiries and arrange consultations</strong> (your request and consent): replying by
                e-mail or phone at the time you prefer.
              </li>
              <li>
                <strong>To keep the site secure</strong> (legitimate interests): preventing fraud and abuse, limiting
                repeated failed log-ins, fixing faults.
              </li>
              <li>
                <strong>Service e-mails</strong> such as password resets and purchase confirmations. We only send
                marketing e-mails if you have agreed to receive them, and every one has a way to unsubscribe.
              </li>
            </ul>
            <p>We do not sell your personal data, and we do not use it for automated decisions about you.</p>

            <h2 id="cookies">4. Cookies and local storage</h2>
            <p>
              We do not use advertising or tracking cookies. When you log in, your browser keeps a session token in its
              local storage so you stay signed in; logging out removes it and ends the session on our server.
            </p>
            <p>
              Course lessons and the videos on our pages are hosted by Vimeo and YouTube. A YouTube video is only loaded
              when you press play, and then uses YouTube’s privacy-enhanced mode; those providers may set their own
              cookies under their own policies once a player loads. You can clear cookies and local storage at any time
              in your browser settings.
            </p>

            <h2 id="sharing">5. Who we share it with</h2>
            <p>
              We share personal data only with service providers who help us run the site, under contracts that protect
              it:
            </p>
            <ul>
              <li>our payment provider (such as Ziina or Stripe), to take your payment;</li>
              <li>our e-mail delivery provider, to send the messages described above;</li>
              <li>our hosting and storage providers, who keep the site and its data running;</li>
              <li>Google, if you choose to sign in with Google; Vimeo and YouTube, when you watch a video.</li>
            </ul>
            <p>
              We may also disclose data when the law requires it, for example to a court or a regulator, or to protect
              the rights and safety of our users and ourselves.
            </p>

            <h2 id="transfers">6. International transfers</h2>
            <p>
              Some of our providers process data outside the UAE. When that happens we rely on the safeguards the PDPL
              allows, such as transfers to countries with adequate protection or contractual protections with the
              provider.
            </p>

            <h2 id="retention">7. How long we keep it</h2>
            <ul>
              <li>
                Account and learning records: while your account is open, and deleted within 90 days after you close it.
              </li>
              <li>
                Enquiries and consultation requests: up to 24 months after our last contact, unless you become a client.
              </li>
              <li>Payment and accounting records: as long as UAE law requires, usually five years.</li>
              <li>Server logs: up to 90 days, unless needed to investigate a security incident.</li>
            </ul>

            <h2 id="rights">8. Your rights</h2>
            <p>Under the PDPL (and the GDPR, where it applies) you can ask us to:</p>
            <ul>
              <li>tell you what personal data we hold about you and give you a copy;</li>
              <li>correct data that is inaccurate or incomplete;</li>
              <li>delete your data, or restrict how we use it;</li>
              <li>stop using it for a purpose you object to, including any direct marketing;</li>
              <li>send your data to you or another organisation in a structured, machine-readable form;</li>
              <li>withdraw a consent you gave, without affecting what we did before.</li>
            </ul>
            <p>
              To use any of these rights, write to {mail}. We may ask you to confirm your identity and will reply within
              30 days. If you are unhappy with our answer, you can complain to the UAE Data Office or to the
              data-protection authority where you live.
            </p>

            <h2 id="security">9. Security</h2>
            <p>
              The site uses encrypted connections (HTTPS). Passwords are hashed, session tokens are stored hashed and
              expire, and access to personal data is limited to the people who need it. No system is perfectly secure,
              so please use a strong, unique password and tell us straight away if you think your account has been
              misused.
            </p>

            <h2 id="children">10. Children</h2>
            <p>
              This site and its courses are meant for adults. We do not knowingly collect personal data from anyone
              under 18; if you believe a child has given us their data, please contact us and we will delete it.
            </p>

            <h2 id="changes">11. Changes to this policy</h2>
            <p>
              We may update this policy when our services or the law change. The date at the top shows when it last took
              effect; if a change is significant, we will tell account holders by e-mail before it applies.
            </p>

            <h2 id="contact">12. Contact us</h2>
            <p>
              Questions or requests about your personal data: {mail}
              {settings?.phone ? `, or call ${settings.phone}` : ''}. Post: {brand},{' '}
              {settings?.address ?? 'Dubai Silicon Oasis, Dubai, United Arab Emirates'}.
            </p>
          </div>
        </div>
      </div>
    </main>
  );
}
