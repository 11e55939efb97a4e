import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { SearchQuery } from '../../../contract/list-query.ts';
import { api } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { transactionPath, transactionsSearchPath } from '../../lib/paths.ts';
import styles from './identifier-search.module.css';

/** Only the ids of the matches: the shell need not load the whole Summary schema on every page. */
const Matches = z.array(z.object({ id: z.optional(z.string()) }));

type Outcome = { kind: 'idle' } | { kind: 'searching' } | { kind: 'none'; q: string } | { kind: 'invalid' } | { kind: 'failed' };

/**
 * The shell's search box: paste any identifier (summary or gateway id, RRN, NSU/STAN, authorization code).
 * One match opens that transaction, several open the list filtered to them, none says so here.
 */
export function IdentifierSearch() {
  const t = useT();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // the API's rule for `q` (one identifier, blanks around it dropped), so what is sent is never refused
    const parsed = SearchQuery.safeParse(text);
    if (!parsed.success) {
      setOutcome({ kind: 'invalid' });
      return;
    }
    const q = parsed.data;
    setOutcome({ kind: 'searching' });
    try {
      const { data } = await api('listTransactionSummaries', Matches, { query: { q, limit: '2' } });
      const [first] = data;
      if (data.length === 0 || !first) {
        setOutcome({ kind: 'none', q });
        return;
      }
      setOutcome({ kind: 'idle' });
      setText('');
      void navigate(data.length === 1 && first.id ? transactionPath(first.id) : transactionsSearchPath(q));
    } catch {
      setOutcome({ kind: 'failed' });
    }
  };

  const message =
    outcome.kind === 'none'
      ? t('search.none', { q: outcome.q })
      : outcome.kind === 'invalid'
        ? t('search.invalid')
        : outcome.kind === 'failed'
          ? t('search.failed')
          : outcome.kind === 'searching'
            ? t('search.searching')
            : '';
  return (
    <form role="search" className={styles.form} onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (outcome.kind !== 'searching') setOutcome({ kind: 'idle' });
        }}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        spellCheck={false}
        maxLength={80}
        aria-describedby={`${id}-status`}
        className={styles.input}
      />
      <button type="submit" className={styles.button} disabled={outcome.kind === 'searching'}>
        {t('search.submit')}
      </button>
      <p id={`${id}-status`} role="status" className={message ? styles.status : 'visually-hidden'} data-testid="search-status">
        {message}
      </p>
    </form>
  );
}
