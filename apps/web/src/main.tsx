import { QueryClientProvider } from '@tanstack/react-query';
import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './app/queryClient.ts';
import { createAppRouter } from './app/router.tsx';
import { preloadToast, showToast } from './app/toast.ts';
import { bootChat } from './core/chat/im-state.ts';
import { setToast } from './core/notify.ts';
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
// Warm the toast chunk once the first screen is up, so the first toast appears at once. The chat
// client (and its socket library) starts then too, off the home route's critical path.
window.addEventListener(
  'load',
  () =>
    setTimeout(() => {
      preloadToast();
      void bootChat();
    }, 1000),
  { once: true },
);

const router = createAppRouter();
const queryClient = createQueryClient();
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root missing from index.html');

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
