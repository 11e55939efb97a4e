/** The per-language modules tools/i18n-messages.ts compiles from every src/web/**\/messages/<language>.json. */
declare module 'virtual:i18n-messages/*' {
  const messages: Record<string, (values?: Record<string, unknown>) => string>;
  export default messages;
}
