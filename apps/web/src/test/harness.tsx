import { API_BASE } from '@chaopin/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';

/** As main.tsx does: antd-mobile's imperative Dialog needs React 19's root to render at all. */
export function setAntdRender(): void {
  unstableSetRender((node, container) => {
    const holder = container as Element & { __root?: Root };
    holder.__root ??= createRoot(container);
    const root = holder.__root;
    root.render(node);
    return async () => {
      root.unmount();
      holder.__root = undefined;
    };
  });
}

/** What a fake route answers with: the data of a `{code: 1}` envelope. */
type Handler = (params: URLSearchParams) => unknown;

export interface Call {
  path: string;
  /** The query string of a GET, the form body of a POST. */
  params: URLSearchParams;
  method: string;
}

/** Stubs fetch with the given routes (paths relative to the API base); unknown paths answer 404. */
export function fakeApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(`${API_BASE}/`, '');
      const method = init?.method ?? 'GET';
      const params =
        init?.body instanceof URLSearchParams ? init.body : new URLSearchParams(url.search);
      calls.push({ path, params, method });
      const handler = routes[path];
      const body = handler
        ? { code: 1, msg: 'ok', data: handler(params) }
        : { code: 404, msg: '不存在', error: 'NOT_FOUND', data: null };
      return new Response(JSON.stringify(body), { status: handler ? 200 : 404 });
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

/** Renders a page at `entry` (its route is `path`); any other path shows where it went. */
export function renderPage(page: ReactElement, path: string, entry: string = path) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}
