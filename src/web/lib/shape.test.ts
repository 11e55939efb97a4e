import { describe, expect, it } from 'vitest';
import { arrayOf, objectWith } from './shape.ts';

describe('light response checks', () => {
  it('takes an object only when it holds every key named, and says what it wanted otherwise', () => {
    const plan = objectWith<{ latest: unknown; id: string }>('a fee plan', 'latest', 'id');
    expect(plan.safeParse({ latest: null, id: 'p1' }).success).toBe(true);
    for (const wrong of [null, 'plan', [], { latest: 1 }, { id: 'p1' }]) {
      const result = plan.safeParse(wrong);
      expect(result.success, JSON.stringify(wrong)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('not a fee plan');
    }
  });

  it('takes an array only', () => {
    const people = arrayOf<{ email: string }>('a list of people');
    expect(people.safeParse([]).success).toBe(true);
    expect(people.safeParse({ data: [] }).error?.issues[0]?.message).toBe('not a list of people');
  });
});
