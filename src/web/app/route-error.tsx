import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Banner } from '../components/banner.tsx';
import { Button } from '../components/button.tsx';
import { TechnicalDetails } from '../components/technical-details.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { describeError } from '../lib/problems/describe-error.ts';
import styles from './route-error.module.css';

/** What a failed route shows: a readable message and a way out, never a blank page. */
export function RouteError({ error, inShell = false }: { error: unknown; inShell?: boolean }) {
  const t = useT();
  const described = describeError(error, t);
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  const content = (
    <div className={styles.wrap}>
      <Banner
        tone="error"
        title={chunkFailed ? t('app.error.chunkTitle') : described.title}
        action={<Button onClick={() => window.location.reload()}>{t('app.error.reload')}</Button>}
      >
        <p>{chunkFailed ? t('app.error.chunkDetail') : described.detail}</p>
        <p>
          <a href="/">{t('app.start')}</a>
        </p>
        <TechnicalDetails text={described.technical} />
      </Banner>
    </div>
  );
  return inShell ? content : <main id="main">{content}</main>;
}

interface BoundaryProps {
  pathname: string;
  inShell: boolean;
  children: ReactNode;
}

interface BoundaryState {
  pathname: string;
  failure: { error: unknown } | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  /** Moving to another page clears the error, as a route's error element would be. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failure: null };
  }

  override render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} inShell={this.props.inShell} /> : this.props.children;
  }
}

/** The error boundary around a route (a render error or a lazy chunk that failed to load); React logs what it catches. */
export function RouteErrorBoundary({ inShell = false, children }: { inShell?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary pathname={pathname} inShell={inShell}>
      {children}
    </Boundary>
  );
}
