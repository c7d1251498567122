import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from './api/client';
import { ApiContext } from './api/context';
import { wireEvents } from './store/store';
import { App } from './App';
import './styles.css';

const api = createApi();
wireEvents(api);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApiContext.Provider value={api}>
      <App />
    </ApiContext.Provider>
  </StrictMode>,
);
