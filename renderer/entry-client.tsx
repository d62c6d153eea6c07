/** Hydrates the server-rendered page with the state the server embedded in it. */
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { STATE_ELEMENT_ID, type PageState } from './page-state';
import './styles/site.css';

const stateElement = document.getElementById(STATE_ELEMENT_ID);
const root = document.getElementById('root');
if (stateElement && root) {
  const state = JSON.parse(stateElement.textContent ?? '{}') as PageState;
  hydrateRoot(root, <App state={state} />, {
    onRecoverableError(error) {
      console.error('Hydration error:', error);
    },
  });
}
