import type TIM from '@chaopin/im-sdk';
import { useCallback, useEffect, useState } from 'react';
import { chat, useConversations } from '../../../core/chat/chat-boot.ts';
import { showToast } from '../../../ui/toast.ts';

/**
 * Data read through the SDK once it is ready, read again when friends, blacklist or groups change
 * (the SDK's events bump socialVersion) or when `reload` is called.
 */
export function useSdkData<T>(load: (tim: TIM) => Promise<T>, deps: unknown[]) {
  const version = useConversations((s) => s.socialVersion);
  const [data, setData] = useState<T | undefined>(undefined);
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: callers pass their own deps
  const run = useCallback(load, deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version and tick are reload triggers
  useEffect(() => {
    let live = true;
    void chat()
      .then(run)
      .then((d) => live && setData(d))
      .catch((err: Error) => live && showToast(err.message));
    return () => {
      live = false;
    };
  }, [run, version, tick]);
  return { data, reload: () => setTick((t) => t + 1) };
}

/** Runs an SDK call, toasting its error; resolves true on success (after `then`). */
export async function act(
  fn: (tim: TIM) => Promise<unknown>,
  done?: string,
  then?: () => void,
): Promise<boolean> {
  try {
    await fn(await chat());
    if (done) showToast(done);
    then?.();
    return true;
  } catch (err) {
    showToast((err as Error).message);
    return false;
  }
}
