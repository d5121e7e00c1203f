import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppProviders } from './app/providers';
import { connectSession } from './app/session';
import { makePersistor, makeStore } from './app/store';

const store = makeStore();
const persistor = makePersistor(store);
connectSession(store, persistor);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AppProviders store={store} persistor={persistor}>
      <App />
    </AppProviders>
  </StrictMode>,
);
