import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import './styles/global.css';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('#root ontbreekt in index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
