import '@ant-design/v5-patch-for-react-19';
import '@refinedev/antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, useRoutes } from 'react-router';
import { App } from './App.tsx';
import { consoleRoutes } from './routes.tsx';
import { ThemeProvider } from './theme/ThemeProvider.tsx';

const routes = [{ element: <App />, children: consoleRoutes() }];

function Routes() {
  return useRoutes(routes);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <HashRouter>
        <Routes />
      </HashRouter>
    </ThemeProvider>
  </StrictMode>,
);
