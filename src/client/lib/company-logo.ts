import { isLogoContentType, LOGO_MAX_BYTES, LOGO_PATH, logoMessages } from '../../shared/logo';
import { trpc } from './trpc';

/** Where the browser loads the logo: versioned, so it may keep each version and sees a new one at once. */
export const logoUrl = (version: string) => `/api${LOGO_PATH}?v=${encodeURIComponent(version)}`;

/** The signed-in company's logo: its image address, or null while there is none (or it is not known yet). */
export function useCompanyLogo() {
  const query = trpc.logo.info.useQuery(undefined, { staleTime: 5 * 60_000, retry: false });
  const info = query.data ?? null;
  return { url: info ? logoUrl(info.version) : null, info, query };
}

/** What is wrong with a chosen file before it is sent (the server checks the same, and the content). */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!isLogoContentType(file.type)) return logoMessages.wrongType;
  if (file.size > LOGO_MAX_BYTES) return logoMessages.tooLarge;
  if (file.size === 0) return logoMessages.empty;
  return null;
}

export type LogoUploadResult = { version: string; width: number; height: number };

/** The server's Dutch message from an error body, or the general one. */
function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) return body.message;
  } catch {
    // Not the server's JSON (a proxy's page): the general message below.
  }
  return logoMessages.uploadFailed;
}

/**
 * PUT /api/auth/logo with the file itself as the body. XMLHttpRequest rather than fetch: only it
 * reports upload progress. Rejects with an Error carrying the Dutch message to show.
 */
export function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<LogoUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api${LOGO_PATH}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as LogoUploadResult);
        } catch {
          reject(new Error(logoMessages.uploadFailed));
        }
      } else reject(new Error(messageOf(xhr.responseText)));
    };
    xhr.onerror = () => reject(new Error(logoMessages.uploadFailed));
    xhr.send(file);
  });
}

/** DELETE /api/auth/logo; rejects with the Dutch message to show. */
export async function removeLogo(): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api${LOGO_PATH}`, { method: 'DELETE', credentials: 'include' });
  } catch {
    throw new Error(logoMessages.uploadFailed);
  }
  // Already gone (another tab) is what was asked.
  if (!res.ok && res.status !== 404) throw new Error(messageOf(await res.text()));
}
