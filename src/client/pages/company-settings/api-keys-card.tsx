import { KeySquare, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { fieldErrors, pickFieldErrors } from '../../../shared/field-errors';
import {
  API_KEY_ACCESS_LABELS,
  type ApiKey,
  type ApiKeyAccess,
  type ApiKeyCreated,
  apiKeyCreateInput,
  apiKeyMessages,
} from '../../../shared/schemas/api-key';
import { Button, Card, ConfirmDialog, Notice, SegmentedControl, TextField } from '../../components';
import { DateField } from '../../components/date-field';
import { errorMessage, readApiError } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { KeyRow, NewSecret } from './api-key-parts';
import './api-keys.css';
import { type SettingsFeedback, SettingsFooter } from './settings-footer';
import { type FieldErrors, settingsMessages } from './settings-form';

type KeyField = 'name' | 'access' | 'expiresAt';
const KEY_FIELDS: readonly KeyField[] = ['name', 'access', 'expiresAt'];
const fieldId = (field: KeyField) => `api-key-${field}`;

const LOAD_ERROR = 'Er is een fout opgetreden bij het ophalen van de API-sleutels.';
const CREATE_ERROR = 'Er is een fout opgetreden bij het aanmaken van de API-sleutel.';
const REVOKE_ERROR = 'Er is een fout opgetreden bij het intrekken van de API-sleutel.';

const EMPTY = { name: '', access: 'read' as ApiKeyAccess, expiresAt: '' };

/** The form's values as the shared schema takes them: an empty expiry is no expiry. */
const toInput = (values: typeof EMPTY) => ({
  name: values.name,
  access: values.access,
  ...(values.expiresAt.trim() ? { expiresAt: values.expiresAt.trim() } : {}),
});

function keyErrors(values: typeof EMPTY): FieldErrors<KeyField> {
  const result = apiKeyCreateInput.safeParse(toInput(values));
  return result.success ? {} : pickFieldErrors(fieldErrors(result.error), KEY_FIELDS);
}

/** Bedrijfsinstellingen › Beveiliging › API-sleutels (issue 13): create, show the secret once, revoke. */
export function ApiKeysCard() {
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
        <CreateKeyForm
          onCreated={(key) => {
            setFeedback(null);
            setCreated(key);
            void utils.apiKeys.list.invalidate();
          }}
        />
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
            <ul className="api-keys__rows">
              {(list.data ?? []).map((key) => (
                <KeyRow key={key._id} apiKey={key} onRevoke={() => setRevoking(key)} />
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
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<KeyField>>({});
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);
  const create = trpc.apiKeys.create.useMutation();

  const set = <F extends KeyField>(field: F, value: (typeof EMPTY)[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: keyErrors(next)[field] }));
  };

  const focusFirst = (found: FieldErrors<KeyField>) => {
    const first = KEY_FIELDS.find((f) => found[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFeedback(null);
    const found = keyErrors(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFeedback({ tone: 'error', message: settingsMessages.formHasErrors });
      focusFirst(found);
      return;
    }
    create.mutate(toInput(values), {
      onSuccess: (key) => {
        setValues(EMPTY);
        setErrors({});
        onCreated(key);
      },
      onError: (err) => {
        const { details } = readApiError(err);
        const fromServer = pickFieldErrors(details, KEY_FIELDS);
        if (Object.keys(fromServer).length > 0) {
          setErrors(fromServer);
          focusFirst(fromServer);
        }
        setFeedback({ tone: 'error', message: errorMessage(err, CREATE_ERROR) });
      },
    });
  };

  return (
    <form className="api-keys__form" onSubmit={submit} noValidate aria-label="Nieuwe API-sleutel">
      <div className="settings-grid">
        <TextField
          id={fieldId('name')}
          label="Naam"
          required
          maxLength={100}
          placeholder="Bijv. Boekhouding"
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
          onBlur={() => {
            if (values.name !== '') setErrors((prev) => ({ ...prev, name: keyErrors(values).name }));
          }}
          hint="Zodat u later weet welk programma deze sleutel gebruikt."
        />
        <DateField
          id={fieldId('expiresAt')}
          label="Verloopdatum (optioneel)"
          value={values.expiresAt}
          onChange={(value) => set('expiresAt', value)}
          invalidMessage={apiKeyMessages.expiresAtInvalid}
          error={errors.expiresAt}
          hint="De sleutel werkt tot en met deze dag. Leeg: verloopt niet."
        />
        <div className="settings-grid__wide" id={fieldId('access')} tabIndex={-1}>
          <SegmentedControl<ApiKeyAccess>
            label="Toegang"
            options={[
              { value: 'read', label: API_KEY_ACCESS_LABELS.read },
              { value: 'write', label: API_KEY_ACCESS_LABELS.write },
            ]}
            value={values.access}
            onChange={(access) => set('access', access)}
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
