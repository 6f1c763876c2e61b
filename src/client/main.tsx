import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { ServerConfig } from '../shared/api/auth.js';
import { Paths } from '../shared/api/paths.js';
import { createAppRouter } from './app/router.js';
import { documentTitle, useConfig } from './shell/config-store.js';
import { api } from './shell/request.js';
import './styles.css';
import './layout/fit.css';

async function start(): Promise<void> {
  try {
    const config = await api.get<ServerConfig>(Paths.config, undefined, { silent: true });
    useConfig.getState().setConfig(config);
    document.title = documentTitle('', config);
  } catch {
    // Without the config the app still runs with its defaults (captcha shown, no limit notice).
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
}

void start();
