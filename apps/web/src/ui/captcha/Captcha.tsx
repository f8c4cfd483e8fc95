import { useQuery } from '@tanstack/react-query';
import type {} from 'altcha/types/react';
import { DotLoading } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { captchaApi } from '../../core/api/captcha.ts';
import './captcha.css';

let altcha: Promise<unknown> | null = null;

/** The widget's code, fetched once per app run (again after a failed attempt). */
function loadAltcha(): Promise<unknown> {
  altcha ??= import('./altcha-loader.ts').catch((error: unknown) => {
    altcha = null;
    throw error;
  });
  return altcha;
}

// Compact on a phone: no attribution footer under the checkbox.
const WIDGET_CONFIG = JSON.stringify({ hideFooter: true });

type StateChange = CustomEvent<{ state: string; payload: string | null }>;

interface Props {
  /** What the ticket is for: the challenge's action (`seckill:<itemId>`, `bargain:<id>`). */
  action: string;
  /** Changing it asks for a new challenge (a ticket is good for one attempt). */
  round: number;
  /** The solved payload (the `ticket` header), or null while there is none. */
  onTicket: (ticket: string | null) => void;
  /** The page's look: `<className>`, with `--loading` and `--retry` modifiers. */
  className: string;
  testId: string;
}

/**
 * 人机验证 before an attempt the server guards (a flash purchase, a help cut): its challenge (fetched with the session's TOKEN, so
 * the widget gets it as JSON, never as a URL it would fetch without one) solved by the ALTCHA
 * widget's proof-of-work as soon as it shows. A challenge that expires is replaced.
 */
export function Captcha({ action, round, onTicket, className, testId }: Props) {
  const [code, setCode] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [expired, setExpired] = useState(0);
  const challenge = useQuery({
    queryKey: ['captcha', action, round, expired],
    queryFn: () => captchaApi.challenge(action),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const json = challenge.data ? JSON.stringify(challenge.data) : '';
  const report = useRef(onTicket);
  report.current = onTicket;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry: load again
  useEffect(() => {
    let live = true;
    setCode('loading');
    loadAltcha().then(
      () => live && setCode('ready'),
      () => live && setCode('failed'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  // Each challenge gets a new widget element: no ticket until it has solved that challenge, and
  // none once it is gone.
  const attach = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    report.current(null);
    const onState = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      report.current(state === 'verified' && payload ? payload : null);
    };
    const onExpired = () => setExpired((n) => n + 1);
    el.addEventListener('statechange', onState);
    el.addEventListener('expired', onExpired);
    return () => {
      el.removeEventListener('statechange', onState);
      el.removeEventListener('expired', onExpired);
      report.current(null);
    };
  }, []);

  if (code === 'failed' || challenge.isError) {
    return (
      <button
        type="button"
        className={`${className} ${className}--retry`}
        onClick={() => {
          if (code === 'failed') setAttempt((n) => n + 1);
          if (challenge.isError) void challenge.refetch();
        }}
      >
        人机验证加载失败，点击重试
      </button>
    );
  }
  if (code === 'loading' || !json) {
    return (
      <div className={`${className} ${className}--loading`}>
        人机验证加载中 <DotLoading />
      </div>
    );
  }
  return (
    // A new element per challenge (keyed wrapper): `auto="onload"` starts solving it at once.
    <div key={json} className={`captcha ${className}`} data-testid={testId}>
      <altcha-widget
        ref={attach}
        challenge={json}
        auto="onload"
        language="zh-cn"
        configuration={WIDGET_CONFIG}
      />
    </div>
  );
}
