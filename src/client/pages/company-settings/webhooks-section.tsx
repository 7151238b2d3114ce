import { Copy, Plus, Send, Webhook as WebhookIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../shared/dates';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMIT,
  type Webhook,
  type WebhookEventType,
  webhookInput,
} from '../../../shared/schemas/webhook';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  Notice,
  RoleNote,
  TextField,
  Toggle,
} from '../../components';
import { errorMessage, readApiError } from '../../lib/api-errors';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { schemaCheck, useForm } from '../../lib/use-form';
import './webhooks-section.css';

const LOAD_ERROR = 'De webhooks konden niet worden geladen. Probeer het later opnieuw.';
const SAVE_ERROR = 'De webhook kon niet worden opgeslagen. Probeer het later opnieuw.';
const ACTION_ERROR = 'Dat is niet gelukt. Probeer het later opnieuw.';
const LIMIT_REACHED = `U heeft het maximum van ${WEBHOOK_LIMIT} webhooks bereikt. Verwijder een webhook die u niet meer gebruikt om een nieuwe toe te voegen.`;

const eventLabel = (type: string) => WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? 'Testbericht';

/**
 * Bedrijfsinstellingen › Beveiliging › Webhooks: subscriptions, their secret once, pause,
 * delete, a test event and the delivery log.
 */
