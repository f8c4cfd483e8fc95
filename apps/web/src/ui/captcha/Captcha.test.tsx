import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Captcha } from './Captcha.tsx';

// The real widget needs Web Crypto workers; here <altcha-widget> stays a plain element whose
// events the test fires itself.
vi.mock('./altcha-loader.ts', () => ({}));

let issued = 0;
const fetchMock = vi.fn(async (url: string) => {
  issued += 1;
  const body = {
    code: 1,
    msg: 'ok',
    data: { parameters: { nonce: `n${issued}` }, signature: 's' },
  };
  return new Response(JSON.stringify(body), { status: 200, headers: { url } });
});

beforeEach(() => {
  issued = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function setup(round = 0) {
  const onTicket = vi.fn<(t: string | null) => void>();
  const client = new QueryClient();
  const view = (r: number) => (
    <QueryClientProvider client={client}>
      <Captcha
        action="seckill:12"
        round={r}
        onTicket={onTicket}
        className="sk-captcha"
        testId="seckill-captcha"
      />
    </QueryClientProvider>
  );
  const utils = render(view(round));
  return { ...utils, onTicket, rerender: (r: number) => utils.rerender(view(r)) };
}

const widget = (container: HTMLElement) =>
  container.querySelector('altcha-widget') as (HTMLElement & { challenge?: string }) | null;

/** The challenge as the widget got it (a property once defined, else the attribute). */
const given = (container: HTMLElement) => {
  const el = widget(container);
  return el?.challenge ?? el?.getAttribute('challenge') ?? '';
};

function fire(el: HTMLElement, state: string, payload: string | null) {
  act(() => {
    el.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  });
}

describe('the seckill captcha', () => {
  it('gives the widget the challenge for seckill:<item> as JSON, fetched with our helper', async () => {
    const { container } = setup();
    await waitFor(() => expect(widget(container)).not.toBeNull());
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('captcha/challenge?action=seckill%3A12');
    const el = widget(container);
    expect(JSON.parse(given(container))).toEqual({ parameters: { nonce: 'n1' }, signature: 's' });
    expect(el?.getAttribute('auto') ?? (el as { auto?: string } | null)?.auto).toBe('onload');
  });

  it('hands over the payload once verified, and takes it back on any other state', async () => {
    const { container, onTicket } = setup();
    await waitFor(() => expect(widget(container)).not.toBeNull());
    const el = widget(container) as HTMLElement;
    fire(el, 'verifying', null);
    expect(onTicket).toHaveBeenLastCalledWith(null);
    fire(el, 'verified', 'cGF5bG9hZA==');
    expect(onTicket).toHaveBeenLastCalledWith('cGF5bG9hZA==');
    fire(el, 'expired', null);
    expect(onTicket).toHaveBeenLastCalledWith(null);
  });

  it('asks for a new challenge on a new round and when the widget says it expired', async () => {
    const { container, onTicket, rerender } = setup();
    await waitFor(() => expect(widget(container)).not.toBeNull());
    fire(widget(container) as HTMLElement, 'verified', 'first');
    rerender(1);
    expect(onTicket).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(given(container)).toContain('n2'));
    act(() => {
      widget(container)?.dispatchEvent(new CustomEvent('expired'));
    });
    await waitFor(() => expect(given(container)).toContain('n3'));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
