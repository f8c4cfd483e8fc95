import '@ant-design/v5-patch-for-react-19';
import '@refinedev/antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import { App } from './App.tsx';
import { consoleRoutes } from './routes.tsx';
import { ThemeProvider } from './theme/ThemeProvider.tsx';

const router = createHashRouter([{ element: <App />, children: consoleRoutes() }]);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>
  </StrictMode>,
);
