import { KeySquare, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  API_KEY_ACCESS_LABELS,
  type ApiKey,
  type ApiKeyAccess,
  type ApiKeyCreated,
  apiKeyMessages,
} from '../../../shared/schemas/api-key';
import { Button, Card, ConfirmDialog, Notice, RoleNote, SegmentedControl, TextField } from '../../components';
import { DateField } from '../../components/date-field';
import { errorMessage, readApiError } from '../../lib/api-errors';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import { apiKeyFormRules, EMPTY_API_KEY } from './api-key-form';
import { KeyRow, NewSecret } from './api-key-parts';
import './settings-list.css';
import './api-keys.css';
import { type SettingsFeedback, SettingsFooter } from './settings-footer';
import { settingsMessages } from './settings-form';

const LOAD_ERROR = 'Er is een fout opgetreden bij het ophalen van de API-sleutels.';
const CREATE_ERROR = 'Er is een fout opgetreden bij het aanmaken van de API-sleutel.';
const REVOKE_ERROR = 'Er is een fout opgetreden bij het intrekken van de API-sleutel.';

/** Bedrijfsinstellingen › Beveiliging › API-sleutels: create, show the secret once, revoke. */
export function ApiKeysCard() {
  const canManage = useCan('manage');
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);
  const utils = trpc.useUtils();
  const list = trpc.apiKeys.list.useQuery();
  const revoke = trpc.apiKeys.revoke.useMutation();

  const confirmRevoke = () => {
    if (!revoking) return;
    const key = revoking;
    revoke.mutate(
      { id: key._id },
      {
        onSuccess: (result) => {
          setRevoking(null);
          if (created?._id === key._id) setCreated(null);
          setFeedback({ tone: 'success', message: `${key.name}: ${result.message}` });
          void utils.apiKeys.list.invalidate();
        },
        onError: (err) => {
          setRevoking(null);
          setFeedback({ tone: 'error', message: errorMessage(err, REVOKE_ERROR) });
        },
      },
    );
  };

  return (
    <Card
      title={
        <span className="settings-card-title">
          <KeySquare size={18} aria-hidden="true" />
          API-sleutels
        </span>
      }
      description="Koppel een ander programma, zoals uw boekhouding of webshop, via de REST-API aan Inkooporders. Een sleutel geeft toegang tot de gegevens van uw account: deel hem alleen met programma's die u vertrouwt."
    >
      <div className="api-keys">
        {canManage ? (
          <CreateKeyForm
            onCreated={(key) => {
              setFeedback(null);
              setCreated(key);
              void utils.apiKeys.list.invalidate();
            }}
          />
        ) : (
          <RoleNote capability="manage" />
        )}
        {created ? <NewSecret created={created} onClose={() => setCreated(null)} /> : null}
        {feedback ? (
          <Notice tone={feedback.tone} onClose={() => setFeedback(null)}>
            {feedback.message}
          </Notice>
        ) : null}
        <section className="api-keys__list" aria-labelledby="api-keys-list-title">
          <h3 id="api-keys-list-title" className="settings-group__title">
            Uw sleutels
          </h3>
          {list.isError ? (
            <Notice tone="error">{errorMessage(list.error, LOAD_ERROR)}</Notice>
          ) : list.data && list.data.length === 0 ? (
            <p className="settings-muted">Nog geen API-sleutels.</p>
          ) : (
            <ul className="settings-list">
              {(list.data ?? []).map((key) => (
                <KeyRow
                  key={key._id}
                  apiKey={key}
                  onRevoke={canManage ? () => setRevoking(key) : undefined}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title="API-sleutel intrekken?"
        message={
          revoking
            ? `Programma's die de sleutel '${revoking.name}' (${revoking.prefix}…) gebruiken, krijgen direct geen toegang meer. Dit kan niet ongedaan worden gemaakt.`
            : ''
        }
        confirmLabel="Intrekken"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: ApiKeyCreated) => void }) {
  const form = useForm({ ...apiKeyFormRules, initial: EMPTY_API_KEY, id: 'api-key' });
  const { values, errors, setValue } = form;
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);
  const create = trpc.apiKeys.create.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFeedback(null);
    const checked = form.validate();
    if (!checked.ok) {
      setFeedback({ tone: 'error', message: settingsMessages.formHasErrors });
      return;
    }
    create.mutate(checked.data, {
      onSuccess: (key) => {
        form.reset();
        onCreated(key);
      },
      onError: (err) => {
        form.serverErrors(readApiError(err).details);
        setFeedback({ tone: 'error', message: errorMessage(err, CREATE_ERROR) });
      },
    });
  };

  return (
    <form className="api-keys__form" onSubmit={submit} noValidate aria-label="Nieuwe API-sleutel">
      <div className="settings-grid">
        <TextField
          {...form.inputProps('name')}
          label="Naam"
          required
          maxLength={100}
          placeholder="Bijv. Boekhouding"
          hint="Zodat u later weet welk programma deze sleutel gebruikt."
        />
        <DateField
          id={form.fieldId('expiresAt')}
          label="Verloopdatum (optioneel)"
          value={values.expiresAt}
          onChange={(value) => setValue('expiresAt', value)}
          invalidMessage={`${apiKeyMessages.expiresAtInvalid} als dd-mm-jjjj`}
          error={errors.expiresAt}
          hint="De sleutel werkt tot en met deze dag. Leeg: verloopt niet."
        />
        <div className="settings-grid__wide" id={form.fieldId('access')} tabIndex={-1}>
          <SegmentedControl<ApiKeyAccess>
            label="Toegang"
            options={[
              { value: 'read', label: API_KEY_ACCESS_LABELS.read },
              { value: 'write', label: API_KEY_ACCESS_LABELS.write },
            ]}
            value={values.access}
            onChange={(access) => setValue('access', access)}
          />
          <p className="settings-muted api-keys__access-hint">
            {values.access === 'read'
              ? 'Alleen lezen: de sleutel kan gegevens ophalen, maar niets wijzigen.'
              : 'Lezen en schrijven: de sleutel kan ook klanten, orders en instellingen wijzigen en orders versturen.'}
          </p>
        </div>
      </div>
      <SettingsFooter feedback={feedback} onDismiss={() => setFeedback(null)}>
        <Button type="submit" icon={<Plus size={16} />} busy={create.isPending}>
          {create.isPending ? 'Aanmaken...' : 'Sleutel aanmaken'}
        </Button>
      </SettingsFooter>
    </form>
  );
}
