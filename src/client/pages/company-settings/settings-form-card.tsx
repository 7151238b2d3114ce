import type { FormEvent, ReactNode } from 'react';
import { Card, Notice, RetryButton, RoleNote, Spinner } from '../../components';
import { useCan } from '../../lib/can';
import { SaveButton } from './save-button';
import { type SettingsFeedback, SettingsFooter } from './settings-footer';
import type { SaveState } from './use-save-state';

type CardHeading = {
  /** The card's icon, beside its title. */
  icon: ReactNode;
  title: string;
  description: string;
  className: string;
};

function Title({ icon, title }: Pick<CardHeading, 'icon' | 'title'>) {
  return (
    <span className="settings-card__title">
      {icon}
      {title}
    </span>
  );
}

/**
 * How a settings card reads its settings: fresh each time the card mounts (another person may have
 * changed them), with one retry before SettingsLoadingCard shows the error.
 */
export const SETTINGS_QUERY_OPTIONS = { staleTime: 0, refetchOnMount: 'always', retry: 1 } as const;

/** A settings card while its settings load, or when they could not be loaded (with a retry). */
export function SettingsLoadingCard({
  icon,
  title,
  description,
  className,
  query,
  loadError,
}: CardHeading & {
  query: { isError: boolean; isFetching: boolean; refetch: () => unknown };
  loadError: string;
}) {
  return (
    <Card title={<Title icon={icon} title={title} />} description={description} className={className}>
      {query.isError ? (
        <Notice
          tone="error"
          action={<RetryButton busy={query.isFetching} onRetry={() => void query.refetch()} />}
        >
          {loadError}
        </Notice>
      ) : (
        <div className="settings-card__loading">
          <Spinner size={20} label="Instellingen laden..." showLabel />
        </div>
      )}
    </Card>
  );
}

/**
 * A settings card that is a form of its own: the fields, and in the footer what the last save said
 * beside the save button. A role that may only read sees the settings, not a form that would be
 * refused: the fields are locked and the button gives way to a note on the role needed.
 */
export function SettingsFormCard({
  formId,
  onSubmit,
  icon,
  title,
  description,
  className,
  feedback,
  onDismiss,
  saveState,
  saveDisabled,
  children,
}: CardHeading & {
  formId: string;
  onSubmit: (event: FormEvent) => void;
  feedback: SettingsFeedback;
  onDismiss: () => void;
  saveState: SaveState;
  /** The button is off while the values cannot be saved as they are. */
  saveDisabled?: boolean;
  children: ReactNode;
}) {
  const canManage = useCan('manage');
  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      <fieldset className="settings-lock" disabled={!canManage}>
        <Card
          title={<Title icon={icon} title={title} />}
          description={description}
          className={className}
          footer={
            <SettingsFooter feedback={feedback} onDismiss={onDismiss}>
              {canManage ? (
                <SaveButton state={saveState} disabled={saveDisabled} />
              ) : (
                <RoleNote capability="manage" />
              )}
            </SettingsFooter>
          }
        >
          {children}
        </Card>
      </fieldset>
    </form>
  );
}
