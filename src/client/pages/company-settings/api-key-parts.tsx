import { Check, Copy, TriangleExclamationPoint } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey, ApiKeyCreated } from '../../../shared/schemas/api-key';
import { Badge, Button } from '../../components';
import { apiKeyRowView } from './api-key-view';
import './shown-once.css';

/** The two pieces of the API keys card that show a key: the new secret (once) and a row of the list. */

/** The secret, once: a copy button, and a warning that it will not be shown again. */
export function NewSecret({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="shown-once" aria-label="Nieuwe API-sleutel">
      <p className="api-keys__secret-title">
        <TriangleExclamationPoint size={18} aria-hidden="true" />
        Sleutel '{created.name}' is aangemaakt. Kopieer hem nu: hij wordt maar één keer getoond.
      </p>
      <div className="api-keys__secret-row">
        <code className="api-keys__secret-value" data-testid="api-key-secret">
          {created.secret}
        </code>
        <Button
          variant="secondary"
          icon={copied ? <Check size={16} /> : <Copy size={16} />}
          onClick={() => void copy()}
        >
          {copied ? 'Gekopieerd!' : 'Kopiëren'}
        </Button>
      </div>
      {copied === false ? (
        <p className="settings-muted">Kopiëren lukte niet; selecteer de sleutel en kopieer hem zelf.</p>
      ) : null}
      <p className="settings-muted">
        Gebruik hem als <code>Authorization: Bearer {created.prefix}…</code> bij elke aanroep van de API.
      </p>
      {/* A real button, not a link-like text: it is the step that ends showing the secret. */}
      <Button
        variant="secondary"
        icon={<Check size={16} />}
        onClick={onClose}
        className="api-keys__secret-close"
      >
        Ik heb de sleutel bewaard
      </Button>
    </section>
  );
}

/** Without `onRevoke` (a role that may not) the row has no Intrekken. */
export function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke?: (() => void) | undefined }) {
  const view = apiKeyRowView(apiKey, new Date());
  return (
    <li className="settings-list__row" data-testid="api-key-row">
      <div className="settings-list__head">
        <span className="settings-list__name">{apiKey.name}</span>
        <Badge tone={apiKey.access === 'write' ? 'blue' : 'grey'}>{view.access}</Badge>
        {view.expired ? <Badge tone="red">Verlopen</Badge> : null}
      </div>
      <dl className="settings-list__facts api-keys__facts">
        <div>
          <dt>Begint met</dt>
          <dd>
            <code>{apiKey.prefix}…</code>
          </dd>
        </div>
        <div>
          <dt>Aangemaakt</dt>
          <dd>{view.created}</dd>
        </div>
        <div>
          <dt>Laatst gebruikt</dt>
          <dd>{view.lastUsed}</dd>
        </div>
        <div>
          <dt>Verloopt</dt>
          <dd>{view.expires}</dd>
        </div>
      </dl>
      {onRevoke ? (
        <div className="settings-list__actions">
          <Button variant="secondary" size="sm" onClick={onRevoke}>
            Intrekken
          </Button>
        </div>
      ) : null}
    </li>
  );
}
