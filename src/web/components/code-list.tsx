/** Identifiers as a sentence list in the language's own way ("a, b and c" / "a, b e c"), each in <code>. */
export function CodeList({ items, locale }: { items: readonly string[]; locale: string }) {
  const parts = new Intl.ListFormat(locale, { type: 'conjunction' }).formatToParts(items);
  return (
    <>
      {parts.map((part, i) => (part.type === 'element' ? <code key={i}>{part.value}</code> : <span key={i}>{part.value}</span>))}
    </>
  );
}
