/**
 * The bench's HTTP client: node:http with one keep-alive connection (as a browser holds one), so a
 * timing is the server's answer, not a TCP handshake. tRPC calls are built exactly as the client's
 * httpBatchLink sends a single query: GET /trpc/<proc>?batch=1&input={"0":<input>}.
 */
import http from 'node:http';

export const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

export type Reply = { status: number; body: string; headers: http.IncomingHttpHeaders };

export function trpcQueryPath(procedure: string, input: unknown): string {
  const batch = input === undefined ? {} : { 0: input };
  return `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify(batch))}`;
}

export function request(
  baseUrl: string,
  path: string,
  opts: {
    method?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string;
    agent?: http.Agent;
    /** Rejects when no answer has come this long after the request went out. */
    timeoutMs?: number;
  } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${path}`,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: opts.agent ?? keepAlive },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.timeoutMs !== undefined) {
      req.setTimeout(opts.timeoutMs, () =>
        req.destroy(new Error(`geen antwoord binnen ${opts.timeoutMs} ms: ${path}`)),
      );
    }
    req.end(opts.body);
  });
}

export async function timedRequest(
  baseUrl: string,
  path: string,
  opts: Parameters<typeof request>[2] = {},
): Promise<{ ms: number; reply: Reply }> {
  const t0 = performance.now();
  const reply = await request(baseUrl, path, opts);
  return { ms: performance.now() - t0, reply };
}

export type Session = { token: string; cookie: string; bearer: string };

/** POST /api/auth/login → the token, as cookie (what the browser sends) and as Bearer (integrators). */
export async function login(baseUrl: string, email: string, password: string): Promise<Session> {
  const reply = await request(baseUrl, '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  if (reply.status !== 200)
    throw new Error(`Inloggen als ${email}: ${reply.status} ${reply.body.slice(0, 200)}`);
  const token = (JSON.parse(reply.body) as { token?: string }).token;
  if (!token) throw new Error(`Inloggen als ${email}: geen token in het antwoord`);
  return { token, cookie: `session=${token}`, bearer: `Bearer ${token}` };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
