import type { Logger } from 'pino';
import type { Browser, LaunchOptions } from 'playwright-core';

/** The flags the run contract asks for: headless, no sandbox (containers), no GPU, nothing phoning home. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Every request goes to a SOCKS proxy on the discard port, which nothing serves: a request that got
 * past the CSP and the page's catch-all route still reaches no server. Playwright adds
 * `--proxy-bypass-list=<-loopback>` (loopback goes through the proxy too) and, for SOCKS, a
 * host-resolver rule that resolves no name at all.
 */
export const deadEndProxy = { server: 'socks5://127.0.0.1:9' };

export function printerLaunchOptions(executablePath: string, timeoutMs = 30_000): LaunchOptions {
  return {
    executablePath,
    args: chromiumArgs,
    proxy: deadEndProxy,
    timeout: timeoutMs,
    // The server's own SIGINT/SIGTERM handler closes the printer; Playwright's would race it.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  };
}

export type BrowserState = 'idle' | 'launching' | 'running' | 'closed';

export type BrowserKeeper = {
  /** The running browser, launched on first use and again after it died. */
  get(): Promise<Browser>;
  state(): BrowserState;
  launches(): number;
  close(): Promise<void>;
};

/** One browser per process: launches share one promise, a disconnect clears it for a relaunch. */
export function createBrowserKeeper(launch: () => Promise<Browser>, log: Logger): BrowserKeeper {
  let current: Promise<Browser> | null = null;
  let running = false;
  let closed = false;
  let launchCount = 0;

  const start = (): Promise<Browser> => {
    const launching = (async () => {
      const t0 = performance.now();
      const browser = await launch();
      launchCount++;
      running = true;
      browser.on('disconnected', () => {
        if (current === launching) {
          current = null;
          running = false;
        }
        if (!closed) log.warn('Chromium for PDFs has stopped; the next PDF starts it again.');
      });
      log.info(`Chromium for PDFs started in ${Math.round(performance.now() - t0)} ms.`);
      return browser;
    })();
    // A failed launch is the caller's error; the next call tries again.
    launching.catch(() => {
      if (current === launching) current = null;
    });
    current = launching;
    return launching;
  };

  async function get(): Promise<Browser> {
    for (let attempt = 0; ; attempt++) {
      if (closed) throw new Error('printer is closed');
      const pending = current ?? start();
      const browser = await pending;
      if (browser.isConnected()) return browser;
      // Killed before its 'disconnected' event reached us: start over rather than hand out a corpse.
      if (current === pending) {
        current = null;
        running = false;
      }
      if (attempt > 0) throw new Error('Chromium disconnected right after its launch');
    }
  }

  return {
    get,
    state: () => (closed ? 'closed' : running ? 'running' : current ? 'launching' : 'idle'),
    launches: () => launchCount,
    async close() {
      closed = true;
      const pending = current;
      current = null;
      running = false;
      if (!pending) return;
      const browser = await pending.catch(() => null);
      await browser?.close().catch(() => {});
    },
  };
}
