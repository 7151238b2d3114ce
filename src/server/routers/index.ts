import { router } from '../trpc';
import { apiKeysRouter } from './api-keys';
import { auditLogRouter } from './audit-log';
import { authRouter } from './auth';
import { customersRouter } from './customers';
import { emailTemplatesRouter } from './email-templates';
import { invitationsRouter } from './invitations';
import { logoRouter } from './logo';
import { membersRouter } from './members';
import { orderApprovalsRouter } from './order-approvals';
import { orderCustomerResponseRouter } from './order-customer-response';
import { orderSettingsRouter } from './order-settings';
import { ordersRouter } from './orders';
import { organizationSettingsRouter } from './organization-settings';
import { pdfRouter } from './pdf';
import { pdfSettingsRouter } from './pdf-settings';
import { systemRouter } from './system';
import { webhooksRouter } from './webhooks';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  customers: customersRouter,
  orders: ordersRouter,
  orderApprovals: orderApprovalsRouter,
  orderCustomerResponse: orderCustomerResponseRouter,
  orderSettings: orderSettingsRouter,
  pdfSettings: pdfSettingsRouter,
  logo: logoRouter,
  pdf: pdfRouter,
  emailTemplates: emailTemplatesRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
  members: membersRouter,
  invitations: invitationsRouter,
  organizationSettings: organizationSettingsRouter,
  auditLog: auditLogRouter,
});

export type AppRouter = typeof appRouter;
