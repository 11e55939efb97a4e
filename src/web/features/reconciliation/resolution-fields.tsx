import { bulkResolutionActions, type BulkResolutionAction } from '../../../contract/reconciliation.ts';
import { useT } from '../../lib/i18n/i18n.tsx';

/** The action and the note of a resolution: one exception's form and the bulk form of a filtered selection share them. */
export function ResolutionFields({ action, onAction, note, onNote }: {
  action: BulkResolutionAction;
  onAction: (action: BulkResolutionAction) => void;
  note: string;
  onNote: (note: string) => void;
}) {
  const t = useT();
  return (
    <>
      <label>
        {t('reconciliation.action.label')}
        <select value={action} onChange={(event) => onAction(event.target.value as BulkResolutionAction)}>
          {bulkResolutionActions.map((a) => <option key={a} value={a}>{t(`reconciliation.action.${a}`)}</option>)}
        </select>
      </label>
      <label>
        {t('reconciliation.note.label')}
        <input value={note} onChange={(event) => onNote(event.target.value)} required maxLength={1000} />
      </label>
    </>
  );
}
