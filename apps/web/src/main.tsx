import { QueryClientProvider } from '@tanstack/react-query';
import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { forgetOnSignOut } from './app/forgetOnSignOut.ts';
import { firstScreenDone, prefetchLikelyPages, registerServiceWorker } from './app/idle.ts';
import { createQueryClient } from './app/queryClient.ts';
import { createAppRouter } from './app/router.tsx';
import { bootChat } from './core/chat/im-state.ts';
import { setToast } from './core/notify.ts';
import { useSession } from './core/session.ts';
import { signInFromWebTicket } from './core/webTicket.ts';
import { preloadToast, showToast } from './ui/toast.ts';
import './app/theme.css';

// antd-mobile renders Toast/Dialog imperatively with the pre-19 API; give it React 19's root.
unstableSetRender((node, container) => {
  const holder = container as Element & { __root?: Root };
  holder.__root ??= createRoot(container);
  const root = holder.__root;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    holder.__root = undefined;
  };
});

setToast(showToast);
// Before the router reads the URL: a mini-program <web-view>'s one-time ticket leaves it.
signInFromWebTicket();

const router = createAppRouter();
const queryClient = createQueryClient();
forgetOnSignOut(queryClient);

// What the first screen does not need waits until it is done (idle.ts): the toast chunk (so the
// first toast appears at once), the service worker, the sub-packages a user is likely to open next
// (SPEC §2 preloads them; skipped on a slow connection or with data saver), and the chat client
// with its socket library, which only a signed-in user needs: it starts when one signs in.
void firstScreenDone(queryClient).then(() => {
  preloadToast();
  registerServiceWorker();
  void prefetchLikelyPages();
  const signedIn = () => useSession.getState().status !== 'out';
  if (signedIn()) void bootChat();
  else {
    const unsubscribe = useSession.subscribe(() => {
      if (!signedIn()) return;
      unsubscribe();
      void bootChat();
    });
  }
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root missing from index.html');

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
