import { CircleExclamationPoint } from 'lucide-react';
import { previewDocument } from '../../email-templates/template-form';

/**
 * The message as the customer will read it, variables filled in. It is shown in a sandboxed frame
 * without scripts, same-origin access or forms — the same frame as the template editor's preview —
 * so whatever HTML was typed cannot run or reach the app (the server sanitises it again on send).
 */
export function MessagePreview({ subject, html, error }: { subject: string; html: string; error?: string }) {
  return (
    <div className="send-email__preview">
      <p className="send-email__preview-subject">
        <span className="send-email__preview-label">Onderwerp:</span> {subject}
      </p>
      <iframe
        title="Voorbeeld van het bericht"
        className="send-email__preview-frame"
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={previewDocument(html)}
      />
      {error ? (
        <p className="ui-field__error">
          <CircleExclamationPoint size={14} aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
