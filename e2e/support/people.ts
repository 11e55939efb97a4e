import { randomBytes } from 'node:crypto';
import { expect, request } from '@playwright/test';
import type { Role } from '../../src/contract/roles.ts';
import { demoToken, e2eBaseUrl } from './env.ts';

export interface E2ePerson {
  email: string;
  password: string;
}

/**
 * A person of the demo organization for one spec alone (invited with the demo token, the invitation accepted through
 * the API): a spec that enrols a second factor or a passkey does it on its own person, so no other spec — nor a
 * retry of the same one — meets a factor it did not set up.
 */
export async function newPerson(label: string, role: Role = 'admin', baseURL = e2eBaseUrl): Promise<E2ePerson> {
  const email = `${label.toLowerCase()}-${Date.now()}-${randomBytes(3).toString('hex')}@e2e.acquirer-console.dev`;
  const password = `${label} walks a long quiet ${randomBytes(4).toString('hex')} road`;
  const api = await request.newContext({ baseURL });
  try {
    const invited = await api.post('/v1/people/invitations', { headers: { authorization: `Bearer ${demoToken}` }, data: { email, role, name: `E2E ${label}` } });
    expect(invited.status(), await invited.text()).toBe(201);
    const { link } = (await invited.json()) as { link?: string };
    const token = link?.split('#token=')[1] ?? '';
    const accepted = await api.post('/v1/people/invitations/accept', { data: { token, password } });
    expect(accepted.status(), await accepted.text()).toBe(200);
  } finally {
    await api.dispose();
  }
  return { email, password };
}
