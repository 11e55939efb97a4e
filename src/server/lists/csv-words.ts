import type { FastifyRequest } from 'fastify';
import en from '../../contract/domain/messages/en.json' with { type: 'json' };
import pt from '../../contract/domain/messages/pt-BR.json' with { type: 'json' };
import type { ExportLanguage } from '../../contract/export.ts';
import { acceptLanguageHeader } from '../../contract/headers.ts';
import { responseCodeTextsEn } from '../../contract/response-code-texts-en.ts';
import { responseCodeTextsPt } from '../../contract/response-code-texts-pt.ts';
import { declineReason, type ResponseCodeTexts } from '../../contract/response-codes.ts';

/**
 * The words an export writes in a language: the dashboard's own (src/contract/domain/messages, `domain.<kind>.<value>`,
 * and the ABECS codes' meanings of src/contract/response-code-texts-*.ts), so a file reads as the screen does.
 */
export type WordKind = 'acquirer' | 'paymentMethod' | 'cardBrand' | 'status' | 'cycleType';

const words: Record<ExportLanguage, Readonly<Record<string, string>>> = { en, 'pt-BR': pt };
const codeTexts: Record<ExportLanguage, ResponseCodeTexts> = { en: responseCodeTextsEn, 'pt-BR': responseCodeTextsPt };

/** How an export writes its values: times in a zone (null: UTC with 'Z'), codes as words of a language (null: codes). */
export interface CsvContext {
  timeZone: string | null;
  /** statuses, methods, brands, acquirers: words of this language, or the codes themselves */
  words: ExportLanguage | null;
  /** decline reasons (a text with no code form) */
  texts: ExportLanguage;
}

export const scriptCsvContext: CsvContext = { timeZone: null, words: null, texts: 'en' };

/** A code as a word of the language (a code the catalogue lacks stays as it came). */
export function wordOf(language: ExportLanguage, kind: WordKind, value: string): string {
  return words[language][`domain.${kind}.${value}`] ?? value;
}

/** A declined transaction's reason in the language, or null (see declineReason). */
export function reasonOf(language: ExportLanguage, status: string, code: string | null): string | null {
  return declineReason(codeTexts[language], status, code);
}

/** The export language Accept-Language prefers (pt, pt-BR, pt-PT… read as pt-BR; en-US as en), or null when it names neither. */
export function acceptedLanguage(header: string | undefined): ExportLanguage | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined) ?? 1);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranges) {
    if (primary === 'pt') return 'pt-BR';
    if (primary === 'en') return 'en';
  }
  return null;
}

/** The context of an export request: `tz` and `lang` of its query, else Accept-Language for the texts. */
export function csvContextOf(request: FastifyRequest, query: { tz?: string | undefined; lang?: ExportLanguage | undefined }): CsvContext {
  return {
    timeZone: query.tz ?? null,
    words: query.lang ?? null,
    texts: query.lang ?? acceptedLanguage(request.headers[acceptLanguageHeader]) ?? 'en',
  };
}
