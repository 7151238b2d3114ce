import { lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { FullPageSpinner } from './components';
import { AppShell } from './layout/app-shell';
import { useAuth } from './lib/auth';
import {
  ForgotPasswordPage,
  LoginPage,
  RegisterPage,
  ResetPasswordPage,
  VerifyEmailPage,
} from './pages/auth';
import { CompanySettingsPage } from './pages/company-settings/company-settings-page';
import { CustomersPage } from './pages/customers/customers-page';
import { DashboardPage } from './pages/dashboard/dashboard-page';
import { EmailTemplatesPage } from './pages/email-templates/email-templates-page';
import { AppErrorBoundary, RouteErrorBoundary } from './pages/errors';
import { OrderFormPage } from './pages/order-form/order-form-page';
import { OrdersPage } from './pages/orders/orders-page';

/** The demo of the UI kit is not needed by users: its own chunk. */
const UiComponentsPage = lazy(() =>
  import('./pages/ui-components/ui-components-page').then((m) => ({ default: m.UiComponentsPage })),
);

/**
 * The route table of spec §2.
 * - /login, /register, /forgot-password, /reset-password/:token: logged-in users go to /.
 * - /verify-email(/:token) and /ui-components: open to anyone.
 * - Everything else is protected: visitors go to /login; inside the shell, each screen in its own
 *   error boundary; unknown paths go to / (logged in) or /login.
 */
export function AppRoutes() {
  return (
    <AppErrorBoundary>
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
        <Route path="/ui-components">
          <Suspense fallback={<FullPageSpinner />}>
            <UiComponentsPage />
          </Suspense>
        </Route>
        <Route>
          <ProtectedArea />
        </Route>
      </Switch>
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
  const { status } = useAuth();
  const [path] = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status !== 'authenticated') return <Redirect to="/login" replace />;
  return (
    <AppShell>
      {/* A new route gets a fresh boundary: an error on one screen does not follow you to the next. */}
      <RouteErrorBoundary key={path}>
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
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </RouteErrorBoundary>
    </AppShell>
  );
}
