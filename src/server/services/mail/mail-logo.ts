import type { StoredLogo } from '../logo/logos';
import type { MailAttachment } from './message';

/**
 * The company logo in a mail: an inline attachment that the HTML names by its Content-ID. Mail clients
 * show a cid: image with the message, where a data: URL is dropped by Gmail and Outlook and a link
 * to the server would be blocked as remote content (and show who opened the mail).
 */
export const LOGO_CID = 'logo@inkooporders';

/** The height the logo is shown at in a mail header, and the widest it may be there. */
const MAIL_LOGO_HEIGHT = 48;
const MAIL_LOGO_MAX_WIDTH = 240;

/** How the header shows the logo: its cid and the size in CSS pixels (Outlook needs both attributes). */
export type MailLogo = { src: string; width: number; height: number };

export function mailLogo(logo: Pick<StoredLogo, 'width' | 'height'>): MailLogo {
  const scale = Math.min(MAIL_LOGO_HEIGHT / logo.height, MAIL_LOGO_MAX_WIDTH / logo.width, 1);
  return {
    src: `cid:${LOGO_CID}`,
    width: Math.max(1, Math.round(logo.width * scale)),
    height: Math.max(1, Math.round(logo.height * scale)),
  };
}

export const logoAttachment = (logo: Pick<StoredLogo, 'content' | 'contentType'>): MailAttachment => ({
  filename: 'logo.png',
  content: logo.content,
  contentType: logo.contentType,
  cid: LOGO_CID,
});
