import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { describeError } from '../lib/problems/describe-error.ts';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';
import { TechnicalDetails } from './technical-details.tsx';

export interface ErrorStateProps {
  error: unknown;
  /** Shown as the banner title; defaults to the problem's title. */
  title?: ReactNode;
  onRetry?: () => void;
  /** A retry is under way: the button says so and waits. */
  retrying?: boolean;
  className?: string;
}

/** A failed load: the problem's title and detail (and field errors), with a Retry button. */
export function ErrorState({ error, title, onRetry, retrying = false, className }: ErrorStateProps) {
  const t = useT();
  const described = describeError(error, t);
  return (
    <Banner
      tone="error"
      className={className}
      title={title ?? described.title}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry} disabled={retrying}>
            {retrying ? t('components.error.retrying') : t('components.error.retry')}
          </Button>
        ) : undefined
      }
    >
      <p>{described.detail}</p>
      {described.fieldErrors.length > 0 ? (
        <ul>
          {described.fieldErrors.map((e, i) => (
            <li key={i}>
              {e.where ? <code>{e.where}</code> : null} {e.detail}
            </li>
          ))}
        </ul>
      ) : null}
      <TechnicalDetails text={described.technical} />
    </Banner>
  );
}
