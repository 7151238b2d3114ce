import { ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { LOGO_ACCEPT, LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH, logoMessages } from '../../../shared/logo';
import { Button, Card, Notice, ProgressBar, RoleNote } from '../../components';
import { useCan } from '../../lib/can';
import { logoFileProblem, removeLogo, uploadLogo, useCompanyLogo } from '../../lib/company-logo';
import { trpc } from '../../lib/trpc';
import './logo-card.css';

type Feedback = { tone: 'success' | 'error'; message: string } | null;

/**
 * Bedrijfsinstellingen › Document instellingen › Logo: upload, see and remove the company logo. It
 * shows at once in the PDF preview below, in the menu, and on every PDF and mail after.
 */
export function LogoCard({ company }: { company: string }) {
  const canManage = useCan('manage');
  const { url, info, query } = useCompanyLogo();
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const busy = progress !== null || removing;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after an error.
    event.target.value = '';
    if (!file) return;
    setFeedback(null);
    const problem = logoFileProblem(file);
    if (problem) {
      setFeedback({ tone: 'error', message: problem });
      return;
    }
    setProgress(0);
    try {
      const saved = await uploadLogo(file, setProgress);
      utils.logo.info.setData(undefined, {
        version: saved.version,
        width: saved.width,
        height: saved.height,
      });
      setFeedback({ tone: 'success', message: logoMessages.saved });
    } catch (err) {
      setFeedback({ tone: 'error', message: err instanceof Error ? err.message : logoMessages.uploadFailed });
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setFeedback(null);
    setRemoving(true);
    try {
      await removeLogo();
      utils.logo.info.setData(undefined, null);
      setFeedback({ tone: 'success', message: logoMessages.removed });
    } catch (err) {
      setFeedback({ tone: 'error', message: err instanceof Error ? err.message : logoMessages.uploadFailed });
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Card
      title="Logo"
      description={`Op uw PDF's, in e-mails aan klanten en in het menu. PNG, JPEG of WebP, hoogstens 1 MB; wij verkleinen het tot binnen ${LOGO_MAX_WIDTH} × ${LOGO_MAX_HEIGHT} pixels.`}
      className="logo-card"
    >
      <div className="logo-card__layout">
        <div className="logo-card__frame" data-testid="logo-preview">
          {url ? (
            <img className="logo-card__image" src={url} alt={`Logo ${company}`} />
          ) : (
            <span className="logo-card__empty">{query.isLoading ? 'Laden...' : 'Nog geen logo'}</span>
          )}
        </div>
        <div className="logo-card__controls">
          <input
            ref={input}
            type="file"
            accept={LOGO_ACCEPT}
            className="logo-card__input"
            aria-label="Logobestand kiezen"
            onChange={(event) => void choose(event)}
            tabIndex={-1}
          />
          {canManage ? (
            <div className="logo-card__buttons">
              <Button
                type="button"
                variant={url ? 'secondary' : 'primary'}
                icon={<ImageUp />}
                busy={progress !== null}
                disabled={busy}
                onClick={() => input.current?.click()}
              >
                {progress !== null ? 'Uploaden...' : url ? 'Ander logo kiezen' : 'Logo uploaden'}
              </Button>
              {url ? (
                <Button
                  type="button"
                  variant="ghost"
                  icon={<Trash2 />}
                  busy={removing}
                  disabled={busy}
                  onClick={() => void remove()}
                >
                  Logo verwijderen
                </Button>
              ) : null}
            </div>
          ) : (
            <RoleNote capability="manage" />
          )}
          {progress !== null ? (
            <ProgressBar value={progress} label="Logo uploaden" showValue size="sm" />
          ) : null}
          {info ? (
            <p className="logo-card__meta tabular">{`Opgeslagen als PNG, ${info.width} × ${info.height} pixels`}</p>
          ) : null}
          {feedback ? (
            <Notice tone={feedback.tone} onClose={() => setFeedback(null)}>
              {feedback.message}
            </Notice>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
