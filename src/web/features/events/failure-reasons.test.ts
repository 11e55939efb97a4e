import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { failureDetailTemplates } from '../../../contract/failure-details.ts';
import { failureReasons } from '../../../contract/notifications.ts';

const catalogue = (language: string) => JSON.parse(readFileSync(new URL(`./messages/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>;

describe('failure reasons', () => {
  it.each(['en', 'pt-BR'])('every reason the processing can give has a title and a sentence in %s', (language) => {
    const messages = catalogue(language);
    const missing = failureReasons.flatMap((reason) => [`events.reason.${reason}`, `events.reason.${reason}.title`]).filter((key) => !messages[key]);
    expect(missing).toEqual([]);
  });

  it.each(['en', 'pt-BR'])('says every failure detail the processing writes in %s, with the same values', (language) => {
    const messages = JSON.parse(readFileSync(new URL(`../../components/failure-detail/messages/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>;
    const names = (text: string | undefined) => [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [id, template] of Object.entries(failureDetailTemplates)) expect(names(messages[`failure-detail.${id}`]), id).toEqual(names(template));
  });
});
