import type { Page, Route } from '@playwright/test';

/**
 * Makes one tRPC procedure fail in the browser while the others in the same batched request still
 * answer for real: a shared request goes to the server and only that procedure's entry of the batch
 * response is replaced; a request of that procedure alone is answered without reaching the server by the given error (as the server's error formatter shapes it), or the whole
 * request fails at the network level with `'network'`.
 */
export type TrpcFault =
  | 'network'
  | {
      httpStatus: number;
      message: string;
      details?: Record<string, string>;
    };

const CODES: Record<number, [string, number]> = {
  400: ['BAD_REQUEST', -32600],
  404: ['NOT_FOUND', -32004],
  500: ['INTERNAL_SERVER_ERROR', -32603],
  503: ['SERVICE_UNAVAILABLE', -32603],
};

function procedures(url: string): string[] {
  const path = new URL(url).pathname.replace(/^\/trpc\//, '');
  return decodeURIComponent(path).split(',');
}

/** Returns a function that removes the fault again. */
export async function failProcedure(
  page: Page,
  procedure: string,
  fault: TrpcFault,
): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.pathname.startsWith('/trpc/') && procedures(url.href).includes(procedure);
  const handler = async (route: Route) => {
    if (fault === 'network') {
      await route.abort('failed');
      return;
    }
    const names = procedures(route.request().url());
    // Alone in its request (a mutation, typically) it never reaches the server: nothing is stored.
    const body = names.length === 1 ? [] : ((await (await route.fetch()).json()) as unknown[]);
    const [code, jsonRpcCode] = CODES[fault.httpStatus] ?? ['INTERNAL_SERVER_ERROR', -32603];
    const entries = names.map((name, i) =>
      name === procedure
        ? {
            error: {
              message: fault.message,
              code: jsonRpcCode,
              data: { code, httpStatus: fault.httpStatus, path: name },
              ...(fault.details ? { details: fault.details } : {}),
            },
          }
        : body[i],
    );
    await route.fulfill({
      status: names.length === 1 ? fault.httpStatus : 207,
      contentType: 'application/json',
      body: JSON.stringify(entries),
    });
  };
  await page.route(matcher, handler);
  return () => page.unroute(matcher, handler);
}
