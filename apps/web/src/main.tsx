import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { installSessionExpiry } from './app/session-expiry';
import { installAlertSoundUnlock } from './lib/alert-sound';
import { reportUncaughtErrors } from './lib/client-errors';
import { setNavigator } from './lib/navigation';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

setNavigator((to, options) => void router.navigate(to, options));
installSessionExpiry();
reportUncaughtErrors();
registerServiceWorker(queryClient);
installAlertSoundUnlock();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
