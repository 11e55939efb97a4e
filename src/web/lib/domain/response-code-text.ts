import { responseCodeTextsEn } from '../../../contract/response-code-texts-en.ts';
import { responseCodeTextsPt } from '../../../contract/response-code-texts-pt.ts';
import { isKnownResponseCode, type ResponseCodeText } from '../../../contract/response-codes.ts';
import type { Language } from '../i18n/languages.ts';

/** What an ABECS response code means to people, in the user's language (contract/response-code-texts-*.ts); null when the catalogue lacks it. */
export function responseCodeText(language: Language, code: string | null): ResponseCodeText | null {
  if (code === null || !isKnownResponseCode(code)) return null;
  return (language === 'pt-BR' ? responseCodeTextsPt : responseCodeTextsEn)[code];
}
