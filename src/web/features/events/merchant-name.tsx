import { useMe } from '../../lib/me-context.tsx';

/** A merchant's name from the token's merchant list (/v1/me), its id when the list does not have it. */
export function MerchantName({ id }: { id: string }) {
  const me = useMe();
  const name = me.merchants.find((m) => m.id === id)?.name;
  return <span title={id}>{name ?? id}</span>;
}
