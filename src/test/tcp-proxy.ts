import net from 'node:net';

/**
 * A TCP proxy on loopback in front of a server, for tests that must break a connection at one exact
 * moment: what the client sends is passed on chunk by chunk, and a chunk that contains the armed
 * text instead resets the client's socket (RST: the client reads ECONNRESET, as when the server's
 * process dies) and is not passed on. Armed once: every later connection passes untouched.
 */
export type TcpProxy = {
  port: number;
  /** The next client chunk containing `text` resets that connection. */
  resetWhenClientSends: (text: string) => void;
  /** Whether the armed reset is still to happen. */
  armed: () => boolean;
  /** Ends every connection through the proxy (both sides), as a restart of the server would. */
  dropAll: () => void;
  close: () => Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let trigger: string | null = null;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (trigger !== null && chunk.includes(trigger)) {
        trigger = null;
        upstream.destroy();
        client.resetAndDestroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('error', end);
    upstream.on('error', end);
    client.on('end', end);
    upstream.on('end', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    resetWhenClientSends: (text) => {
      trigger = text;
    },
    armed: () => trigger !== null,
    dropAll: () => {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
