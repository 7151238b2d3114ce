import net from 'node:net';

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

export type SlowRequest = {
  /** Sends the rest of the body. */
  finish(): void;
  /** The answer, once its whole body (Content-Length) has arrived. */
  response: Promise<RawResponse>;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
};

/**
 * An HTTP/1.1 request (keep-alive, as browsers and fetch send them) whose body arrives in two parts:
 * the server has its headers and the start of its body — the request is under way — until
 * `finish()`. For catching a server in the middle of a request, e.g. while it shuts down.
 */
export async function startSlowRequest(
  port: number,
  opts: { method: string; path: string; headers?: Record<string, string>; json: unknown },
): Promise<SlowRequest> {
  const body = Buffer.from(JSON.stringify(opts.json));
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const head = [
    `${opts.method} ${opts.path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: keep-alive',
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
    ...Object.entries(opts.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  const half = Math.floor(body.length / 2);
  socket.write(`${head}\r\n\r\n`);
  socket.write(body.subarray(0, half));

  let received = Buffer.alloc(0);
  const response = new Promise<RawResponse>((resolve, reject) => {
    const parse = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? Number.NaN);
      const rest = received.subarray(end + 4);
      if (!(rest.length >= length)) return;
      socket.off('data', onData);
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: rest.subarray(0, length).toString('utf8'),
      });
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      parse();
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`connection closed before a whole answer: ${received}`)));
  });
  response.catch(() => {}); // seen by whoever awaits it
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {}); // a reset shows as `closed` and a rejected `response`
  return { finish: () => socket.write(body.subarray(half)), response, closed };
}
