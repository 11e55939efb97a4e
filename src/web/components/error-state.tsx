import type { ReactNode } from 'react';
import { describeError } from '../lib/errors.ts';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';

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
  const described = describeError(error);
  return (
    <Banner
      tone="error"
      className={className}
      title={title ?? described.title}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Retrying…' : 'Retry'}
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
    </Banner>
  );
}
