/** The per-language modules tools/i18n-messages.ts compiles from every src/web/**\/messages/<language>.json. */
declare module 'virtual:i18n-messages/*' {
  const messages: Record<string, (values?: Record<string, unknown>) => string>;
  export default messages;
}

/** Every feature bundle's loader per language (tools/i18n-messages.ts): `bundles.transactions['pt-BR']()`. */
declare module 'virtual:i18n-messages/bundles' {
  const bundles: Record<string, Record<'en' | 'pt-BR', () => Promise<{ default: Record<string, (values?: Record<string, unknown>) => string> }>>>;
  export default bundles;
}
