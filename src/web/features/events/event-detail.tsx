import type { ReactNode } from 'react';
import type { Event } from '../../../contract/events.ts';
import { Badge } from '../../components/badge.tsx';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button.tsx';
import { transactionPath } from '../../lib/paths.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { dash } from '../../components/data-table/column-helpers.tsx';
import { formatUtc, mapLink, maskCard } from '../../lib/format.ts';
import { acquirerLabels, cardBrandLabels, cycleTypeLabels, label, paymentMethodLabels, statusLabels, statusTones } from '../../lib/labels.ts';
import styles from './events.module.css';

type Value = string | number | boolean | null | undefined;

function show(value: Value): ReactNode {
  if (value === null || value === undefined || value === '') return <span className={styles.null}>{dash}</span>;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function Pair({ term, value, children, copy = false }: { term: string; value?: Value; children?: ReactNode; copy?: boolean }) {
  return (
    <div className={styles.pair}>
      <dt>{term}</dt>
      <dd>
        <span className={[styles.value, copy && styles.mono].filter(Boolean).join(' ')}>{children ?? show(value)}</span>
        {copy && typeof value === 'string' && value ? <CopyButton text={value} label={`${term} ${value}`} /> : null}
      </dd>
    </div>
  );
}

function Group({ title, children, empty }: { title: string; children?: ReactNode; empty?: ReactNode }) {
  return (
    <section className={styles.group} aria-label={title}>
      <h3>{title}</h3>
      {empty ?? <dl>{children}</dl>}
    </section>
  );
}

/** The expanded event: every field, nulls as a dash, the createdAt exactly as received. */
export function EventDetail({ event }: { event: Event }) {
  const card = event.cardData;
  const t = event.terminalData;
  const metadata = Object.entries(event.metadata);
  return (
    <div className={styles.detail}>
      <Group title="Event">
        <Pair term="Event id" value={event.eventId} copy />
        <Pair term="Created">
          <span className={styles.created}>
            <TimeText iso={event.createdAt} />
            <code data-testid="exact-created-at" title="Exactly as received">
              {event.createdAt}
            </code>
            {formatUtc(event.createdAt) !== event.createdAt ? <code className={styles.null}>{formatUtc(event.createdAt)}</code> : null}
          </span>
        </Pair>
        <Pair term="Updated">
          <TimeText iso={event.updatedAt} />
        </Pair>
        <Pair term="Status">
          <Badge tone={statusTones[event.eventStatus] ?? 'neutral'}>{label(statusLabels, event.eventStatus)}</Badge>
        </Pair>
        <Pair term="Type" value={event.eventType} />
      </Group>
      <Group title="Transaction">
        <Pair term="Transaction id" value={event.id} copy>
          <Link to={transactionPath(event.id)} data-testid="event-transaction-link">
            {event.id}
          </Link>
        </Pair>
        <Pair term="Type" value={label(cycleTypeLabels, event.transactionType)} />
        <Pair term="Status" value={label(statusLabels, event.transactionStatus)} />
        <Pair term="Amount">
          <MoneyText minor={event.amount} currency={event.currency} />
        </Pair>
        <Pair term="Method" value={label(paymentMethodLabels, event.paymentMethod)} />
        <Pair term="Installments" value={event.installments} />
        <Pair term="Installment interest" value={event.installmentInterest} />
        <Pair term="Acquirer" value={label(acquirerLabels, event.acquirerName)} />
        <Pair term="Authorization code" value={event.authorizationCode} copy />
        <Pair term="RRN" value={event.retrievalReferenceNumber} copy />
        <Pair term="Response code" value={event.acquirerResponseCode} />
        <Pair term="Product AID" value={event.productAid} />
      </Group>
      <Group title="Card">
        {card ? (
          <>
            <Pair term="Capture method" value={card.captureMethod} />
            <Pair term="Brand" value={card.cardBrand ? label(cardBrandLabels, card.cardBrand) : null} />
            <Pair term="Card" value={maskCard(card.bin, card.last4)} />
            <Pair term="Holder" value={card.holderName} />
          </>
        ) : (
          <Pair term="Card" value={event.paymentMethod === 'pix' ? 'Pix (no card)' : null} />
        )}
      </Group>
      <Group title="Merchant and terminal">
        <Pair term="Merchant id" value={event.merchantId} copy />
        <Pair term="Merchant tax id" value={event.merchantTaxId} />
        <Pair term="Acquirer merchant id" value={event.acquirerMerchantIdentifier} />
        <Pair term="Acquirer terminal id" value={event.acquirerTerminalIdentifier} />
        <Pair term="Terminal id" value={event.terminalId} copy />
        <Pair term="Terminal serial" value={event.terminalSerialNumber} />
        <Pair term="Connection" value={t.navigationMethod} />
        <Pair term="Wi-Fi SSID" value={t.networkSsid} />
        <Pair term="SIM ICCID" value={t.simSerialNumber} />
        <Pair term="APN" value={t.simApnData} />
        <Pair term="IP address" value={t.ipAddress} />
        <Pair term="Location">
          {t.latitude !== null && t.longitude !== null ? (
            <a href={mapLink(t.latitude, t.longitude)} target="_blank" rel="noreferrer" className="tabular">
              {t.latitude.toFixed(5)}, {t.longitude.toFixed(5)}
              <span className="visually-hidden"> (map, opens in a new tab)</span>
            </a>
          ) : null}
        </Pair>
      </Group>
      <Group
        title="Metadata"
        empty={
          metadata.length === 0 ? (
            <p className={styles.null} data-testid="no-metadata">
              No metadata
            </p>
          ) : undefined
        }
      >
        {metadata.map(([key, value]) => (
          <Pair key={key} term={key}>
            {typeof value === 'string' ? value : value === null ? show(null) : <code>{String(value)}</code>}
          </Pair>
        ))}
      </Group>
    </div>
  );
}