export function WebhooksSection() {
  const canManage = useCan('manage');
  const list = trpc.webhooks.list.useQuery();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  // The server refuses one more as well; saying so here spares filling in a form for nothing.
  const full = (list.data?.length ?? 0) >= WEBHOOK_LIMIT;

  return (
    <Card
      title={
        <span className="settings-card-title">
          <WebhookIcon size={18} aria-hidden="true" />
          Webhooks
        </span>
      }
      description="Laat een ander systeem meteen weten wanneer een order of klant verandert. Elk bericht is ondertekend met het geheim van de webhook."
    >
      <div className="webhooks">
        {canManage ? null : <RoleNote capability="manage" />}
        {canManage && full && !adding ? <p className="settings-muted">{LIMIT_REACHED}</p> : null}
        {adding || full || !canManage ? null : (
          <Button
            variant="secondary"
            className="webhooks__add"
            icon={<Plus size={16} />}
            onClick={() => setAdding(true)}
          >
            Webhook toevoegen
          </Button>
        )}
        {secret ? <SecretNotice secret={secret} onClose={() => setSecret(null)} /> : null}
        {adding ? (
          <AddWebhookForm
            onDone={(newSecret) => {
              setAdding(false);
              if (newSecret) setSecret(newSecret);
            }}
          />
        ) : null}
        {list.isError ? <Notice tone="error">{LOAD_ERROR}</Notice> : null}
        {list.data?.length === 0 && !adding ? <p className="settings-muted">Nog geen webhooks.</p> : null}
        {list.data && list.data.length > 0 ? (
          <ul className="webhooks__list">
            {list.data.map((hook) => (
              <WebhookItem key={hook._id} hook={hook} canManage={canManage} />
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}

function SecretNotice({ secret, onClose }: { secret: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Notice tone="success" onClose={onClose}>
      <div className="webhooks__secret">
        <strong>Webhook aangemaakt. Bewaar dit geheim nu: het wordt maar één keer getoond.</strong>
        <code className="webhooks__secret-value" data-testid="webhook-secret">
          {secret}
        </code>
        <Button variant="secondary" size="sm" icon={<Copy size={16} />} onClick={copy}>
          {copied ? 'Gekopieerd' : 'Kopiëren'}
        </Button>
      </div>
    </Notice>
  );
}

const WEBHOOK_FIELDS = ['url', 'events'] as const;
const checkWebhook = schemaCheck(webhookInput, { fields: WEBHOOK_FIELDS });

function AddWebhookForm({ onDone }: { onDone: (secret: string | null) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation();
  const form = useForm({
    initial: { url: '', events: [] as WebhookEventType[], active: true },
    fields: WEBHOOK_FIELDS,
    check: checkWebhook,
  });
  const { values, errors } = form;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFailure(null);
    const parsed = form.validate();
    if (!parsed.ok) return;
    create.mutate(parsed.data, {
      onSuccess: async (created) => {
        await utils.webhooks.list.invalidate();
        onDone(created.secret);
      },
      onError: (err) => {
        if (!form.serverErrors(readApiError(err).details)) setFailure(errorMessage(err, SAVE_ERROR));
      },
    });
  };

  const toggleEvent = (type: WebhookEventType, on: boolean) =>
    form.update(
      (v) => ({ ...v, events: on ? [...v.events, type] : v.events.filter((e) => e !== type) }),
      ['events'],
    );

  return (
    <form className="webhooks__form" onSubmit={submit} noValidate aria-label="Webhook toevoegen">
      <TextField
        id={form.fieldId('url')}
        label="URL"
        required
        type="url"
        inputMode="url"
        placeholder="https://voorbeeld.nl/webhook"
        value={values.url}
        error={errors.url}
        onChange={(e) => form.setValue('url', e.target.value)}
      />
      <fieldset className="webhooks__events">
        <legend className="settings-group__title">Gebeurtenissen</legend>
        <div className="webhooks__event-grid">
          {WEBHOOK_EVENTS.map((type) => (
            <Checkbox
              key={type}
              label={WEBHOOK_EVENT_LABELS[type]}
              checked={values.events.includes(type)}
              onChange={(e) => toggleEvent(type, e.target.checked)}
            />
          ))}
        </div>
        {errors.events ? (
          <p className="webhooks__error" role="alert">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <Toggle label="Actief" checked={values.active} onChange={(on) => form.setValue('active', on)} />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className="webhooks__form-actions">
        <Button variant="secondary" type="button" onClick={() => onDone(null)}>
          Annuleren
        </Button>
        <Button type="submit" busy={create.isPending}>
          Opslaan
        </Button>
      </div>
    </form>
  );
}

/** `canManage`: test, pause and delete; without it only the delivery log. */
function WebhookItem({ hook, canManage }: { hook: Webhook; canManage: boolean }) {
  const utils = trpc.useUtils();
  const update = trpc.webhooks.update.useMutation();
  const remove = trpc.webhooks.delete.useMutation();
  const test = trpc.webhooks.test.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const refresh = () => utils.webhooks.list.invalidate();
  const onError = (err: unknown) => setFeedback({ tone: 'error', message: errorMessage(err, ACTION_ERROR) });

  const setActive = (active: boolean) =>
    update.mutate(
      { id: hook._id, url: hook.url, events: hook.events, active },
      { onSuccess: refresh, onError },
    );

  const sendTest = () =>
    test.mutate(
      { id: hook._id },
      {
        onSuccess: (result) => {
          setFeedback({ tone: 'success', message: result.message });
          setShowLog(true);
          // The worker delivers within seconds: look again shortly.
          setTimeout(() => utils.webhooks.deliveries.invalidate({ id: hook._id }), 1500);
        },
        onError,
      },
    );

  return (
    <li className="webhooks__item" data-testid="webhook-item">
      <div className="webhooks__head">
        <code className="webhooks__url">{hook.url}</code>
        <div className="webhooks__badges">
          {hook.active ? <Badge tone="green">Actief</Badge> : <Badge tone="grey">Gepauzeerd</Badge>}
          {hook.failing ? (
            <Badge tone="red" dot>
              Aflevering mislukt{hook.failingSince ? ` sinds ${formatDateTime(hook.failingSince)}` : ''}
            </Badge>
          ) : null}
        </div>
      </div>
      <p className="webhooks__event-list">{hook.events.map(eventLabel).join(' · ')}</p>
      <div className="webhooks__actions">
        {canManage ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              icon={<Send size={16} />}
              busy={test.isPending}
              onClick={sendTest}
            >
              Test versturen
            </Button>
            <Button
              variant="secondary"
              size="sm"
              busy={update.isPending}
              onClick={() => setActive(!hook.active)}
            >
              {hook.active ? 'Pauzeren' : 'Hervatten'}
            </Button>
          </>
        ) : null}
        <Button variant="ghost" size="sm" onClick={() => setShowLog(!showLog)} aria-expanded={showLog}>
          {showLog ? 'Log verbergen' : 'Aflevering-log'}
        </Button>
        {canManage ? (
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            Verwijderen
          </Button>
        ) : null}
      </div>
      {feedback ? (
        <Notice tone={feedback.tone} onClose={() => setFeedback(null)}>
          {feedback.message}
        </Notice>
      ) : null}
      {showLog ? <DeliveryLog id={hook._id} /> : null}
      <ConfirmDialog
        open={confirming}
        title="Webhook verwijderen?"
        message={`Naar ${hook.url} worden geen berichten meer gestuurd. De aflevering-log verdwijnt ook.`}
        confirmLabel="Verwijderen"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { id: hook._id },
            {
              onSuccess: async () => {
                setConfirming(false);
                await refresh();
              },
              onError: (err) => {
                setConfirming(false);
                onError(err);
              },
            },
          )
        }
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

function DeliveryLog({ id }: { id: string }) {
  const log = trpc.webhooks.deliveries.useQuery({ id }, { refetchInterval: 5000 });
  if (log.isError) return <Notice tone="error">{LOAD_ERROR}</Notice>;
  if (!log.data) return null;
  if (log.data.length === 0) return <p className="settings-muted">Nog geen afleveringen.</p>;
  return (
    <ol className="webhooks__log" aria-label="Aflevering-log">
      {log.data.map((d) => (
        <li key={d._id} className="webhooks__log-row" data-testid="webhook-delivery">
          <Badge tone={d.success ? 'green' : 'red'}>{d.statusCode ?? 'Geen antwoord'}</Badge>
          <span className="webhooks__log-event">{eventLabel(d.eventType)}</span>
          <span className="webhooks__log-meta">
            {formatDateTime(d.createdAt)} · poging {d.attempt} · {d.durationMs} ms
          </span>
          {d.error ? <span className="webhooks__log-detail">{d.error}</span> : null}
        </li>
      ))}
    </ol>
  );
}
