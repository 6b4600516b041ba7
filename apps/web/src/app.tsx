import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import MainApp from './pages/main-app';
import { useTheme } from './lib/theme';
import { useAuth } from './lib/auth';

const PrivacyPolicyPage = lazy(() =>
  import('./pages/legal-pages').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsPage = lazy(() => import('./pages/legal-pages').then((m) => ({ default: m.TermsPage })));
const DataDeletionPage = lazy(() =>
  import('./pages/legal-pages').then((m) => ({ default: m.DataDeletionPage })),
);

const ResetPasswordPage = lazy(() => import('./features/password-reset/reset-password-page'));
const VerifyEmailPage = lazy(() => import('./features/email-verification/verify-email-page'));
const SharePage = lazy(() => import('./features/report-share/share-page'));

/**
 * Routes: three legal pages; /reset-password, where an e-mailed reset link lands, and
 * /verify-email, where a confirmation link does; the main app's addresses (/, /report/{video id},
 * /history, /workspaces, /workspaces/{id}) and any unknown path, which shows the dashboard. One
 * layout route holds the main app, so moving between its addresses keeps it mounted.
 */
export function App() {
  const { theme, toggle } = useTheme();
  const { token } = useAuth();
  const props = { theme, onToggleTheme: toggle };
  return (
    <Suspense
      fallback={
        <div className="page-loading" role="status">
          Loading…
        </div>
      }
    >
      <Routes>
        <Route path="/privacy-policy" element={<PrivacyPolicyPage {...props} />} />
        <Route path="/terms-of-service" element={<TermsPage {...props} />} />
        <Route path="/instagram-data-deletion" element={<DataDeletionPage {...props} />} />
        {/* The page an e-mailed password reset link opens (after Forgot password?). */}
        <Route path="/reset-password" element={<ResetPasswordPage {...props} />} />
        {/* The page an e-mailed address confirmation link opens. */}
        <Route path="/verify-email" element={<VerifyEmailPage {...props} />} />
        {/* A report someone shared: read-only, signed in or not. */}
        <Route path="/share/:token" element={<SharePage {...props} />} />
        {/* Keyed by the token: signing in or out starts the main app from a clean state. */}
        <Route element={<MainApp key={token ?? 'signed-out'} {...props} />}>
          <Route index />
          <Route path="report/:videoId" />
          <Route path="history" />
          <Route path="workspaces" />
          <Route path="workspaces/:workspaceId" />
          <Route path="questions" />
          <Route path="*" />
        </Route>
      </Routes>
    </Suspense>
  );
}
