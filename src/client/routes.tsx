import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { FullPageSpinner, Spinner } from './components';
import { AppShell } from './layout/app-shell';
import { useAuth } from './lib/auth';
import { AppErrorBoundary, RouteErrorBoundary } from './pages/errors';

/** Each screen is its own chunk, loaded when first visited. */
const auth = () => import('./pages/auth');
// The login screen alone, not the auth barrel: the register page's rules (KVK, BTW, website, phone)
// and company-profile schema are not part of /login's first load.
const LoginPage = lazy(async () => ({ default: (await import('./pages/auth/login-page')).LoginPage }));
const RegisterPage = lazy(async () => ({ default: (await auth()).RegisterPage }));
const ForgotPasswordPage = lazy(async () => ({ default: (await auth()).ForgotPasswordPage }));
const ResetPasswordPage = lazy(async () => ({ default: (await auth()).ResetPasswordPage }));
const VerifyEmailPage = lazy(async () => ({ default: (await auth()).VerifyEmailPage }));
const InvitePage = lazy(async () => ({ default: (await import('./pages/invite/invite-page')).InvitePage }));
const UiComponentsPage = lazy(async () => ({
  default: (await import('./pages/ui-components/ui-components-page')).UiComponentsPage,
}));
const DashboardPage = lazy(async () => ({
  default: (await import('./pages/dashboard/dashboard-page')).DashboardPage,
}));
const OrdersPage = lazy(async () => ({ default: (await import('./pages/orders/orders-page')).OrdersPage }));
const OrderFormPage = lazy(async () => ({
  default: (await import('./pages/order-form/order-form-page')).OrderFormPage,
}));
const CustomersPage = lazy(async () => ({
  default: (await import('./pages/customers/customers-page')).CustomersPage,
}));
const CompanySettingsPage = lazy(async () => ({
  default: (await import('./pages/company-settings/company-settings-page')).CompanySettingsPage,
}));
const NoOrganizationPage = lazy(async () => ({
  default: (await import('./pages/auth/no-organization-page')).NoOrganizationPage,
}));
const TwoFactorEnrolmentPage = lazy(async () => ({
  default: (await import('./pages/company-settings/two-factor-enrolment-page')).TwoFactorEnrolmentPage,
}));
const AuditLogPage = lazy(async () => ({
  default: (await import('./pages/audit-log/audit-log-page')).AuditLogPage,
}));
const EmailTemplatesPage = lazy(async () => ({
  default: (await import('./pages/email-templates/email-templates-page')).EmailTemplatesPage,
}));

/**
 * The route table of spec §2.
 * - /login, /register, /forgot-password, /reset-password/:token: logged-in users go to /.
 * - /verify-email(/:token), /invite/:token and /ui-components: open to anyone.
 * - Everything else is protected: visitors go to /login; inside the shell, each screen in its own
 *   error boundary; unknown paths go to / (logged in) or /login. Someone whose organisation requires
 *   two-step sign-in they have not set up sees only the page to set it up, at any of these paths.
 */
export function AppRoutes() {
  return (
    <AppErrorBoundary>
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          <Route path="/login">
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          </Route>
          <Route path="/register">
            <GuestOnly>
              <RegisterPage />
            </GuestOnly>
          </Route>
          <Route path="/forgot-password">
            <GuestOnly>
              <ForgotPasswordPage />
            </GuestOnly>
          </Route>
          {/* Without a token the page shows its invalid-link state. */}
          <Route path="/reset-password/:token?">
            {(params) => (
              <GuestOnly>
                <ResetPasswordPage params={{ token: params.token }} />
              </GuestOnly>
            )}
          </Route>
          <Route path="/verify-email/:token?">
            {(params) => <VerifyEmailPage params={{ token: params.token }} />}
          </Route>
          {/* For anyone: the page itself shows what fits a visitor, the invited account or another one. */}
          <Route path="/invite/:token">{(params) => <InvitePage token={params.token} />}</Route>
          <Route path="/ui-components" component={UiComponentsPage} />
          <Route>
            <ProtectedArea />
          </Route>
        </Switch>
      </Suspense>
    </AppErrorBoundary>
  );
}

/** Public auth screens: a logged-in user has no business there. */
function GuestOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'authenticated') return <Redirect to="/" replace />;
  return <>{children}</>;
}

function ProtectedArea() {
  const { status, user } = useAuth();
  const [path] = useLocation();
  // Just enabled: the new recovery codes stay on screen until they are put away, though the session
  // no longer asks for enrolment.
  const [showingCodes, setShowingCodes] = useState(false);
  if (status === 'loading') return <FullPageSpinner />;
  if (status !== 'authenticated') return <Redirect to="/login" replace />;
  // Signed in, but a member of no organisation (left or removed): nothing of the app applies.
  if (user?.noOrganization) return <NoOrganizationPage />;
  // The organisation requires two-step sign-in and this person has none: only that, whatever the
  // address (it stays the same, so the app continues there once done).
  if (user?.twoFactorEnrolmentRequired || showingCodes)
    return (
      <TwoFactorEnrolmentPage
        onEnabled={() => setShowingCodes(true)}
        onCodesSaved={() => setShowingCodes(false)}
      />
    );
  return (
    <AppShell>
      {/* A new route gets a fresh boundary: an error on one screen does not follow you to the next. */}
      <RouteErrorBoundary key={path}>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            <Route path="/" component={DashboardPage} />
            <Route path="/inkooporders" component={OrdersPage} />
            <Route path="/inkooporders/:id/edit">{(params) => <OrderFormPage id={params.id} />}</Route>
            <Route path="/nieuwe-order">
              <OrderFormPage />
            </Route>
            <Route path="/klanten" component={CustomersPage} />
            <Route path="/bedrijfsinstellingen" component={CompanySettingsPage} />
            <Route path="/email-templates" component={EmailTemplatesPage} />
            <Route path="/logboek" component={AuditLogPage} />
            <Route>
              <Redirect to="/" replace />
            </Route>
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </AppShell>
  );
}

/** While a screen's code loads, inside the shell. */
function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner size={22} />
    </div>
  );
}
