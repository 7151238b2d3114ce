import {
  type ApprovalRejectInput,
  type ApprovalRequestInput,
  approvalRejectInput,
  approvalRequestInput,
} from '../../../shared/schemas/approval';
import { type FormRules, schemaCheck } from '../../lib/form-state';

/**
 * The two small forms of approval, checked with the API's own schemas: the request's optional
 * 'Toelichting' and the refusal's required 'Reden'. A field that shows a message is checked again
 * while it changes, so the message goes as soon as the text is right.
 */

export type RequestFormValues = { note: string };
export type RejectFormValues = { reason: string };

/** An empty note is no note. */
export const requestInputOf = ({ note }: RequestFormValues): ApprovalRequestInput =>
  note.trim() ? { note: note.trim() } : {};

const checkRequest = schemaCheck(approvalRequestInput, { fields: ['note'], input: requestInputOf });
const checkReject = schemaCheck(approvalRejectInput, { fields: ['reason'] });

export const requestFormRules: FormRules<RequestFormValues, 'note', ApprovalRequestInput> = {
  fields: ['note'],
  check: (values) => {
    const result = checkRequest(values);
    return result.ok ? { ok: true, data: requestInputOf(values) } : result;
  },
  rule: { change: 'recheck' },
};

export const rejectFormRules: FormRules<RejectFormValues, 'reason', ApprovalRejectInput> = {
  fields: ['reason'],
  check: (values) => {
    const result = checkReject(values);
    return result.ok ? { ok: true, data: { reason: values.reason.trim() } } : result;
  },
  rule: { change: 'recheck' },
};
