import { Link, useLocation } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { useT } from '../lib/i18n/i18n.tsx';

export function NotFoundPage() {
  const location = useLocation();
  const t = useT();
  return (
    <section aria-labelledby="not-found-title">
      <EmptyState title={<span id="not-found-title">{t('app.notFound.title')}</span>} action={<Link to="/">{t('app.start')}</Link>}>
        <p>
          {t('app.notFound.text')} <code>{location.pathname}</code>
        </p>
        <p>{t('app.notFound.hint')}</p>
      </EmptyState>
    </section>
  );
}
