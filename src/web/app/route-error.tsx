import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Banner } from '../components/banner.tsx';
import { Button } from '../components/button.tsx';
import { describeError } from '../lib/errors.ts';
import styles from './route-error.module.css';

/** The error boundary: a readable message and a way out, never a blank page. */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  const described = isRouteErrorResponse(error)
    ? { title: `${error.status} ${error.statusText}`, detail: typeof error.data === 'string' ? error.data : 'The page could not be shown.' }
    : describeError(error);
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  const content = (
    <div className={styles.wrap}>
      <Banner
        tone="error"
        title={chunkFailed ? 'This page could not be loaded' : described.title}
        action={<Button onClick={() => window.location.reload()}>Reload</Button>}
      >
        <p>{chunkFailed ? 'The dashboard may have been updated. Reload to get the latest version.' : described.detail}</p>
        <p>
          <a href="/">Go to the start page</a>
        </p>
      </Banner>
    </div>
  );
  return inShell ? content : <main id="main">{content}</main>;
}
