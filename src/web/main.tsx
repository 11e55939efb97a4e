import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { applyLanguage, I18nProvider, loadMessages } from './lib/i18n/i18n.tsx';
import { initialLanguage } from './lib/i18n/languages.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const language = initialLanguage();
applyLanguage(language);

// The active language's messages (one small chunk) load before the first render; the other language's never
// load unless the user switches. The query client is created behind sign-in (app/signed-in-layout.tsx).
loadMessages(language).then(
  (messages) =>
    root.render(
      <StrictMode>
        <I18nProvider language={language} messages={messages}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </I18nProvider>
      </StrictMode>,
    ),
  (error: unknown) => {
    // No messages, so no translated text: say it in both languages.
    console.error(error);
    // eslint-disable-next-line i18next/no-literal-string -- the catalogue itself failed to load
    root.render(<p role="alert">Could not load the dashboard; reload the page. · Não foi possível carregar o painel; recarregue a página.</p>);
  },
);
