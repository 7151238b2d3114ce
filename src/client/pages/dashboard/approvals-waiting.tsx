import { Hourglass } from 'lucide-react';
import { Link } from 'wouter';
import {
  APPROVALS_WAITING_DETAIL,
  approvalLabels,
  approvalsWaitingText,
} from '../../../shared/approval-states';
import { buttonClass, Notice } from '../../components';
import { APPROVALS_WAITING_HREF } from '../orders/orders-params';

/**
 * '2 orders wachten op uw goedkeuring', for an owner or admin while colleagues' orders wait for them
 * (the server counts only those they may decide on: not their own), with the way to the filtered list.
 */
export function ApprovalsWaitingNotice({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Notice
      tone="info"
      icon={<Hourglass size={18} aria-hidden="true" />}
      title={approvalsWaitingText(count)}
      className="dashboard-notice dashboard-approvals"
      action={
        <Link href={APPROVALS_WAITING_HREF} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {approvalLabels.waitingLink}
        </Link>
      }
    >
      {APPROVALS_WAITING_DETAIL}
    </Notice>
  );
}
