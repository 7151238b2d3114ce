/** The address of a link's page; its files are under it (`/pdf`, `/ubl`, `/logo`). */
export const confirmPath = (token: string) => `/confirm/${encodeURIComponent(token)}`;
