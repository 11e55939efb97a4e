import { Link, useLocation } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <section aria-labelledby="not-found-title">
      <EmptyState title={<span id="not-found-title">Page not found</span>} action={<Link to="/">Go to the start page</Link>}>
        <p>
          Nothing lives at <code>{location.pathname}</code>. Check the address or use the navigation.
        </p>
      </EmptyState>
    </section>
  );
}
