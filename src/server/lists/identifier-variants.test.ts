import { describe, expect, it } from 'vitest';
import { SearchQuery } from '../../contract/list-query.ts';
import { identifierVariants } from './identifier-variants.ts';

describe('identifierVariants', () => {
  it('gives a number as typed, without leading zeros and padded to 6 and 12 digits', () => {
    expect(identifierVariants('6149')).toEqual(['6149', '6149', '006149', '000000006149']);
    expect(identifierVariants('006149')).toEqual(['006149', '6149', '006149', '000000006149']);
    expect(identifierVariants('257912451958')).toEqual(['257912451958', '257912451958', '257912451958', '257912451958']);
    expect(identifierVariants('0')).toEqual(['0', '0', '000000', '000000000000']);
  });

  it('matches any other identifier only as given', () => {
    expect(identifierVariants('SCG3UD')).toEqual(['SCG3UD', 'SCG3UD', 'SCG3UD', 'SCG3UD']);
    expect(identifierVariants('d0e37018-8b27')).toEqual(['d0e37018-8b27', 'd0e37018-8b27', 'd0e37018-8b27', 'd0e37018-8b27']);
  });
});

describe('SearchQuery', () => {
  it('takes the spaces out of a number read in groups, and still refuses two words', () => {
    expect(SearchQuery.parse(' 2579 1245 1958 ')).toBe('257912451958');
    expect(SearchQuery.parse('006 149')).toBe('006149');
    expect(SearchQuery.safeParse('SCG3UD extra').success).toBe(false);
  });
});
