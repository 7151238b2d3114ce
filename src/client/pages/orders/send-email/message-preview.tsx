import { CircleExclamationPoint } from 'lucide-react';

/** Plain, mail-like type for the preview document; nothing in it comes from outside. */
const PREVIEW_STYLE =
  'body{margin:0;padding:12px 14px;font:14px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff;word-wrap:break-word}a{color:#1d4ed8}img{max-width:100%}p{margin:0 0 .8em}';

/**
 * The message as the customer will read it, variables filled in. It is shown in a sandboxed frame
 * without scripts, same-origin access or forms: whatever HTML was typed cannot run or reach the app
 * (the server sanitises it again before it is sent).
 */
export function MessagePreview({ subject, html, error }: { subject: string; html: string; error?: string }) {
  const doc = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><style>${PREVIEW_STYLE}</style></head><body>${html}</body></html>`;
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
        srcDoc={doc}
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
