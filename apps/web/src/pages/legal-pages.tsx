import { DeleteAccountSection } from '../features/account-deletion/delete-account-section';
import { DeletionRequestStatus } from '../features/account-deletion/deletion-request-status';
import { useDocumentTitle } from '../lib/document-title';
import type { Theme } from '../lib/theme';
import { LegalLayout } from './legal-layout';

interface PageProps {
  theme: Theme;
  onToggleTheme: () => void;
}

const UPDATED = 'November 2026';
const CONTACT = 'privacy@chorus.example';

function useTitle(title: string) {
  useDocumentTitle(`${title} — Chorus`);
}

/**
 * Privacy policy (placeholder text): data controller, data collected, YouTube and Instagram API
 * use, AI processing, retention and deletion, children, international transfers, GDPR, CCPA.
 */
export function PrivacyPolicyPage(props: PageProps) {
  useTitle('Privacy Policy');
  return (
    <LegalLayout {...props} title="Privacy Policy" updated={UPDATED}>
      <p>
        Chorus is an AI-powered analytics platform for content creators. This policy explains what
        we collect, why, and the choices you have.
      </p>
      <h2>Data controller</h2>
      <p>
        The data controller is Chorus OÜ, a company registered in Estonia. Contact us at {CONTACT}{' '}
        with any privacy question.
      </p>
      <h2>Data we collect</h2>
      <ul>
        <li>
          Account data: your e-mail address, a hash of your password, your plan and credit balance.
        </li>
        <li>
          Content you analyze: public comments of the videos and posts you choose, and the reports
          we build.
        </li>
        <li>Notes and workspaces you create, and the channel and account ids you link.</li>
        <li>Technical data needed to keep the service secure, such as sign-in attempts.</li>
      </ul>
      <h2>YouTube and Instagram API use</h2>
      <p>
        We read public comments through the YouTube API Services and, for accounts you link, the
        Instagram Graph API. Our use follows the YouTube Terms of Service and the Google Privacy
        Policy. Raw comment text is kept for 30 days; reports keep only aggregates after that.
      </p>
      <h2>AI processing</h2>
      <p>
        Comments may be processed by a third-party AI provider to write headings, summaries and
        answers. Providers act on our instructions and may not use your data to train their models.
      </p>
      <h2>Retention and deletion</h2>
      <p>
        Sessions expire 30 days after sign-in. You can ask us to delete your data at any time; we
        handle deletion requests within 30 days.
      </p>
      <h2>Children</h2>
      <p>Chorus is not meant for children under 13, and we do not knowingly collect their data.</p>
      <h2>International transfers</h2>
      <p>
        Data may be processed in India and Germany by our service providers, under standard
        contractual clauses.
      </p>
      <h2>Your rights under the GDPR</h2>
      <p>
        You may access, correct, export or delete your data, object to processing and complain to a
        supervisory authority, such as the Estonian Data Protection Inspectorate.
      </p>
      <h2>Your rights under the CCPA</h2>
      <p>
        California residents may know what personal information we hold, ask for its deletion and
        opt out of its sale. We do not sell personal information.
      </p>
    </LegalLayout>
  );
}

/**
 * Terms of service (placeholder text): accounts, credits, plans, acceptable use, AI-generated
 * results, governing law.
 */
export function TermsPage(props: PageProps) {
  useTitle('Terms of Service');
  return (
    <LegalLayout {...props} title="Terms of Service" updated={UPDATED}>
      <p>
        These terms govern your use of Chorus, an AI-powered analytics platform for content
        creators.
      </p>
      <h2>Accounts</h2>
      <p>
        You can create an account with an e-mail address and password, with Google one-tap sign-in,
        or with a social login provider. Keep your credentials safe; you are responsible for
        activity on your account.
      </p>
      <h2>Credits</h2>
      <p>New accounts receive 3 free credits. One credit covers 100 analyzed comments.</p>
      <h2>Plans</h2>
      <ul>
        <li>Basic: $29/month, 500 credits per month.</li>
        <li>Pro: $79/month, 1,500 credits per month and priority processing.</li>
        <li>Advanced: $199/month, 5,000 credits per month and all Pro features.</li>
      </ul>
      <h2>Acceptable use</h2>
      <p>
        Analyze only content you are allowed to access, and do not misuse the service or its
        results.
      </p>
      <h2>AI-generated results</h2>
      <p>
        Reports are generated automatically and may contain mistakes; check important conclusions
        yourself.
      </p>
      <h2>Governing law</h2>
      <p>These terms are governed by the laws of Estonia.</p>
    </LegalLayout>
  );
}

/**
 * Data-deletion instructions (what is deleted, the e-mail request, revoking access, confirmation)
 * and self-serve deletion when signed in.
 */
export function DataDeletionPage(props: PageProps) {
  useTitle('Data Deletion');
  return (
    <LegalLayout {...props} title="Data Deletion Instructions" updated={UPDATED}>
      <DeletionRequestStatus />
      <h2>What we delete</h2>
      <ul>
        <li>Account data: your e-mail address, password hash and Google or Facebook sign-in</li>
        <li>Sessions on every device</li>
        <li>Credits and their history</li>
        <li>Workspaces and linked YouTube and Instagram ids</li>
        <li>Analyses and reports, and the comments fetched for them</li>
        <li>Notes</li>
        <li>Notifications</li>
      </ul>
      <h2>Delete your account yourself</h2>
      <DeleteAccountSection />
      <h2>Ask us by e-mail</h2>
      <p>
        You can also send an e-mail from your account address to {CONTACT} with the subject “Delete
        my data”, for example if you can no longer sign in.
      </p>
      <h2>Revoke access</h2>
      <ol>
        <li>
          Google: open your Google Account, go to Security, then Third-party apps with account
          access, and remove Chorus.
        </li>
        <li>
          Facebook and Instagram: open Settings, then Apps and Websites, select Chorus and choose
          Remove. If you also ask Facebook to have your data deleted, Facebook tells us, we delete
          the Chorus account you sign in to with Facebook at once, and Facebook shows you a
          confirmation code and a link to this page with its status.
        </li>
      </ol>
      <h2>Confirmation</h2>
      <p>
        Deleting your account on this page happens at once, and the page confirms it. When you ask
        by e-mail, we confirm the deletion by e-mail within 30 days of your request.
      </p>
    </LegalLayout>
  );
}
