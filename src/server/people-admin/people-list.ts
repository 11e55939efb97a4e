import { asc, count, eq } from 'drizzle-orm';
import type { PeopleQuery } from '../../contract/people.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { people } from '../db/schema.ts';
import type { ListSpec } from '../lists/list-route.ts';
import { offsetOf } from '../lists/paging.ts';
import type { PersonRow } from '../people/people-store.ts';

/** GET /v1/people as a list: the organization's people by email, page numbers (an organization has few). */
export const peopleList: ListSpec<PeopleQuery, PersonRow> = {
  name: 'people',
  replica: false,
  find: (db: Db, caller: Caller, query, extra) =>
    db
      .select()
      .from(people)
      .where(eq(people.organizationId, caller.organizationId))
      .orderBy(asc(people.email))
      .limit(query.limit + extra)
      .offset(offsetOf(query)),
  count: async (db: Db, caller: Caller) => {
    const [row] = await db.select({ n: count() }).from(people).where(eq(people.organizationId, caller.organizationId));
    return { value: row?.n ?? 0, exact: true };
  },
};
